// Graceful shutdown, in a real server process (scripts/fault/server.ts: the app with
// the shutdown `npm start` uses): SIGTERM while a request's body is still arriving lets that
// request finish with its normal answer, refuses new connections, closes idle keep-alive
// connections, and exits 0; a request that never finishes makes it exit 1 at SHUTDOWN_TIMEOUT_MS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

const started: { child: ChildProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-shutdown-'));
  const { DATABASE_URL: _d, VITEST: _v, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fault/server.ts'], {
    cwd: projectRoot,
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let out = '';
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  lines.on('line', (line) => (out += `${line}\n`));
  return { child, port: (JSON.parse(first) as { port: number }).port, output: () => out, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /api/login whose body arrives a few bytes at a time over about `overMs`. */
function trickledLogin(
  port: number,
  overMs: number,
): { answer: Promise<{ status: number; body: string }>; req: ClientRequest } {
  const body = JSON.stringify({ roll_number: '250000000001', date_of_birth: '05/01/2008' });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    // Kept alive after its answer, as a browser keeps it: the server must still let go of it.
    agent: new Agent({ keepAlive: true }),
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const pieces = 10;
  const size = Math.ceil(body.length / pieces);
  void (async () => {
    for (let i = 0; i < pieces; i++) {
      req.write(body.slice(i * size, (i + 1) * size));
      if (i < pieces - 1) await sleep(overMs / pieces);
    }
    req.end();
  })();
  return { answer, req };
}

/** Whether a new TCP connection is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('SIGTERM', () => {
  it('lets the request in flight finish with 200, refuses new connections, closes idle ones and exits 0', async () => {
    const server = await startServer();
    // An idle keep-alive connection, as a browser or a proxy keeps one.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idleClosed = new Promise<number>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path: '/health/live', agent });
      req.on('response', (res) => {
        res.resume();
        req.socket?.once('close', () => resolve(Date.now()));
      });
      req.end();
    });
    await sleep(200);

    const inFlight = trickledLogin(server.port, 2_000);
    await sleep(500);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    expect(await accepts(server.port)).toBe(false);

    const answer = await inFlight.answer;
    const answeredAt = Date.now();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: 'true' });
    expect((await idleClosed) - signalled).toBeLessThan(1_000);
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    // The body still had about 1.5 s to arrive; the process then exits at once, though the client
    // keeps its connection alive, well inside the 10 s limit.
    expect(at - signalled).toBeGreaterThan(1_000);
    expect(at - answeredAt).toBeLessThan(2_500);
    expect(server.output()).toMatch(/SIGTERM: no new connections/);
    agent.destroy();
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when a request never finishes', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    // A body that never completes: the process cannot finish it.
    const stuck = trickledLogin(server.port, 60_000);
    stuck.answer.catch(() => {});
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1_400);
    expect(at - signalled).toBeLessThan(6_000);
    expect(server.output()).toMatch(/did not finish within 1500 ms/);
    stuck.req.destroy();
  });
});
