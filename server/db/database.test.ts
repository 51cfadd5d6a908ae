// The SQLite driver's rows are built from raw arrays (database.ts): they must be the rows
// better-sqlite3 itself would give, for every kind of statement Kysely runs.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database';

let db: Db | undefined;
afterEach(async () => db?.destroy());

const rows = async (query: string) => {
  if (!db) throw new Error('no database');
  return (await sql.raw(query).execute(db)).rows;
};

describe('SQLite rows', () => {
  it('are the driver rows: names, values, nulls, blobs and a repeated name (the last wins)', async () => {
    db = createDb({});
    const setup = [
      'create table t (id integer primary key, name text, score real, note text, data blob)',
      "insert into t (name, score, note, data) values ('Asha', 91.5, null, x'0102'), ('Ravi', 70, 'late', null)",
    ];
    for (const statement of setup) await sql.raw(statement).execute(db);
    const reference = new SQLite(':memory:');
    for (const statement of setup) reference.exec(statement);
    for (const query of [
      'select * from t order by id',
      'select name, score as name from t order by id',
      'select count(*) as n, max(score) as top from t',
      'select * from t where id = 99',
    ])
      expect(await rows(query), query).toEqual(reference.prepare(query).all());
    reference.close();
  });

  it('follow a table that gained a column after the statement was first run', async () => {
    db = createDb({});
    await sql.raw('create table t2 (id integer primary key, name text)').execute(db);
    await sql.raw("insert into t2 (name) values ('Asha')").execute(db);
    expect(await rows('select * from t2')).toEqual([{ id: 1, name: 'Asha' }]);
    await sql.raw("alter table t2 add column city text default 'Pune'").execute(db);
    expect(await rows('select * from t2')).toEqual([{ id: 1, name: 'Asha', city: 'Pune' }]);
  });

  it('answer inserts with RETURNING and count the changes of the others', async () => {
    db = createDb({});
    await sql.raw('create table t (id integer primary key, name text)').execute(db);
    const inserted = await sql
      .raw("insert into t (name) values ('Asha'), ('Ravi') returning id, name")
      .execute(db);
    expect(inserted.rows).toEqual([
      { id: 1, name: 'Asha' },
      { id: 2, name: 'Ravi' },
    ]);
    const updated = await sql.raw("update t set name = 'Meera' where id = 2").execute(db);
    expect(updated.numAffectedRows).toBe(1n);
    expect(await rows('select name from t order by id')).toEqual([{ name: 'Asha' }, { name: 'Meera' }]);
  });
});
