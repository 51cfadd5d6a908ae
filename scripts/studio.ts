// npm run studio — examflow Studio on this machine: the dev server (API, sandbox, pages from config)
// with the Studio's dependencies prepared at start, and its URL printed. The Studio writes config/
// and public/images/ only; a change goes live as those files are reviewed and deployed (decision 028).
import { performance } from 'node:perf_hooks';
import { startDevServer, studioUrlLine } from './lib/dev-server';

process.env.EXAMFLOW_STUDIO = '1'; // read by vite.config.ts when the dev server loads it

const started = performance.now();
const { local, apiPort } = await startDevServer();
if (!local) throw new Error('The dev server has no local URL');
console.log(`\n  examflow Studio is ready (${Math.round(performance.now() - started)} ms)\n`);
console.log(studioUrlLine(local));
console.log(`  ➜  Pages:   ${local}/ (published pages, as \`npm run dev\` serves them)`);
console.log(`  ➜  API:     http://localhost:${apiPort}/api/docs`);
