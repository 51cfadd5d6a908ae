// Queries compiled once per dialect (server/db/prepared.ts): the same compiled query serves the
// database and its transactions, with each call's arguments; an insert refuses a key it has no
// column for. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { prepared, preparedInsert } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => t.close());

const mobileAt = prepared((db, arg) =>
  db.selectFrom('registration_mobiles').select('updated_at').where('mobile', '=', arg(0)).compile(),
);
const insertMobile = preparedInsert<{ mobile: string; updated_at: string }>(
  ['mobile', 'updated_at'],
  (db, values) =>
    db
      .insertInto('registration_mobiles')
      .values(values as { mobile: string; updated_at: string })
      .compile(),
);

describe('prepared queries', () => {
  it('run with each call’s arguments, on the database and inside a transaction', async () => {
    await insertMobile(t.db, { mobile: '9811111111', updated_at: 'first' });
    await t.db.transaction().execute(async (trx) => {
      await insertMobile(trx, { mobile: '9822222222', updated_at: 'second' });
      expect(await mobileAt(trx, '9822222222')).toEqual([{ updated_at: 'second' }]);
    });
    expect(await mobileAt(t.db, '9811111111')).toEqual([{ updated_at: 'first' }]);
    expect(await mobileAt(t.db, '9822222222')).toEqual([{ updated_at: 'second' }]);
    expect(await mobileAt(t.db, '9833333333')).toEqual([]);
  });

  it('an insert refuses a key that is not one of its columns, writing nothing', async () => {
    const row = { mobile: '9844444444', updated_at: 'x', extra: 1 };
    await expect(insertMobile(t.db, row)).rejects.toThrow('"extra" is not one of its columns');
    expect(await mobileAt(t.db, '9844444444')).toEqual([]);
  });
});
