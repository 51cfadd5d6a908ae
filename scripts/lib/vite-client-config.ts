import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ESTree, InlineConfig, Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** The client bundle: shared by the dev server (vite.config.ts) and the production build. */
export const PAGE_ENTRY = 'src/app/entries/page.ts';
/** The funnel's reporter: a script of its own that only the pages of the funnel load (issue 24). */
export const FUNNEL_ENTRY = 'src/app/entries/funnel.ts';

/**
 * @rjsf/core's default registry (every field, widget and template it ships) replaced by
 * src/ui/forms/stubs/rjsf-registry.tsx, the ones examflow's form schemas use (decision 005).
 */
function rjsfRegistry(): Plugin {
  const stub = path.join(root, 'src/ui/forms/stubs/rjsf-registry.tsx');
  let replaced = false;
  return {
    name: 'examflow-rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      const inRjsf = importer?.replaceAll('\\', '/').includes('/node_modules/@rjsf/core/lib/');
      if (!inRjsf || !/(^|\/)getDefaultRegistry\.js$/.test(source)) return null;
      replaced = true;
      return stub;
    },
    // An @rjsf that no longer imports getDefaultRegistry.js would bring back its whole registry.
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          '@rjsf/core imported no getDefaultRegistry.js: the cut registry (decision 005) is not in the bundle',
        );
    },
  };
}

/**
 * @rjsf/utils' omitExtraData.js and toPathSchema.js replaced by one stand-in that refuses them by
 * name (src/ui/forms/stubs/schema-pruning.ts says why no examflow form needs them).
 */
function rjsfSchemaPruning(): Plugin {
  const stub = path.join(root, 'src/ui/forms/stubs/schema-pruning.ts');
  const replaced = new Set<string>();
  return {
    name: 'examflow-rjsf-schema-pruning',
    enforce: 'pre',
    resolveId(source, importer) {
      const inUtils = importer?.replaceAll('\\', '/').includes('/node_modules/@rjsf/utils/lib/');
      const match = /(?:^|\/)(omitExtraData|toPathSchema)\.js$/.exec(source);
      if (!inUtils || !match?.[1]) return null;
      replaced.add(match[1]);
      // toPathSchema.js's default export is the stand-in's named one.
      return match[1] === 'toPathSchema' ? `${stub}?toPathSchema` : stub;
    },
    load(id) {
      if (id !== `${stub}?toPathSchema`) return null;
      return `export { toPathSchema as default } from ${JSON.stringify(stub)};`;
    },
    // An @rjsf whose files moved would bring the real ones back without a word.
    buildEnd(error) {
      if (!error && replaced.size < 2)
        this.error(
          `@rjsf/utils imported ${[...replaced].join(', ') || 'none'} of omitExtraData.js and toPathSchema.js: the stand-in is not in the bundle`,
        );
    },
  };
}

/**
 * A value whose evaluation has no effect: a literal, a name, a property read, a function, or an
 * object or array of such.
 */
function isInert(node: ESTree.Expression | null | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'Literal':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return true;
    case 'Identifier':
      return true;
    case 'MemberExpression':
      // A property read (`Ticks.formatters.numeric`), as the bundler itself assumes of one.
      return !node.computed && (node.object.type === 'Identifier' || isInert(node.object));
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'UnaryExpression':
      return node.operator !== 'delete' && isInert(node.argument);
    case 'ArrayExpression':
      return node.elements.every(
        (element) => element !== null && element.type !== 'SpreadElement' && isInert(element),
      );
    case 'ObjectExpression':
      return node.properties.every(
        (property) =>
          property.type === 'Property' &&
          (!property.computed || isWellKnownSymbol(property.key)) &&
          isInert(property.value as ESTree.Expression),
      );
    default:
      return false;
  }
}

/** `Symbol.iterator` and its like: a computed key that reads a constant. */
function isWellKnownSymbol(node: ESTree.Node): boolean {
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.object.type === 'Identifier' &&
    node.object.name === 'Symbol'
  );
}

