// npm run inspect — the machine inspector as static files in dist/inspector/: one HTML file with
// its script inline (the layout worker inside it), so it opens from disk (file://, where module
// scripts cannot be fetched) or from any static host, with no network. Live actors need the dev
// server (`npm run dev`, then /inspector); this copy draws and explains every machine.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { inspectorHtml } from '../src/devtools/inspector/page-html';
import { projectRoot } from '../src/engine/node/paths';

const outDir = process.env.EXAMFLOW_INSPECTOR_OUT ?? path.join(projectRoot, 'dist/inspector');
const work = path.join(outDir, '.bundle');
const started = performance.now();
rmSync(outDir, { recursive: true, force: true });

await build({
  configFile: false,
  root: projectRoot,
  logLevel: 'warn',
  // Its own mode: this copy is a development tool, but not a dev server with live actors.
  mode: 'inspector',
  build: {
    outDir: work,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    // One file by design: elkjs is most of it.
    chunkSizeWarningLimit: 4096,
    copyPublicDir: false,
    rollupOptions: {
      input: path.join(projectRoot, 'src/devtools/inspector/main.ts'),
      output: { entryFileNames: 'inspector.js', codeSplitting: false },
    },
  },
  worker: { format: 'iife' },
});

const code = readFileSync(path.join(work, 'inspector.js'), 'utf8');
rmSync(work, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'index.html'), inspectorHtml({ code }));
const kb = (Buffer.byteLength(code) / 1024).toFixed(0);
console.log(
  `${path.relative(projectRoot, outDir) || outDir}/index.html (${kb} KB of script inline) in ${Math.round(performance.now() - started)} ms: open it from disk.`,
);
