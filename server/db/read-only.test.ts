// A read-only connection (the Studio's funnel view reads the portal's database through one): reads
// work, every write is refused by the database itself. On SQLite and, with TEST_DATABASE_URL
// (scripts/with-postgres.sh), on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../tests/support/server-harness';
import { createDb, type Db, type DbOptions } from './database';
import { migrateToLatest } from './migrations/index';

let where: DbOptions;
let cleanUp = async () => {};
beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const fresh = await freshPostgresDatabase(admin);
    where = { databaseUrl: fresh.url };
    cleanUp = fresh.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'examflow-read-only-'));
    where = { sqliteFile: path.join(dir, 'examflow.sqlite') };
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
  const writer = createDb(where);
  await migrateToLatest(writer);
  await writer.destroy();
});
afterAll(() => cleanUp());

describe('a read-only connection', () => {
  it('reads, and the database refuses its writes', async () => {
    const reader: Db = createDb({ ...where, readOnly: true });
    try {
      expect(await reader.selectFrom('funnel_events').select('visitor').execute()).toEqual([]);
      await expect(
        sql`insert into funnel_daily (day, programme, variant, step, utm_source, gap_bucket, visitors)
          values ('2026-03-01', 'iacst', 'x', 10, '', -1, 1)`.execute(reader),
      ).rejects.toThrow(/read-only|readonly/i);
      await expect(sql`create table intruder (id integer)`.execute(reader)).rejects.toThrow(
        /read-only|readonly/i,
      );
    } finally {
      await reader.destroy();
    }
  });

  it('never creates a SQLite file that is not there', () => {
    expect(() =>
      createDb({ sqliteFile: path.join(tmpdir(), 'examflow-no-such-dir', 'x.sqlite'), readOnly: true }),
    ).toThrow();
  });
});