/**
 * The es2020 target lowers a class's static fields to calls after the class
 * (`_defineProperty(BarController, 'id', 'bar')`), and the bundler keeps every such call: every
 * class of a package with static fields shipped, used or not (chart.js's every controller, element
 * and scale, about 10 KB gzip of the result's chart beside the bar chart it draws). A package's
 * top-level class with static members is wrapped in a pure function that declares and returns it,
 * so the lowered fields stay inside and an unused class is left out as it was before lowering.
 * Same binding, same evaluation order and temporal dead zone (`let`, like a class declaration).
 */
function treeShakeableClasses(): Plugin {
  return {
    name: 'examflow-tree-shakeable-classes',
    transform: {
      filter: { id: /[\\/]node_modules[\\/].*\.m?js$/, code: /\bstatic\b/ },
      handler(code, id) {
        const edits: { at: number; text: string }[] = [];
        for (const statement of this.parse(code).body) {
          const exported = statement.type === 'ExportNamedDeclaration';
          const declaration = exported ? statement.declaration : statement;
          if (declaration?.type !== 'ClassDeclaration' || !declaration.id) continue;
          const members = declaration.body.body;
          const hasStatic = members.some((member) => member.type === 'PropertyDefinition' && member.static);
          // Only where declaring the class can do nothing else: no static block, no computed key
          // but a well-known symbol, static values that are literals, functions or objects and
          // arrays of them, and a superclass named by a plain identifier.
          const pure =
            (!declaration.superClass || declaration.superClass.type === 'Identifier') &&
            members.every(
              (member) =>
                (member.type === 'MethodDefinition' ||
                  member.type === 'PropertyDefinition' ||
                  member.type === 'AccessorProperty') &&
                (!member.computed || isWellKnownSymbol(member.key)) &&
                (member.type !== 'PropertyDefinition' || !member.static || isInert(member.value)),
            );
          if (!hasStatic || !pure) continue;
          if (process.env.EXAMFLOW_DEBUG_CLASSES) console.log('pure class', declaration.id.name, id);
          const name = declaration.id.name;
          edits.push(
            { at: declaration.start, text: `let ${name} = /* @__PURE__ */ (() => { ` },
            { at: declaration.end, text: ` return ${name}; })();` },
          );
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const { at, text } of edits.sort((a, b) => b.at - a.at))
          out = out.slice(0, at) + text + out.slice(at);
        return { code: out, map: null };
      },
    },
  };
}

