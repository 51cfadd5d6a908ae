// A server process for the fault scripts and tests: the real app on DATABASE_URL (or a
// fresh SQLite folder, DATA_DIR), the sandbox on, with the same shutdown as `npm start`. Prints
// { port } on stdout once it listens. SERVE_SITE=1: it serves the built site (npm run build) and
// renders it again on each publish, as `npm start` does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { distDir } from '../build';
import { sandboxClock } from '../lib/serve';
import { pageRenderer } from '../lib/site-pages';
import { previewRenderer } from '../lib/studio-preview';
import { exitGracefullyOnSignals } from '../lib/shutdown';

const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'examflow-fault-'));
// The caller's environment reaches the config (its limits: MAX_EVENT_LOOP_DELAY_MS and the like).
const config = configFromEnv({
  ...process.env,
  NODE_ENV: 'development',
  SANDBOX: 'on',
  LOG: process.env.LOG ?? 'off',
  DATABASE_URL: process.env.DATABASE_URL,
  // Every client of a fault run is this machine: one address sends hundreds of OTPs.
  OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
});
const site = process.env.SERVE_SITE === '1' ? distDir() : undefined;
const app = await buildApp({
  config: { ...config, dataDir },
  distDir: site,
  renderPages: site ? pageRenderer(site) : undefined,
  renderPreview: site ? previewRenderer(site) : undefined,
  // SANDBOX_CLOCK: a season's date, as `npm start` takes it.
  now: sandboxClock(process.env.SANDBOX_CLOCK, config.sandbox),
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, dataDir }));
exitGracefullyOnSignals([app], { quiet: process.env.QUIET === '1' });
