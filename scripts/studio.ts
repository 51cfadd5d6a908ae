// npm run studio — examflow Studio on this machine: the dev server (API, sandbox, pages from config)
// with the Studio's dependencies prepared at start, its URL printed, and how to make the first
// account (decision 048: staff sign in with a password and an authenticator app).
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
console.log(
  '\n  No account yet? Make the first one (it prints a password once; sign in with it, then set up an\n' +
    '  authenticator app):\n' +
    '    npm run studio:user -- create --email you@example.com --name "Your Name" --role admin\n',
);
