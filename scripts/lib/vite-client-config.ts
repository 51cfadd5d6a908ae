import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ESTree, InlineConfig, Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** The client bundle: shared by the dev server (vite.config.ts) and the production build. */
export const PAGE_ENTRY = 'src/app/entries/page.ts';

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
  'ui/forms/schema-form',
  'ui/forms/form-rules',
  'ui/forms/form-schema',
  'ui/forms/use-loaded',
  'ui/forms/widgets/class-stream-select',
);
const inNodeModules = (id: string) => id.replaceAll('\\', '/').includes('/node_modules/');

/**
 * The forms chunk's modules: the app's form modules and the package modules they import
 * statically (@rjsf and what it uses), followed through packages only, read from the module graph
 * once the build has it (buildEnd comes before chunks are formed). Not the app's other modules
 * they import: the widgets and checks a screen also uses without @rjsf (the login form's date of
 * birth, the field rules) stay that screen's, or the login screen would load @rjsf before its load
 * event. Not what only a dynamic import reaches: @rjsf's whole registry and the helpers only its
 * left-out pieces use load on demand (rjsf-on-demand.ts, decision 005).
 */
function formsChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  return {
    plugin: {
      name: 'examflow-forms-chunk',
      buildEnd() {
        members.clear();
        const queue = [...this.getModuleIds()].filter(formsApp);
        for (const id of queue) {
          if (members.has(id)) continue;
          members.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? [])
            if (inNodeModules(next) && !members.has(next)) queue.push(next);
        }
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
    test: either(inPackages('react', 'react-dom', 'scheduler', 'use-sync-external-store'), (id) =>
      id.includes('@oxc-project+runtime'),
    ),
  },
  { name: 'router', priority: 50, test: inPackages('react-router') },
  { name: 'charts', priority: 50, test: inPackages('chart.js', 'react-chartjs-2', '@kurkle/color') },
  { name: 'flows', priority: 40, test: inPackages('xstate', '@xstate/react') },
  { name: 'forms', priority: 30, includeDependenciesRecursively: false, test: formsTest },
  {
    // What a schema that needs a piece the cut registry leaves out loads then (decision 005).
    name: 'forms-on-demand',
    priority: 25,
    includeDependenciesRecursively: false,
    test: either(inPackages('@rjsf/core', '@rjsf/utils'), inApp('ui/forms/stubs/rjsf-on-demand')),
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
      command === 'build' ? [react(), rjsfRegistry(), forms.plugin, treeShakeableClasses()] : [react()],
    appType: 'custom',
    resolve: {
      // Two @rjsf dependencies examflow's forms never use, replaced by tiny stand-ins (decision 005).
      // Only in the build: the dev server does not tree-shake, so @rjsf/validator-ajv8's default
      // validator (a real Ajv, which needs the whole of fast-uri) is constructed when it loads.
      alias:
        command === 'build'
          ? {
              'markdown-to-jsx/react': path.join(root, 'src/ui/forms/stubs/plain-markdown.tsx'),
              'fast-uri': path.join(root, 'src/ui/forms/stubs/uri-equal.ts'),
            }
          : {},
    },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2020',
      // Fonts (KaTeX's) stay files: the CSP's font-src 'self' refuses data: fonts.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
      rolldownOptions: {
        input: { page: PAGE_ENTRY },
        output: { codeSplitting: { groups: chunkGroups(forms.test) } },
      },
    },
  };
}
