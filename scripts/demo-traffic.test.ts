// `npm run demo:traffic` as a person runs it: with the sandbox off it refuses (exit code 1, a
// message saying why) before it opens or creates a database; with it on it fills the server's
// database and says what it wrote, and a second run says it replaced the first.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from '../src/engine/node/paths';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'examflow-demo-traffic-'));
  dirs.push(dir);
  return dir;
}

/** The script's exit code and output, in a clean environment plus `env` (SQLite in DATA_DIR). */
async function demoTraffic(env: Record<string, string>, args: string[] = []) {
  const { DATABASE_URL: _d, DATA_DIR: _f, NODE_ENV: _n, SANDBOX: _s, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/demo-traffic.ts', ...args],
      {
        cwd: projectRoot,
        env: { ...inherited, ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('refuses a database whose sandbox is off, before opening it', async () => {
  const sandboxOff: Record<string, string>[] = [{ SANDBOX: 'off' }, { NODE_ENV: 'production' }];
  for (const env of sandboxOff) {
    const dir = path.join(dataDir(), 'data');
    const result = await demoTraffic({ ...env, DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/demo:traffic refused: the sandbox is off/);
    expect(result.stdout).toBe('');
    // Not even an empty database file was made.
    expect(existsSync(dir)).toBe(false);
  }
});

it('fills the sandbox database and replaces its own rows on a second run', async () => {
  const dir = dataDir();
  const firstRun = await demoTraffic({ SANDBOX: 'on', DATA_DIR: dir }, ['--days', '3']);
  expect(firstRun.stderr).toBe('');
  expect(firstRun.code).toBe(0);
  expect(firstRun.stdout).toMatch(/^iacst\/iacst_adst +\d+ +\d+ +0$/m);
  expect(firstRun.stdout).toMatch(
    /^Wrote [\d,]+ demo funnel events \(sandbox data\) over 3 days to .*examflow\.sqlite/m,
  );
  expect(firstRun.stdout).not.toMatch(/Replaced/);
  expect(readdirSync(dir)).toContain('examflow.sqlite');
  const secondRun = await demoTraffic({ SANDBOX: 'on', DATA_DIR: dir }, ['--days', '3']);
  expect(secondRun.code).toBe(0);
  expect(secondRun.stdout).toMatch(/^Replaced the earlier demo traffic \([\d,]+ rows\)\.$/m);

  expect((await demoTraffic({ DATA_DIR: dir }, ['--days', 'many'])).stderr).toMatch(
    /--days must be a whole number/,
  );
});