/** A module of one of these packages (names as in node_modules). */
const inPackages =
  (...names: string[]) =>
  (id: string): boolean =>
    names.some((name) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`));
/** A module of the app under one of these paths of src/ (a folder ends with '/'). */
const inApp =
  (...paths: string[]) =>
  (id: string): boolean =>
    paths.some((start) => id.replaceAll('\\', '/').includes(`/src/${start}`));
const either =
  (...tests: ((id: string) => boolean)[]) =>
  (id: string): boolean =>
    tests.some((test) => test(id));

/** The app's modules that only @rjsf forms load: the theme, the cut registry, the schema form, its rules. */
const formsApp = inApp(
  'ui/forms/theme',
  'ui/forms/stubs/rjsf-registry',
  'ui/forms/stubs/plain-markdown',
  'ui/forms/stubs/uri-equal',
  'ui/forms/stubs/deep-equal',
  'ui/forms/stubs/all-of-merge',
  'ui/forms/schema-form',
  'ui/forms/form-rules',
  'ui/forms/form-schema',
  'ui/forms/use-loaded',
  'ui/forms/widgets/class-stream-select',
);
const inNodeModules = (id: string) => id.replaceAll('\\', '/').includes('/node_modules/');

/** What a module asks of another: some of its exports by name, or all of them. */
type Wanted = readonly string[] | 'all';

/** A module's imports and re-exports, read from its code: which exports of which module it uses. */
interface Links {
  /**
   * Only imports and re-exports, no code of its own (@rjsf/utils' index.js): what it adds to a
   * chunk is what its importers use through it, not everything it names.
   */
  barrel: boolean;
  /** Each module it imports or re-exports from, with the exports it uses (all, for `* as`). */
  uses: { id: string; wanted: Wanted }[];
  /** A barrel's exports: which export of which module each one is. */
  exports: Map<string, { id: string; name: string }>;
  /** A barrel's `export * from` modules. */
  stars: string[];
}

const nameOf = (node: ESTree.IdentifierName | ESTree.StringLiteral): string =>
  node.type === 'Literal' ? String(node.value) : node.name;

/**
 * The forms chunk's modules: the app's form modules and the package modules they import
 * statically (@rjsf and what it uses), followed through packages only, read from the module graph
 * once the build has it (buildEnd comes before chunks are formed). Not the app's other modules
 * they import: the widgets and checks a screen also uses without @rjsf (the login form's date of
 * birth, the field rules) stay that screen's, or the login screen would load @rjsf before its load
 * event. Not what only a dynamic import reaches: @rjsf's whole registry and the helpers only its
 * left-out pieces use load on demand (rjsf-on-demand.ts, decision 005). Through a barrel
 * (@rjsf/utils' index.js re-exports all of @rjsf/utils) only the modules of the names the forms'
 * modules import: the date and file widgets' helpers, which only the on-demand pieces use, are
 * theirs (about 1.7 KB gzip that every route with a form loaded before).
 */
function formsChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  return {
    plugin: {
      name: 'examflow-forms-chunk',
      async buildEnd(error) {
        members.clear();
        if (error) return;
        const links = new Map<string, Promise<Links | null>>();
        const resolve = async (source: string, importer: string) => {
          const resolved = await this.resolve(source, importer);
          return resolved && !resolved.external ? resolved.id : null;
        };
        const read = async (id: string): Promise<Links | null> => {
          const info = this.getModuleInfo(id);
          if (!info?.code) return null;
          const body = this.parse(info.code).body;
          const uses: Links['uses'] = [];
          const exports: Links['exports'] = new Map();
          const stars: string[] = [];
          const bindings = new Map<string, { id: string; name: string }>();
          let barrel = true;
          for (const statement of body) {
            const source =
              statement.type === 'ImportDeclaration' ||
              statement.type === 'ExportAllDeclaration' ||
              (statement.type === 'ExportNamedDeclaration' && statement.source)
                ? await resolve(String(statement.source?.value), id)
                : null;
            if (statement.type === 'ImportDeclaration') {
              if (!source) continue;
              const names: string[] = [];
              let all = statement.specifiers.length === 0;
              for (const specifier of statement.specifiers) {
                if (specifier.type === 'ImportNamespaceSpecifier') all = true;
                const name = specifier.type === 'ImportSpecifier' ? nameOf(specifier.imported) : 'default';
                names.push(name);
                bindings.set(specifier.local.name, { id: source, name });
              }
              uses.push({ id: source, wanted: all ? 'all' : names });
            } else if (statement.type === 'ExportAllDeclaration') {
              if (!source) continue;
              if (statement.exported) uses.push({ id: source, wanted: 'all' });
              else stars.push(source);
            } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
              for (const specifier of statement.specifiers) {
                const exported = nameOf(specifier.exported);
                const local = nameOf(specifier.local);
                const target = source ? { id: source, name: local } : bindings.get(local);
                if (target) exports.set(exported, target);
                else barrel = false;
                if (source) uses.push({ id: source, wanted: [local] });
              }
            } else barrel = false;
          }
          if (!barrel) for (const star of stars) uses.push({ id: star, wanted: 'all' });
          // What the code does not import by name (a CommonJS require, say): all of it.
          const named = new Set([...uses.map((use) => use.id), ...stars]);
          for (const other of info.importedIds)
            if (!named.has(other)) uses.push({ id: other, wanted: 'all' });
          return { barrel, uses, exports, stars };
        };
        const linksOf = (id: string) => {
          if (!links.has(id)) links.set(id, read(id));
          return links.get(id) as Promise<Links | null>;
        };
        // A barrel's exports asked for so far (a module with code is a member or not).
        const asked = new Map<string, Set<string> | 'all'>();
        const queue: { id: string; wanted: Wanted }[] = [...this.getModuleIds()]
          .filter(formsApp)
          .map((id) => ({ id, wanted: 'all' }));
        for (let request = queue.shift(); request; request = queue.shift()) {
          const { id, wanted } = request;
          if (!formsApp(id) && !inNodeModules(id)) continue;
          const known = await linksOf(id);
          if (!known?.barrel) {
            if (members.has(id)) continue;
            members.add(id);
            for (const use of known?.uses ?? []) queue.push(use);
            continue;
          }
          members.add(id);
          const before = asked.get(id) ?? new Set<string>();
          if (before === 'all') continue;
          if (wanted === 'all') {
            asked.set(id, 'all');
            for (const use of known.uses) queue.push({ id: use.id, wanted: 'all' });
            for (const star of known.stars) queue.push({ id: star, wanted: 'all' });
            continue;
          }
          asked.set(id, before);
          for (const name of wanted) {
            if (before.has(name)) continue;
            before.add(name);
            const target = known.exports.get(name);
            if (target) queue.push({ id: target.id, wanted: [target.name] });
            else
              for (const star of known.stars) {
                // A module with code behind `export *` only if it has the name (a barrel sorts it out).
                const starInfo = this.getModuleInfo(star);
                const starLinks = await linksOf(star);
                if (starLinks?.barrel || !starInfo || starInfo.exports.includes(name))
                  queue.push({ id: star, wanted: [name] });
              }
          }
        }
      },
      // A module the forms need that the membership above missed would go to the on-demand chunk,
      // which the forms chunk would then import: every form would load @rjsf's whole registry.
      generateBundle(_options, bundle) {
        const onDemand = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.name === 'forms-on-demand',
        );
        const onDemandImported = Object.values(bundle)
          .filter((file) => file.type === 'chunk' && onDemand && file.imports.includes(onDemand.fileName))
          .map((file) => file.fileName);
        if (onDemandImported.length)
          this.error(
            `${onDemandImported.join(', ')} import the forms-on-demand chunk statically: a module they use is missing from the forms chunk (formsChunk in scripts/lib/vite-client-config.ts)`,
          );
      },
    },
    test: (id) => members.has(id),
  };
}

/**
 * Chunks split by concern, each named after what it holds (issue 22 §6). Without them the bundler
 * puts modules that several islands share in chunks it names after their first module (react-dom
 * shipped in `dates`, React itself in `shared-flow`), so moving a helper between app modules moved
 * libraries between chunks and bytes between routes. A module goes to the first group, by priority,
 * whose test it matches; a group also takes the dependencies no group before it took. The page
 * script (src/app/entries/page.ts) matches none and imports none of them: landing pages request
 * nothing else before their load event (decisions 005, 006). The app's own code that no group
 * names is split per island and lazy view by the bundler, as before.
 */
const chunkGroups = (formsTest: (id: string) => boolean) => [
  {
    // With the compiler's helpers (classes, spread): every island loads React, so the helpers
    // every chunk may need are always there, and no library's chunk is loaded for them.
    name: 'framework',
    priority: 60,
    test: either(
      inPackages('react', 'react-dom', 'scheduler', 'use-sync-external-store'),
      inApp('app/stubs/use-sync-external-store'),
      (id) => id.includes('@oxc-project+runtime'),
    ),
  },
  { name: 'router', priority: 50, test: inPackages('react-router') },
  { name: 'charts', priority: 50, test: inPackages('chart.js', 'react-chartjs-2', '@kurkle/color') },
  {
    // DOMPurify and the one sanitising rule: only the result view and screen load it (the
    // dashboard's FAQ shows validated config, decision 027); .size-limit.js keeps it off the
    // dashboard's own JS.
    name: 'sanitizer',
    priority: 50,
    test: either(inPackages('dompurify'), inApp('domain/safe-html-rule', 'ui/safe-html')),
  },
  { name: 'flows', priority: 40, test: inPackages('xstate', '@xstate/react') },
  {
    name: 'forms',
    priority: 30,
    includeDependenciesRecursively: false,
    // The omitExtraData stand-in is @rjsf/utils' (the on-demand registry imports it too).
    test: either(formsTest, inApp('ui/forms/stubs/schema-pruning')),
  },
  {
    // What a schema that needs a piece the cut registry leaves out loads then (decision 005).
    name: 'forms-on-demand',
    priority: 25,
    includeDependenciesRecursively: false,
    test: either(inPackages('@rjsf/core', '@rjsf/utils'), inApp('ui/forms/stubs/rjsf-on-demand')),
  },
  {
    // The app's small modules that the registration card shares with the other islands (the
    // strings, dates and validation rules, the API client, its small endpoints, analytics): one
    // chunk, not seven of 0.1 to 2 KB, each costing its header and its imports (issue 22 §6:
    // 0.8 KB gzip off the card's script). No dependencies ride along: each names what it holds.
    name: 'app-shared',
    priority: 11,
    includeDependenciesRecursively: false,
    test: inApp(
      'engine/i18n',
      'api/endpoints/pincode',
      'api/endpoints/geo-reverse',
      'app/auto-login',
      'machines/entry-query',
      'api/endpoints/class-streams',
      'api/endpoints/exam-centres',
      'api/endpoints/exam-states',
      'domain/exam-modes',
      'api/endpoints/analytics',
      'app/analytics',
      'api/endpoints/request-helpers',
      'domain/otp-rules',
      'domain/validation',
      'api/client',
      'domain/dates',
      'machines/not-provided',
      'ui/busy-button',
    ),
  },
  {
    // The small pieces the registration card shares with the logged-in app (the cascade, the
    // gateway post, the location look-ups, the modal loader, the fee rule, form widgets) in one
    // chunk, not one each: every extra chunk costs its imports and its own compression.
    name: 'shared-flow',
    priority: 10,
    test: inApp(
      'machines/cascade',
      'app/gateway',
      'app/location',
      'ui/loader',
      'domain/fees',
      'ui/forms/widgets/select-input',
      'ui/forms/widgets/field-parts',
      'ui/forms/widgets/text-input',
    ),
  },
];

export function clientConfig(outDir: string, command: 'build' | 'serve' = 'build'): InlineConfig {
  const forms = formsChunk();
  return {
    plugins:
      command === 'build'
        ? [react(), rjsfRegistry(), rjsfSchemaPruning(), forms.plugin, treeShakeableClasses()]
        : [react()],
    appType: 'custom',
    resolve: {
      // @rjsf dependencies examflow's forms never use, or use only a sliver of, replaced by tiny
      // stand-ins (decision 005). Only in the build: the dev server does not tree-shake, so
      // @rjsf/validator-ajv8's default validator (a real Ajv, which needs the whole of fast-uri) is
      // constructed when it loads.
      // Matched whole: a string key would also take the package's subpaths.
      alias:
        command === 'build'
          ? [
              {
                find: /^markdown-to-jsx\/react$/,
                replacement: path.join(root, 'src/ui/forms/stubs/plain-markdown.tsx'),
              },
              { find: /^fast-uri$/, replacement: path.join(root, 'src/ui/forms/stubs/uri-equal.ts') },
              { find: /^fast-equals$/, replacement: path.join(root, 'src/ui/forms/stubs/deep-equal.ts') },
              {
                // @rjsf/utils imports the package and its lib/array.
                find: /^@x0k\/json-schema-merge(\/lib\/array)?$/,
                replacement: path.join(root, 'src/ui/forms/stubs/all-of-merge.ts'),
              },
              // React 19 has useSyncExternalStore: swr's and @xstate/react's shim of it is React's
              // own hook, and the shim's selector variant is the package's own build of the same
              // code over React's hook (use-sync-external-store/with-selector).
              {
                find: /^use-sync-external-store\/shim(\/index\.js)?$/,
                replacement: path.join(root, 'src/app/stubs/use-sync-external-store.ts'),
              },
              {
                find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
                replacement: 'use-sync-external-store/with-selector.js',
              },
            ]
          : [],
    },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2020',
      // The funnel's reporter is a page script of the pages with the card, loaded before it: the
      // card's import of it needs no preload, and no route's page script names it.
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[]) =>
          deps.filter((dep) => !/(^|\/)funnel-[\w-]+\.js$/.test(dep)),
      },
      // Fonts (KaTeX's) stay files: the CSP's font-src 'self' refuses data: fonts.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
      rolldownOptions: {
        input: { page: PAGE_ENTRY, funnel: FUNNEL_ENTRY },
        output: { codeSplitting: { groups: chunkGroups(forms.test) } },
      },
    },
  };
}
