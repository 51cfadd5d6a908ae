// npm run dev — the API server (with the sandbox) and Vite's dev server with hot reload; Vite
// renders pages from config and proxies /api and /sandbox to the API server.
import path from 'node:path';
import { createServer } from 'vite';
import { buildApp } from '../server/app';
import { projectRoot } from '../src/engine/node/paths';

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = await buildApp();
await api.listen({ port: apiPort, host: 'localhost' });
process.env.EXAMFLOW_API_URL = `http://localhost:${apiPort}`;
// The config is bundled (the current default); Vite's notice about a future native loader is noise.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const vite = await createServer({ configFile: path.join(projectRoot, 'vite.config.ts'), root: projectRoot });
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     http://localhost:${apiPort}/api/docs (proxied at /api and /sandbox)`);
const local = vite.resolvedUrls?.local[0]?.replace(/\/$/, '');
if (local)
  console.log(`  ➜  Machines: ${local}/inspector (the machine inspector, live actors of this server's tabs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([vite.close(), api.close()]).then(() => process.exit(0)));
}
