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
      rollupOptions: {
        input: { page: PAGE_ENTRY },
        output: {
          // The small pieces the registration card shares with the logged-in app (the cascade, the
          // gateway post, the location look-ups, the modal loader, the fee rule, form widgets) in
          // one chunk, not one each:
          // every extra chunk costs its imports and its own compression.
          advancedChunks: {
            groups: [
              {
                name: 'shared-flow',
                test: /src[\\/](machines[\\/]cascade|app[\\/]gateway|app[\\/]location|ui[\\/]loader|domain[\\/]fees|ui[\\/]forms[\\/]widgets[\\/](select-input|field-parts|text-input))/,
              },
            ],
          },
        },
      },
    },
  };
}
