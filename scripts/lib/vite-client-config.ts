import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin } from 'vite';

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

/**
 * The @rjsf/core fields, templates and widgets the cut registry imports (its `import … from
 * '@rjsf/core/lib/components/…'` lines; a kept `…/index.js` keeps its folder). The others, and
 * @rjsf's own registry that imports them all, load only on demand (rjsf-on-demand.ts): they must
 * not join the forms chunk every form loads.
 */
function rjsfOnDemandOnly(): (id: string) => boolean {
  const source = readFileSync(path.join(root, 'src/ui/forms/stubs/rjsf-registry.tsx'), 'utf8');
  const kept = [...source.matchAll(/from '@rjsf\/core\/lib\/(components\/[^']+)'/g)].map((m) =>
    (m[1] ?? '').replace(/index\.js$/, ''),
  );
  return (id) => {
    const file = /\/node_modules\/@rjsf\/core\/lib\/(.+)$/.exec(id.replaceAll('\\', '/'))?.[1];
    if (!file) return false;
    if (file === 'getDefaultRegistry.js') return true;
    if (!/^components\/(fields|templates|widgets)\//.test(file)) return false;
    return !kept.some((keep) => (keep.endsWith('/') ? file.startsWith(keep) : file === keep));
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
const rjsfOnly = rjsfOnDemandOnly();
const onDemandOnly = either(rjsfOnly, inApp('ui/forms/stubs/rjsf-on-demand'));
const formsModule = either(
  inPackages(
    '@rjsf/core',
    '@rjsf/utils',
    '@rjsf/validator-ajv8',
    '@x0k/json-schema-merge',
    'fast-equals',
    'jsonpointer',
    'react-is',
  ),
  inApp(
    'ui/forms/theme',
    'ui/forms/stubs/',
    'ui/forms/schema-form',
    'ui/forms/form-rules',
    'ui/forms/form-schema',
    'ui/forms/use-loaded',
    'ui/forms/widgets/class-stream-select',
  ),
);
const CHUNK_GROUPS = [
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
  {
    // @rjsf with the packages it uses, and the app's form modules that only @rjsf forms load (the
    // theme, the cut registry, the schema form and its rules). Not their other dependencies: the
    // widgets and checks a screen also uses without @rjsf (the login form's date of birth, the
    // field rules) stay that screen's, or the login screen would load @rjsf before its load event.
    name: 'forms',
    priority: 30,
    includeDependenciesRecursively: false,
    test: (id: string) => !onDemandOnly(id) && formsModule(id),
  },
  {
    // What a schema that needs a piece the cut registry leaves out loads then (decision 005).
    name: 'forms-on-demand',
    priority: 25,
    includeDependenciesRecursively: false,
    test: onDemandOnly,
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
  return {
    plugins: command === 'build' ? [react(), rjsfRegistry()] : [react()],
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
        output: { codeSplitting: { groups: CHUNK_GROUPS } },
      },
    },
  };
}
