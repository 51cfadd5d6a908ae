// One server process for load:registration: the real app (sandbox on, no request log) serving the
// built pages (DIST_DIR) and the API on the database its environment names (DATABASE_URL, else SQLite
// in DATA_DIR), on the sandbox clock SANDBOX_CLOCK, signing payment callbacks with
// PAYMENT_CALLBACK_SECRET. Prints its port on stdout.
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { sandboxClock } from '../lib/serve';

const config = configFromEnv({ ...process.env, NODE_ENV: 'development', LOG: 'off' });
const app = await buildApp({
  config,
  distDir: process.env.DIST_DIR,
  now: sandboxClock(process.env.SANDBOX_CLOCK, config.sandbox),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
