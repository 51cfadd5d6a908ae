// Overload and slow clients (decision 038), on a real socket: a client that declares a body and
// stalls is cut off; 1,000 connections at once are each answered, or told to come back (503 with
// Retry-After), none left waiting; one address holding many connections is told to come back; and
// readiness fails when the database takes no write.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testApp, type TestApp } from '../../tests/support/server-harness';
import { configFromEnv } from '../config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrations/index';
import { databaseAnswers } from '../services/health/ready';

const REQUEST_TIMEOUT_MS = 1_000;
const PER_ADDRESS = 40;
let t: TestApp;
let base = '';
beforeAll(async () => {
  // The server's own limits, as `npm start` runs it, but for the timeouts and the per-address cap.
  const limits = {
    ...configFromEnv({ NODE_ENV: 'test' }).limits,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    connectionsCheckMs: 100,
    maxConnectionsPerAddress: PER_ADDRESS,
  };
  t = await testApp({ config: { limits } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

describe('a slow client', () => {
  it('that declares a body and stalls is cut off after the request timeout', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"roll',
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = await new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      // A guard for a server that never cuts it: far past the timeout.
      setTimeout(() => resolve(false), 20 * REQUEST_TIMEOUT_MS);
    });
    socket.destroy();
    const after = performance.now() - started;
    console.log(
      `slow body: connection closed after ${Math.round(after)} ms (timeout ${REQUEST_TIMEOUT_MS} ms)`,
    );
    expect(closed).toBe(true);
    expect(after).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 0.9);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('1,000 connections at once', () => {
  it('each is answered or told to come back with Retry-After; none waits past the timeout', async () => {
    // 25 addresses × 40 connections: at the per-address cap, so the in-flight cap and the event
    // loop's lag decide who is shed.
    const agents = Array.from(
      { length: 25 },
      (_, i) => new Agent({ connections: PER_ADDRESS, connect: { localAddress: `127.0.3.${i + 1}` } }),
    );
    try {
      const one = async (i: number) => {
        const started = performance.now();
        const dispatcher = agents[i % agents.length];
        const login = i % 2 === 0;
        const response = await fetch(
          `${base}${login ? '/api/login' : '/api/master?masterKey=state_master'}`,
          {
            method: login ? 'POST' : 'GET',
            headers: login ? { 'content-type': 'application/json' } : {},
            body: login
              ? JSON.stringify({ roll_number: '250000000009', date_of_birth: '01/01/2001' })
              : undefined,
            // @ts-expect-error undici's dispatcher option on Node's fetch
            dispatcher,
            signal: AbortSignal.timeout(30_000),
          },
        );
        const body = (await response.json()) as { success?: string };
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          json: typeof body === 'object',
          ms: performance.now() - started,
        };
      };
      const answers = await Promise.all(Array.from({ length: 1_000 }, (_, i) => one(i)));
      const statuses = new Set(answers.map((a) => a.status));
      const times = answers.map((a) => a.ms).sort((a, b) => a - b);
      const shed = answers.filter((a) => a.status === 503);
      console.log(
        `1,000 connections: statuses ${[...statuses].sort().join(', ')}; ${shed.length} shed; ` +
          `p50 ${Math.round(times[499] ?? 0)} ms, p99 ${Math.round(times[989] ?? 0)} ms, max ${Math.round(times[999] ?? 0)} ms`,
      );
      expect([...statuses].every((s) => [200, 401, 429, 503].includes(s))).toBe(true);
      expect(answers.every((a) => a.json)).toBe(true);
      expect(shed.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    } finally {
      await Promise.all(agents.map((a) => a.close()));
    }
  });

  it('one address holding more than its connections is told to come back on the extra ones', async () => {
    const agent = new Agent({ connections: PER_ADDRESS * 2, connect: { localAddress: '127.0.4.1' } });
    try {
      // Sent together, they hold twice the cap of connections at once.
      const answers = await Promise.all(
        Array.from({ length: PER_ADDRESS * 2 }, () =>
          fetch(`${base}/api/master?masterKey=state_master`, {
            // @ts-expect-error undici's dispatcher option on Node's fetch
            dispatcher: agent,
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { msg?: string } })),
        ),
      );
      const shed = answers.filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(PER_ADDRESS / 2);
      expect(shed.length).toBeGreaterThan(0);
      expect(shed[0]?.body.msg).toBe('The server is busy just now. Please try again in a few seconds.');
    } finally {
      await agent.close();
    }
  });
});

describe('readiness', () => {
  it('fails when the database reads but takes no write', async () => {
    // A database of its own, opened once to write and once read-only (SQLite file or PostgreSQL).
    const admin = process.env.TEST_DATABASE_URL;
    const dir = mkdtempSync(path.join(tmpdir(), 'examflow-ready-'));
    const fresh = admin ? await freshPostgresDatabase(admin) : undefined;
    const where = fresh ? { databaseUrl: fresh.url } : { sqliteFile: path.join(dir, 'examflow.sqlite') };
    const writer = createDb(where);
    try {
      await migrateToLatest(writer);
      expect(await databaseAnswers({ db: writer })).toBe(true);
      const reader = createDb({ ...where, readOnly: true });
      try {
        expect(await databaseAnswers({ db: reader })).toBe(false);
      } finally {
        await reader.destroy();
      }
    } finally {
      await writer.destroy();
      await fresh?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
