// The server under test for bench:api, in its own process: a fresh SQLite database (or the
// PostgreSQL database DATABASE_URL names), the sandbox on, and one bare JSON route as the
// baseline. Prints its port on stdout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiSchema } from '../../server/api/schemas';
import { buildApp } from '../../server/app';
import { requireStudent, studentOf } from '../../server/auth/sessions';
import { buildDashboard } from '../../server/services/dashboard/build';
import { configFromEnv } from '../../server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-api-'));
// Every benchmark request comes from this machine's one address: the per-address OTP limit (a
// guard against one machine texting many numbers) would measure its refusal instead of a send.
const app = await buildApp({
  config: {
    ...configFromEnv({
      NODE_ENV: 'development',
      LOG: 'off',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
      DATABASE_URL: process.env.DATABASE_URL,
    }),
    dataDir,
  },
});
app.get('/bench/bare', async () => ({ success: 'true', msg: 'ok' }));
// The dashboard computed on every read, as before answers were kept (decision 036): what a
// student's first read after a change costs, beside the kept answer's figure.
app.get(
  '/bench/dashboard-computed',
  {
    schema: apiSchema('dashboard', { summary: 'bench', tags: ['dashboard'], auth: true }),
    preHandler: requireStudent,
  },
  async (request) => ({
    success: 'true',
    msg: 'Dashboard loaded.',
    data: await buildDashboard(app.ctx, studentOf(request)),
  }),
);
// The codes the sandbox SMS log holds, so the write benchmark can verify real OTPs.
app.get('/bench/otps', async () =>
  app.ctx.db.selectFrom('sms_messages').select(['mobile', 'otp']).where('otp', 'is not', null).execute(),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, dataDir }));
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
