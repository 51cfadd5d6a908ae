import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin } from 'vite';

/** The client bundle: shared by the dev server (vite.config.ts) and the production build. */
export const PAGE_ENTRY = 'src/app/entries/page.ts';
/** The funnel's reporter: a script of its own that only the pages of the funnel load. */
export const FUNNEL_ENTRY = 'src/app/entries/funnel.ts';

/** Modules of these packages (as named in node_modules). */
const packages = (...names: string[]) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](${names.map((name) => name.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
  );

/**
 * Shared chunks named by the packages they hold (decision 039): a library lands in the same chunk
 * whichever island first imports it. The page script matches none and imports none of them, so a
 * landing page requests nothing else before its load event; the app's own code is split per island
 * and lazy view by the bundler.
 */
const chunkGroups = [
  { name: 'framework', priority: 60, test: packages('react', 'react-dom', 'scheduler') },
  { name: 'router', priority: 50, test: packages('react-router') },
  { name: 'charts', priority: 50, test: packages('chart.js', 'react-chartjs-2', '@kurkle/color') },
  { name: 'sanitizer', priority: 50, test: packages('dompurify') },
  { name: 'flows', priority: 40, test: packages('xstate', '@xstate/react') },
  { name: 'forms', priority: 30, test: packages('@rjsf/core', '@rjsf/utils') },
];

/**
 * Every chunk but the large libraries of which a page calls few functions (charts, KaTeX, the
 * sanitiser) asks V8 to compile all its functions as the file loads, off the main thread: else a
 * form's first key compiled React's input path and the field's handlers on the main thread, 17–31
 * ms of that key at 4× CPU (decision 062). The comment works only as a file's first line, so it is
 * added after Vite has put its preload map at the top (rolldown's postBanner comes before it).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const lazilyCompiled = packages('chart.js', 'react-chartjs-2', '@kurkle/color', 'katex', 'dompurify');
const compiledOnLoad = (chunk: { moduleIds: string[] }) =>
  !chunk.moduleIds.some((id) => lazilyCompiled.test(id));
const compileHints: Plugin = {
  name: 'examflow:compile-hints',
  apply: 'build',
  augmentChunkHash: (chunk) => (compiledOnLoad(chunk) ? COMPILE_HINT : undefined),
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && compiledOnLoad(file)) file.code = `${COMPILE_HINT}\n${file.code}`;
    },
  },
};

export function clientConfig(outDir: string): InlineConfig {
  return {
    plugins: [react(), compileHints],
    appType: 'custom',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      // The funnel's reporter is a page script of the pages with the card, loaded before it: the
      // card's import of it needs no preload.
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[]) =>
          deps.filter((dep) => !/(^|\/)funnel-[\w-]+\.js$/.test(dep)),
      },
      // Fonts (KaTeX's) stay files: the CSP's font-src 'self' refuses data: fonts.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
      rolldownOptions: {
        input: { page: PAGE_ENTRY, funnel: FUNNEL_ENTRY },
        output: { codeSplitting: { groups: chunkGroups } },
      },
    },
  };
}
