// The server under test for bench:funnel's event batches, in its own process: a fresh SQLite
// database (or DATABASE_URL's), the sandbox on, and no per-address limit on funnel batches (every
// request of the benchmark comes from one address). Prints its port on stdout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-funnel-'));
const config = configFromEnv({
  NODE_ENV: 'development',
  LOG: 'off',
  DATABASE_URL: process.env.DATABASE_URL,
  FUNNEL_BATCHES_PER_MINUTE: String(1e9),
});
const app = await buildApp({ config: { ...config, dataDir } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, dataDir }));
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
