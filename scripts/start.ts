// npm start — builds when the sources or config changed since the last build, then serves the
// portal on one port (PORT, default 3000).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { configDir } from '../src/engine/node/paths';
import { ConfigError } from '../src/engine/node/validate-config';
import { build, distDir } from './build';
import { buildInputsHash } from './lib/build-inputs';

function isBuildCurrent(dist: string): boolean {
  const info = path.join(dist, 'build-info.json');
  if (!existsSync(info)) return false;
  const { inputs } = JSON.parse(readFileSync(info, 'utf8')) as { inputs?: string };
  return inputs === buildInputsHash(configDir());
}

/**
 * SANDBOX_CLOCK=<date-time>: the server's clock starts there and runs on, to demo a programme whose
 * configured dates are past (MOCK-NEET's April 2025). Sandbox only; use its own DATA_DIR, since the
 * demo students are seeded relative to the clock.
 */
function sandboxClock(value: string | undefined, sandbox: boolean): (() => Date) | undefined {
  if (!value) return undefined;
  if (!sandbox) throw new Error('SANDBOX_CLOCK works only with the sandbox on (not in production).');
  const start = Date.parse(value);
  if (Number.isNaN(start))
    throw new Error(`SANDBOX_CLOCK "${value}" is not a date-time, e.g. 2025-04-01T10:00:00+05:30`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

async function main(): Promise<void> {
  const config = configFromEnv();
  const dist = distDir();
  if (!isBuildCurrent(dist)) {
    console.log('Building the portal (sources or config changed)…');
    await build({ quiet: true });
  }
  const port = Number(process.env.PORT ?? 3000);
  const app = await buildApp({
    distDir: dist,
    config,
    now: sandboxClock(process.env.SANDBOX_CLOCK, config.sandbox),
  });
  await app.listen({ port, host: process.env.HOST ?? 'localhost' });
  const base = `http://localhost:${port}`;
  console.log(`examflow is running at ${base}/`);
  console.log(`  programmes by host: http://{mock-neet,mock-jee,iat,digital}.localhost:${port}/`);
  console.log(`  API reference:      ${base}/api/docs  (${base}/api/openapi.json)`);
  if (config.sandbox) {
    console.log(`  sandbox SMS (OTPs): ${base}/sandbox/messages`);
    console.log(
      '  sandbox payment gateway, test player and caller identity open from the flows that use them',
    );
  }
  console.log('  demo students:      README.md "Demo students" (server/seed/demo-students.json)');
  console.log(
    `  database:           ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/examflow.sqlite`}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
