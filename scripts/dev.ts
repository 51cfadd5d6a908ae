// npm run dev — the API server (with the sandbox) and Vite's dev server with hot reload; Vite
// renders pages from config and proxies /api and /sandbox to the API server.
import { startDevServer, studioUrlLine } from './lib/dev-server';

const { vite, apiPort, local } = await startDevServer();
vite.printUrls();
console.log(`  ➜  API:     http://localhost:${apiPort}/api/docs (proxied at /api and /sandbox)`);
if (local) {
  console.log(`  ➜  Machines: ${local}/inspector (the machine inspector, live actors of this server's tabs)`);
  console.log(`${studioUrlLine(local)} (examflow Studio: edit, preview and publish landing pages)`);
}
