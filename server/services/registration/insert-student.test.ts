// A new student's roll number and student id are unique by the database's indexes: insertStudent
// writes with ON CONFLICT DO NOTHING and tries new numbers when another student has them. The
// random digits are scripted here so that numbers collide; runs on SQLite and, with
// TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { studentRow } from '../../../tests/support/student-row';
import type * as Tokens from '../../auth/tokens';

const digits: string[] = [];
vi.mock('../../auth/tokens', async (original) => {
  const real = await original<typeof Tokens>();
  return { ...real, randomDigits: (n: number) => digits.shift() ?? real.randomDigits(n) };
});
const { insertStudent } = await import('./signup');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => t.close());

const details = (mobile: string) => studentRow(mobile);

/** The digits for one try: the roll number's ten, then the student id's first and ten. */
const oneTry = (roll: string, psid: string) => [roll, '0', psid];

describe('insertStudent', () => {
  it('takes new numbers when another student has the roll number or the student id', async () => {
    const insert = (mobile: string) =>
      t.db.transaction().execute((trx) => insertStudent(t.app.ctx, trx, details(mobile)));
    digits.push(...oneTry('1111111111', '2222222222'));
    const first = await insert('9811100001');
    expect(first.roll_number).toBe('251111111111');
    expect(first.psid).toBe('12222222222');

    // Same roll number, then same student id, then both free.
    digits.push(
      ...oneTry('1111111111', '3333333333'),
      ...oneTry('4444444444', '2222222222'),
      ...oneTry('5555555555', '6666666666'),
    );
    const second = await insert('9811100002');
    expect([second.roll_number, second.psid]).toEqual(['255555555555', '16666666666']);
    expect(digits).toEqual([]);
    const rows = await t.db
      .selectFrom('students')
      .select(['mobile', 'roll_number'])
      .where('mobile', 'in', ['9811100001', '9811100002'])
      .orderBy('mobile')
      .execute();
    expect(rows).toEqual([
      { mobile: '9811100001', roll_number: '251111111111' },
      { mobile: '9811100002', roll_number: '255555555555' },
    ]);
  });

  it('gives up after ten taken numbers, writing nothing', async () => {
    for (let i = 0; i < 10; i++) digits.push(...oneTry('1111111111', '7777777777'));
    await expect(
      t.db.transaction().execute((trx) => insertStudent(t.app.ctx, trx, details('9811100003'))),
    ).rejects.toThrow('could not find a free roll number');
    expect(digits).toEqual([]);
    const rows = await t.db.selectFrom('students').select('id').where('mobile', '=', '9811100003').execute();
    expect(rows).toEqual([]);
  });
});
