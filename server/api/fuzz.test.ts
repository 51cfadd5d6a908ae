// The fuzz run of scripts/fault/fuzz-api.ts, seeded so a failure can be repeated: a real server
// process (on PostgreSQL in the suite's PostgreSQL pass) answers 1,500 generated and broken
// requests with no 5xx and nothing outside the OpenAPI document.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import { freshPostgresDatabase } from '../../tests/support/server-harness';

it('1,500 fuzzed requests: no 5xx, every answer as documented', async () => {
  const admin = process.env.TEST_DATABASE_URL;
  const fresh = admin ? await freshPostgresDatabase(admin) : undefined;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/fault/fuzz-api.ts'],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          FUZZ_RUNS: '1500',
          FUZZ_SEED: '35',
          ...(fresh ? { DATABASE_URL: fresh.url } : {}),
        },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(stdout).toContain('No 5xx, every answer as documented.');
    expect(stdout).toMatch(/^1500 requests to \d+ operations/m);
  } finally {
    await fresh?.drop();
  }
}, 120_000);
