// The dashboard and profile answers kept per student (answer-cache.ts): the data versions the
// database's triggers keep (migration 011), an answer kept only while its version and its span of
// time hold, another server process's write seen at once, and unchangedUntil (sittings.ts) checked
// by walking every demo student through five weeks of the clock. Runs on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { buildApp } from '../../app';
import { REFERENCE_TABLES, STUDENT_DATA_TABLES } from '../../db/migrations/011-student-versions';
import demoStudents from '../../seed/demo-students.json';
import { loadExamContext, unchangedUntil } from '../exams/sittings';
import { buildDashboard } from './build';
import { buildProfile } from './profile';

const START = new Date('2026-06-10T04:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

const versionOf = async (studentId: string) =>
  (
    await t.db
      .selectFrom('students')
      .select('data_version')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow()
  ).data_version;
const referenceVersion = async () =>
  (
    await t.db
      .selectFrom('data_versions')
      .select('version')
      .where('name', '=', 'reference')
      .executeTakeFirstOrThrow()
  ).version;
const studentOf = (roll: string) =>
  t.db.selectFrom('students').selectAll().where('roll_number', '=', roll).executeTakeFirstOrThrow();

describe('data versions (migration 011)', () => {
  it("every insert, update and delete of a student's data gives that student, and only them, a new version", async () => {
    const other = await studentOf('250000000001');
    const booked = await studentOf('250000000002');
    // No demo student has an edited booking: one is written here, as an edit would.
    await t.db
      .insertInto('exam_bookings')
      .values({
        student_id: booked.id,
        class_stream: booked.class_stream,
        exam_mode: 'Online',
        exam_state_id: booked.exam_state_id,
        exam_centre_code: null,
        exam_centre_id: null,
        exam_date: booked.exam_date ?? '2026-06-11',
        exam_slot_id: booked.exam_slot_id,
        exam_attempts_left: 1,
        is_offline_sf_exam_date: 0,
        offline_fee_paid: 0,
        updated_at: START.toISOString(),
      })
      .execute();
    for (const table of STUDENT_DATA_TABLES) {
      const row = (
        await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} LIMIT 1`.execute(t.db)
      ).rows[0];
      if (!row) throw new Error(`no ${table} row to write`);
      const id = String(row.student_id);
      const otherBefore = await versionOf(other.id === id ? booked.id : other.id);
      const writes = {
        update: sql`UPDATE ${sql.table(table)} SET student_id = student_id WHERE student_id = ${id}`,
        delete: sql`DELETE FROM ${sql.table(table)} WHERE student_id = ${id}`,
        insert: sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(row).map((c) => sql.ref(c)))})
                    VALUES (${sql.join(Object.values(row))})`,
      };
      for (const [what, write] of Object.entries(writes)) {
        const before = await versionOf(id);
        await write.execute(t.db);
        expect(await versionOf(id), `${what} ${table}`).not.toBe(before);
      }
      expect(await versionOf(other.id === id ? booked.id : other.id), table).toBe(otherBefore);
    }
    const before = await versionOf(other.id);
    await t.db.updateTable('students').set({ city: 'Pune' }).where('id', '=', other.id).execute();
    expect(await versionOf(other.id)).not.toBe(before);
  });

  it('every write to the reference data gives it a new version', async () => {
    for (const table of REFERENCE_TABLES) {
      const before = await referenceVersion();
      const row = (
        await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} LIMIT 1`.execute(t.db)
      ).rows[0];
      const column = sql.ref(Object.keys(row ?? {})[0] ?? 'missing');
      await sql`UPDATE ${sql.table(table)} SET ${column} = ${column}`.execute(t.db);
      expect(await referenceVersion(), table).not.toBe(before);
    }
  });
});

describe('kept answers', () => {
  it('are answered again while their version holds, and computed again once it changes', async () => {
    const auth = await t.login('250000000002', '14/03/2011');
    const read = async () => (await t.call({ method: 'GET', url: '/api/dashboard', headers: auth })).body;
    const message = (body: string) => JSON.parse(body).data.static_data.dashboard_msg as string;
    const first = await read();
    expect(message(first)).toBe('');
    const { id, data_version: kept } = await studentOf('250000000002');
    const setMessage = (text: string | null) =>
      t.db
        .updateTable('exam_student_state')
        .set({ dashboard_msg: text })
        .where('student_id', '=', id)
        .execute();
    // A write the answer shows, made straight in the database (as another server process would).
    await setMessage('Back at noon.');
    expect(await versionOf(id)).not.toBe(kept);
    // The version put back by hand: the kept answer is answered, not computed again. (This is how
    // the test knows that answers are kept at all.)
    await t.db.updateTable('students').set({ data_version: kept }).where('id', '=', id).execute();
    expect(await read()).toBe(first);
    // Any write to the student's row gives a new version: the answer is computed again.
    await t.db.updateTable('students').set({ city: 'Pune' }).where('id', '=', id).execute();
    expect(message(await read())).toBe('Back at noon.');
    await setMessage(null);
    expect(message(await read())).toBe('');
  });

  it('hold only for their span of time: a clock past it, or moved back before it, computes again', async () => {
    // (Logged in again at each clock: a session idle that long has ended.)
    const read = async () => {
      const auth = await t.login('250000000001', '05/01/2008');
      return JSON.parse((await t.call({ method: 'GET', url: '/api/dashboard', headers: auth })).body);
    };
    const student = await studentOf('250000000001');
    const until = unchangedUntil(await loadExamContext(t.app.ctx, student));
    const before = await read();
    expect(before.success).toBe('true');
    t.clock.set(new Date(until.getTime() - 1));
    expect(await read()).toEqual(before);
    t.clock.set(new Date(until.getTime() + 2 * 86_400_000));
    const after = await read();
    // Two days past the span, the exam day has come and gone.
    expect(after.success).toBe('true');
    expect(after).not.toEqual(before);
    t.clock.set(START);
    expect(await read()).toEqual(before);
  });

  it("another server process's write is seen at once (the version is the database's)", async () => {
    const other = await buildApp({ db: t.db, config: t.app.ctx.config, now: t.clock.now });
    try {
      const auth = await t.login('250000000005', '30/04/2007');
      const read = async (app: typeof other) =>
        JSON.parse((await app.inject({ method: 'GET', url: '/api/profile', headers: auth })).body).data;
      const before = await read(other);
      expect(await read(t.app)).toEqual(before);
      // A city, a school of it and a board, as the profile form offers them.
      const city = await t.db
        .selectFrom('cities')
        .select(['tid', 'name'])
        .where('name', '!=', before.student_city)
        .executeTakeFirstOrThrow();
      const school = await t.db
        .selectFrom('schools')
        .select('school_code')
        .where('city_tid', '=', city.tid)
        .executeTakeFirstOrThrow();
      const board = await t.db.selectFrom('exam_boards').select('name').executeTakeFirstOrThrow();
      const saved = await t.call({
        method: 'POST',
        url: '/api/profile',
        headers: auth,
        payload: { student_city: city.name, school_board: board.name, school_id: school.school_code },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await read(other)).student_city).toBe(city.name);
      expect((await read(t.app)).student_city).toBe(city.name);
    } finally {
      await other.close();
    }
  });
});

describe('unchangedUntil', () => {
  it("holds for every demo student's dashboard and profile, through five weeks of the clock", async () => {
    const end = START.getTime() + 35 * 86_400_000;
    let spans = 0;
    // Student 02's test is open today: one started now runs out at an instant of its own.
    const diya = await studentOf('250000000002');
    await t.db
      .insertInto('exam_attempts')
      .values({
        id: 'walk-attempt',
        student_id: diya.id,
        paper_code: 'IACST-SOF',
        schedule_id: `M-${diya.exam_date}`,
        status: 'open',
        source_type: 'dashboard',
        started_at: START.toISOString(),
        expires_at: new Date(START.getTime() + 37 * 60_000 + 123).toISOString(),
        submitted_at: null,
        answers: '{}',
      })
      .execute();
    for (const demo of demoStudents) {
      const student = await studentOf(demo.roll_number);
      const answersAt = async (at: number) => {
        t.clock.set(new Date(at));
        const ec = await loadExamContext(t.app.ctx, student);
        const answers = JSON.stringify([
          await buildDashboard(t.app.ctx, student, ec),
          await buildProfile(t.app.ctx, student, ec),
        ]);
        return { answers, until: unchangedUntil(ec).getTime() };
      };
      // From the day before the seed's clock, span by span: each span's last instant, and one
      // within it, answer as its first did.
      for (let at = START.getTime() - 86_400_000; at < end; spans++) {
        const { answers, until } = await answersAt(at);
        expect(until, demo.roll_number).toBeGreaterThan(at);
        expect(
          (await answersAt(until - 1)).answers,
          `${demo.roll_number} until ${new Date(until).toISOString()}`,
        ).toBe(answers);
        const within = at + Math.floor((until - at) * 0.37);
        expect(
          (await answersAt(within)).answers,
          `${demo.roll_number} at ${new Date(within).toISOString()}`,
        ).toBe(answers);
        at = until;
      }
    }
    t.clock.set(START);
    // Each student's five weeks are many spans: the days at least, and their sittings' moments.
    expect(spans).toBeGreaterThan(demoStudents.length * 35);
  });
});
