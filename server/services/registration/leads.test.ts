// A mobile's lead records carry how many of its registrations of an exam type are complete. With
// fewer rows than are shown, leadRecords counts them from the rows it read; past that, it asks the
// database. Both give the same count. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { studentRow } from '../../../tests/support/student-row';
import { leadRecords } from './leads';
import { insertStudent } from './signup';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => t.close());

const student = (mobile: string, n: number, examType: string, registered: boolean) =>
  studentRow(mobile, {
    exam_type: examType,
    registration_status: registered ? 'registered' : 'pending_payment',
    first_name: `Lead${n}`,
    email: `lead${n}.${mobile}@example.com`,
    created_at: `2025-04-01T06:${String(n).padStart(2, '0')}:00.000Z`,
  });

/** Registrations of `mobile`: `iacst` IACST ones (every other one complete), then `iat` IAT ones. */
async function register(mobile: string, iacst: number, iat: number): Promise<void> {
  for (let n = 0; n < iacst + iat; n++) {
    const row = n < iacst ? student(mobile, n, 'IACST', n % 2 === 0) : student(mobile, n, 'IAT', true);
    await t.db.transaction().execute((trx) => insertStudent(t.app.ctx, trx, row));
  }
}

describe('leadRecords', () => {
  it('counts the complete registrations of the exam type among the rows it read', async () => {
    await register('9811200001', 5, 2);
    const leads = await leadRecords(t.app.ctx, '9811200001', { countExamType: 'IACST' });
    expect(leads).toHaveLength(7);
    expect(new Set(leads.map((l) => l.registration_count))).toEqual(new Set([3]));
    const iat = await leadRecords(t.app.ctx, '9811200001', { countExamType: 'IAT', filterExamType: 'IAT' });
    expect(iat.map((l) => [l.exam_type, l.registration_count])).toEqual([
      ['IAT', 2],
      ['IAT', 2],
    ]);
    // Filtered to one exam type, counting another: the rows are not all of them.
    const other = await leadRecords(t.app.ctx, '9811200001', {
      countExamType: 'IACST',
      filterExamType: 'IAT',
    });
    expect(other.map((l) => l.registration_count)).toEqual([3, 3]);
  });

  it('asks the database when the mobile has more registrations than are shown', async () => {
    // 25 IACST (13 complete), 3 IAT: the 20 latest shown hold only some of the IACST ones.
    await register('9811200002', 25, 3);
    const leads = await leadRecords(t.app.ctx, '9811200002', { countExamType: 'IACST' });
    expect(leads).toHaveLength(20);
    expect(
      leads.filter((l) => l.exam_type === 'IACST' && l.registration_status === 'registered').length,
    ).toBeLessThan(13);
    expect(new Set(leads.map((l) => l.registration_count))).toEqual(new Set([13]));
  });
});
