// `npm run db:reset` (scripts/db-reset.ts) on a database that is seeded and in use: it drops every
// table, migrates and seeds again, any number of times in a row, on SQLite and on PostgreSQL
// (TEST_DATABASE_URL). It also seeds the demo students only while the sandbox is on.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import { buildApp } from '../app';
import { configFromEnv, type ServerConfig } from '../config';
import { freshPostgresDatabase } from '../../tests/support/server-harness';

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function target(): Promise<{ env: Record<string, string>; config: ServerConfig }> {
  const base = configFromEnv({ NODE_ENV: 'test', LOG: 'off' });
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    cleanups.push(drop);
    return { env: { DATABASE_URL: url }, config: { ...base, databaseUrl: url } };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-reset-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, config: { ...base, databaseUrl: undefined, dataDir } };
}

async function dbReset(env: Record<string, string>): Promise<string> {
  const { DATABASE_URL: _d, DATA_DIR: _f, NODE_ENV: _n, SANDBOX: _s, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/db-reset.ts'], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
  });
  return stdout;
}

async function loginStatus(config: ServerConfig, roll: string, dob: string): Promise<number> {
  const app = await buildApp({ config });
  try {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { roll_number: roll, date_of_birth: dob },
    });
    return reply.statusCode;
  } finally {
    await app.close();
  }
}

it('resets a seeded database that has sessions, twice in a row', async () => {
  const { env, config } = await target();
  // A server seeds the database and a student logs in (a session row that points at a student).
  expect(await loginStatus(config, '250000000001', '05/01/2008')).toBe(200);

  for (let round = 1; round <= 2; round++) {
    const out = await dbReset(env);
    expect(out).toMatch(/Database reset: \d+ migrations, 15 demo students/);
  }
  expect(await loginStatus(config, '250000000002', '14/03/2011')).toBe(200);

  // With the sandbox off (production) the reset leaves out the demo students.
  const out = await dbReset({ ...env, NODE_ENV: 'production' });
  expect(out).toMatch(/Database reset: \d+ migrations, 0 demo students/);
  expect(await loginStatus({ ...config, sandbox: false }, '250000000001', '05/01/2008')).toBe(401);
}, 120_000);
