// SQLite faults: the data folder turns read-only, or the disk fills. Writes answer 503
// with Retry-After (never a 500 or a stack), reads keep answering, and the database file is whole
// afterwards (PRAGMA integrity_check) and takes writes again once the fault is gone.
//
// The tests run as root here, where chmod does not stop writes: the faults are made on the app's own
// connection instead. `PRAGMA query_only` makes every write fail with SQLITE_READONLY, as a file or
// folder turned read-only does; `PRAGMA max_page_count` at the file's current size makes a write
// that needs a new page fail with SQLITE_FULL, as a full disk does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import { openSqlite, sqliteDb, type Db } from './database';

let dir: string;
let file: string;
let sqlite: SQLite.Database;
let db: Db;
let app: FastifyInstance;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'examflow-sqlite-fault-'));
  file = path.join(dir, 'examflow.sqlite');
  sqlite = openSqlite(file);
  db = sqliteDb(sqlite);
  app = await buildApp({ db, config: { ...configFromEnv({ NODE_ENV: 'test', LOG: 'off' }), dataDir: dir } });
});
afterEach(async () => {
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const LOGIN = { roll_number: '250000000001', date_of_birth: '05/01/2008' };
const login = () => app.inject({ method: 'POST', url: '/api/login', payload: LOGIN });
const read = () => app.inject({ method: 'GET', url: '/api/master?masterKey=state_master' });
const sessions = () => Number(sqlite.prepare('select count(*) as n from sessions').pluck().get());

/** The file as another process would find it: whole, and holding what was committed. */
function checkFile(): void {
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const other = new SQLite(file, { readonly: true });
  try {
    expect(other.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(other.pragma('foreign_key_check')).toEqual([]);
  } finally {
    other.close();
  }
}

function expect503(answer: Awaited<ReturnType<typeof login>>): void {
  expect(answer.statusCode).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.json()).toEqual({
    success: 'false',
    msg: 'The service is busy for a moment. Please try again in a few seconds.',
  });
}

describe('SQLite, a data folder that turns read-only', () => {
  it('answers writes 503 with Retry-After, keeps answering reads, and leaves the file whole', async () => {
    expect((await login()).statusCode).toBe(200);
    const before = sessions();

    sqlite.pragma('query_only = ON');
    for (let i = 0; i < 5; i++) expect503(await login());
    expect((await read()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect(sessions()).toBe(before);

    sqlite.pragma('query_only = OFF');
    checkFile();
    expect((await login()).statusCode).toBe(200);
    expect(sessions()).toBe(before + 1);
  });
});

describe('SQLite, a full disk', () => {
  it('answers the write that finds no room 503 with Retry-After, never a 500, and leaves the file whole', async () => {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    const statuses: number[] = [];
    // The free room in the last pages fills first; each login adds a session row.
    for (let i = 0; i < 500 && !statuses.includes(503); i++) statuses.push((await login()).statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect503(await login());
    expect((await read()).statusCode).toBe(200);
    const kept = sessions();
    expect(kept).toBe(statuses.filter((s) => s === 200).length);

    sqlite.pragma('max_page_count = 1073741823');
    checkFile();
    expect((await login()).statusCode).toBe(200);
    expect(sessions()).toBe(kept + 1);
  });
});
