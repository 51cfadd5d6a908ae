// `NODE_ENV=production npm start` serves the portal with the sandbox off: no demo student can log in
// (their dates of birth are in the README), no /sandbox/* page answers and the sandbox clock is
// refused; `npm start` without NODE_ENV keeps the sandbox, so the README's first command still
// gives a working demo. Each start is the real command on its own data folder (the build is current:
// the browser tests run after `npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

const DEMO = { roll_number: '250000000001', date_of_birth: '05/01/2008' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  base: string;
  output: () => string;
}

const running: { child: ChildProcess; dataDir: string }[] = [];
afterEach(async () => {
  for (const { child, dataDir } of running.splice(0)) {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The whole group: npm does not pass the signal on to the server it started.
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** `npm start` with these variables; resolves when it listens, rejects with its output when it exits. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-start-'));
  const {
    NODE_ENV: _n,
    SANDBOX: _s,
    SANDBOX_CLOCK: _c,
    DATABASE_URL: _d,
    VITEST: _v,
    ...inherited
  } = process.env;
  const child = spawn('npm', ['start'], {
    cwd: projectRoot,
    env: { ...inherited, LOG: 'off', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so the server under npm stops with it
  });
  running.push({ child, dataDir });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (out.includes('examflow is running at')) {
        clearInterval(poll);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`npm start exited with ${code}:\n${out}`));
    });
  });
  return { base: `http://localhost:${port}`, output: () => out };
}

const login = (base: string) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });

describe('npm start', () => {
  it('with NODE_ENV=production has no demo students, no sandbox pages and still serves the portal', async () => {
    const { base } = await npmStart({ NODE_ENV: 'production' });
    expect((await login(base)).status).toBe(401);
    for (const url of ['/sandbox/messages', '/sandbox/gateway?order_id=x', '/sandbox/analytics']) {
      const page = await fetch(`${base}${url}`);
      expect(page.status, url).toBe(404);
      expect(await page.json()).toEqual({ success: 'false', msg: 'The sandbox is off.' });
    }
    const release = await fetch(`${base}/sandbox/results/release`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roll_number: DEMO.roll_number }),
    });
    expect(release.status).toBe(404);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Register here');
  });

  it('without NODE_ENV keeps the sandbox: the demo students log in and OTPs are listed', async () => {
    const { base } = await npmStart({});
    const reply = await login(base);
    expect(reply.status).toBe(200);
    expect((await fetch(`${base}/sandbox/messages`)).status).toBe(200);
  });

  it('with NODE_ENV=production refuses the sandbox clock', async () => {
    await expect(
      npmStart({ NODE_ENV: 'production', SANDBOX_CLOCK: '2025-04-01T10:00:00+05:30' }),
    ).rejects.toThrow('SANDBOX_CLOCK works only with the sandbox on');
  });
});
