// Health checks and the answer during a database outage, on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL. The outage is a database that refuses connections (a closed
// port) or accepts them and never answers (a silent socket): the app's own database is swapped for it.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/database';
import { testApp, type TestApp } from '../../tests/support/server-harness';

let t: TestApp;
let silent: Server;
let silentPort = 0;
const sockets = new Set<Socket>();
const brokenDbs: Db[] = [];
beforeAll(async () => {
  t = await testApp();
  // Takes connections and never answers: a database server that hangs.
  silent = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const db of brokenDbs) await db.destroy().catch(() => {});
  await new Promise((resolve) => silent.close(resolve));
  await t.close();
});

/** Runs fn with the app's database swapped for one at this URL, then restores it. */
async function withDatabaseAt<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const real = t.app.ctx.db;
  const broken = createDb({ databaseUrl: url });
  brokenDbs.push(broken);
  t.app.ctx.db = broken;
  try {
    return await fn();
  } finally {
    t.app.ctx.db = real;
  }
}
// Port 9 (discard) has no listener here: connect() is refused at once.
const REFUSED = 'postgres://postgres@127.0.0.1:9/none';

describe('health checks', () => {
  it('live and ready answer 200 { status: ok } without a session while the database answers', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const answer = await t.call({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.data).toEqual({ status: 'ok' });
    }
  });

  it('ready answers 503 with Retry-After when the database refuses connections; live stays 200', async () => {
    await withDatabaseAt(REFUSED, async () => {
      const ready = await t.call({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect(ready.data).toMatchObject({ success: 'false' });
      expect((await t.call({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    });
    expect((await t.call({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('ready answers 503 within about a second when the database hangs', async () => {
    await withDatabaseAt(`postgres://postgres@127.0.0.1:${silentPort}/none`, async () => {
      const started = Date.now();
      const ready = await t.call({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(1_900);
    });
  });

  it('are in the API reference', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).data as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
  });
});

describe('a request while the database is unavailable', () => {
  it('answers 503 with Retry-After and a message in the page language, never a 500 or a stack', async () => {
    await withDatabaseAt(REFUSED, async () => {
      const login = { roll_number: '250000000001', date_of_birth: '05/01/2008' };
      const en = await t.call({ method: 'POST', url: '/api/login', payload: login });
      expect(en.statusCode).toBe(503);
      expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
      expect(en.data).toEqual({
        success: 'false',
        msg: 'The service is busy for a moment. Please try again in a few seconds.',
      });
      const hi = await t.call({
        method: 'POST',
        url: '/api/login',
        payload: login,
        headers: { 'accept-language': 'hi' },
      });
      expect(hi.statusCode).toBe(503);
      expect(hi.data.msg).toMatch(/[\u0900-\u097F]/);
      expect(hi.body).not.toMatch(/ECONNREFUSED|at .*\.ts/);
    });
    // Back to normal once the database answers again.
    expect((await t.login('250000000001', '05/01/2008')).authorization).toMatch(/^Bearer /);
  });

  it('answers 503 within the pool connection timeout when the database hangs', async () => {
    await withDatabaseAt(`postgres://postgres@127.0.0.1:${silentPort}/none`, async () => {
      const started = Date.now();
      const answer = await t.call({
        method: 'POST',
        url: '/api/login',
        payload: { roll_number: '250000000001', date_of_birth: '05/01/2008' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeLessThan(4_000);
    });
  });
});
