// Migration 007 converts the centre value strings of existing bookings (name-code-id) into their
// parts, once, and drops the string columns. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
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

const student = (id: string, roll: string, centre: string | null) => sql`
  insert into students (id, roll_number, psid, sf_id, registration_status, first_name, mobile, email, dob,
    exam_type, class_stream, board, branch_code, exam_centre, exam_mode, created_at)
  values (${id}, ${roll}, ${`P${roll}`}, ${`SF${roll}`}, 'registered', 'Riya', '9000000099', 'r@example.com',
    '2008-01-05', 'IAT', '11&SOE', 'CBSE', 'DL001', ${centre}, 'Offline', '2025-04-01T00:00:00.000Z')`;

describe('migration 007: centre parts', () => {
  it('splits existing centre values into code and id and drops the string', async () => {
    await migrateTo(db, '006-signup-once');
    await student('s1', '250000009001', 'RCC Delhi Central-DL001-1').execute(db);
    await student('s2', '250000009002', null).execute(db);
    await sql`
      insert into exam_bookings (student_id, class_stream, exam_mode, exam_centre, exam_date, exam_attempts_left, updated_at)
      values ('s1', '11&SOE', 'Offline', 'F+EC Delhi Janakpuri-dl002-2', '2025-04-06', 1, '2025-04-01T00:00:00.000Z')
    `.execute(db);
    const change = { booking: { exam_mode: 'Offline', exam_centre: 'RCC Noida Sector 18-UP001-4' } };
    await sql`
      insert into exam_edit_requests (id, student_id, order_id, change, status, created_at)
      values ('e1', 's1', 'EF1', ${JSON.stringify(change)}, 'pending', '2025-04-01T00:00:00.000Z')
    `.execute(db);

    await migrateToLatest(db);

    const students = await db
      .selectFrom('students')
      .select(['id', 'exam_centre_code', 'exam_centre_id'])
      .orderBy('id')
      .execute();
    expect(students).toEqual([
      { id: 's1', exam_centre_code: 'DL001', exam_centre_id: '1' },
      { id: 's2', exam_centre_code: null, exam_centre_id: null },
    ]);
    expect(
      await db.selectFrom('exam_bookings').select(['exam_centre_code', 'exam_centre_id']).execute(),
    ).toEqual([{ exam_centre_code: 'DL002', exam_centre_id: '2' }]);
    const edit = await db.selectFrom('exam_edit_requests').select('change').executeTakeFirstOrThrow();
    expect(JSON.parse(edit.change)).toEqual({
      booking: { exam_mode: 'Offline', exam_centre_code: 'UP001', exam_centre_id: '4' },
    });
    // The string is gone: nothing can read and split it any more.
    await expect(sql`select exam_centre from students`.execute(db)).rejects.toThrow();
  });

  it('stops, keeping every value, when a centre is not name-code-id', async () => {
    const other = createDb({ sqliteFile: ':memory:' });
    try {
      await migrateTo(other, '006-signup-once');
      await student('s3', '250000009003', 'Delhi').execute(other);
      await expect(migrateToLatest(other)).rejects.toThrow(/cannot read the centre "Delhi"/);
      const kept = await sql<{ exam_centre: string }>`select exam_centre from students`.execute(other);
      expect(kept.rows).toEqual([{ exam_centre: 'Delhi' }]);
    } finally {
      await other.destroy();
    }
  });
});
