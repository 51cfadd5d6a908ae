// Migration 009 gives a database seeded before it the Hindi state names and centre labels, matched
// by short code and centre code; a row it does not know keeps null (its English name is shown).
// On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../tests/support/server-harness';
import { createDb, type Db } from '../database';
import { migrateTo, migrateToLatest } from './index';

let db: Db;
let drop = async () => {};
beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const fresh = await freshPostgresDatabase(admin);
    drop = fresh.drop;
    db = createDb({ databaseUrl: fresh.url });
  } else {
    db = createDb({ sqliteFile: ':memory:' });
  }
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const centre = (id: string, name: string, code: string) => sql`
  insert into centres (id, name, code, state_tid, city, address, phones, latitude_e6, longitude_e6,
    exam_types, modes, streams)
  values (${id}, ${name}, ${code}, '4', 'Guwahati', 'GS Road', '[]', 26153500, 91779400, '["iACST"]',
    '["Offline"]', '["SOM"]')`;

describe('migration 009: Hindi names', () => {
  it('fills the Hindi names of the rows it knows and leaves the others null', async () => {
    await migrateTo(db, '008-login-sessions');
    await sql`insert into states (tid, state_name, short_code) values ('4', 'Assam', 'AS'), ('99', 'Elsewhere', 'ZZ')`.execute(
      db,
    );
    await centre('20', 'RCC Guwahati Christian Basti', 'AS001').execute(db);
    await centre('77', 'RCC Guwahati Elsewhere', 'AS077').execute(db);

    await migrateToLatest(db);

    expect(
      await db.selectFrom('states').select(['short_code', 'state_name_hi']).orderBy('tid').execute(),
    ).toEqual([
      { short_code: 'AS', state_name_hi: 'असम' },
      { short_code: 'ZZ', state_name_hi: null },
    ]);
    expect(await db.selectFrom('centres').select(['code', 'label_hi']).orderBy('id').execute()).toEqual([
      { code: 'AS001', label_hi: 'गुवाहाटी क्रिश्चियन बस्ती' },
      { code: 'AS077', label_hi: null },
    ]);
  });
});
