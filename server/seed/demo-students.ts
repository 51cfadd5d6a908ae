// The demo students (server/seed/demo-students.json): one per state the dashboard must show.
// Dates that decide a state ("today", "tomorrow", "a week ago") are relative to the seed time in
// India time, so the demo works on any day; see each student's `shows`.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { splitClassStream } from '../../src/domain/class-stream';
import { parseDob } from '../../src/domain/dates';
import { applyWaiver, type FeeComponent } from '../../src/domain/fees';
import { configDir } from '../../src/engine/node/paths';
import { loadConfig } from '../../src/engine/node/validate-config';
import type { Programme } from '../../src/generated/config/programme';
import { newId } from '../auth/tokens';
import type { Database } from '../db/schema';
import { defaultState } from '../services/exams/sittings';
import { resultDelayMs } from '../services/exams/programme';
import {
  percentageOf,
  resultMessage,
  scholarshipFor,
  scoreAnswers,
  totalOf,
} from '../services/results/scoring';
import { addDays, istDate, istInstant } from '../services/exams/time';
import { paperQuestions } from '../sandbox/test-player-bank';
import demo from './demo-students.json' with { type: 'json' };
import { PAPERS } from './exams';
import type { SeedOptions } from './seed-options';

export interface DemoResult {
  /** Right and wrong answers per subject (the rest left blank). */
  correct: number;
  wrong: number;
  submitted_minutes_ago: number;
  /** Written at an offline centre: no online attempt. */
  offline?: boolean;
  /** What the seed must produce: checked, so a delay change in the config cannot go unnoticed. */
  expect: 'released' | 'awaited';
}

export interface DemoStudent {
  roll_number: string;
  /** DD/MM/YYYY */
  dob: string;
  exam_type: string;
  mobile: string;
  email: string;
  first_name: string;
  last_name?: string;
  father_name?: string;
  class_stream: string;
  /** What logging in as this student shows. */
  shows: string;
  city?: string;
  state?: string;
  pincode?: string;
  branch_code?: string;
  exam_mode?: 'Online' | 'Offline';
  /** Exam date in days from the seed day (India time); null: no single exam date (a series). */
  exam_day?: number | null;
  exam_slot_id?: string;
  exam_state_id?: string;
  exam_centre_code?: string;
  exam_centre_id?: string;
  is_payment_done?: number;
  flags?: {
    testplayer_down?: number;
    dashboard_msg?: string;
    absent?: number;
  };
  /** The main exam's result. */
  result?: DemoResult;
  /** A series' tests, opening at 9 AM India time on the given day (0: the latest 9 AM so far). */
  series?: Array<{ opens_day: number; results?: Array<DemoResult & { part: number }> }>;
  /** Results of sample-pack papers by part (0: the free sample paper). */
  pack_results?: Array<DemoResult & { part: number }>;
  /**
   * What the student paid for: a paid order and its purchase row each, as the gateway's
   * confirmation writes them, so course_purchased and mock_purchased are read from rows.
   */
  purchases?: Array<{ kind: 'course' | 'mock'; product_id?: string; days_ago: number }>;
}

export const demoStudents: DemoStudent[] = demo as DemoStudent[];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Answers with `correct` right and `wrong` wrong answers in each subject. */
function answersFor(subjects: string[], correct: number, wrong: number): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const subject of subjects) {
    paperQuestions([subject]).forEach((q, i) => {
      if (i < correct) answers[q.field] = q.answer;
      else if (i < correct + wrong) answers[q.field] = (q.answer + 1) % 4;
    });
  }
  return answers;
}

function paperFor(examType: string, stream: string, part: number) {
  const paper =
    PAPERS.find((p) => p.exam_type === examType && p.part === part && p.stream === stream) ??
    PAPERS.find((p) => p.exam_type === examType && p.part === part && p.stream === '');
  if (!paper) throw new Error(`demo-students.json: no paper for ${examType} part ${part}`);
  return paper;
}

async function seedResult(
  db: Kysely<Database>,
  now: Date,
  sitting: {
    studentId: string;
    roll: string;
    programme: Programme;
    paper: ReturnType<typeof paperFor>;
    scheduleId: string;
    classStream: string;
  },
  r: DemoResult,
): Promise<void> {
  const submitted = new Date(now.getTime() - r.submitted_minutes_ago * MINUTE);
  const answers = answersFor(sitting.paper.subjects, r.correct, r.wrong);
  const subjects = scoreAnswers(sitting.paper.subjects, paperQuestions(sitting.paper.subjects), answers);
  const total = totalOf(subjects);
  const percentage = percentageOf(total.score, total.max);
  const scholarship = scholarshipFor(sitting.programme, percentage, sitting.classStream);
  const releaseAt = new Date(submitted.getTime() + resultDelayMs(sitting.programme));
  if (releaseAt <= now !== (r.expect === 'released'))
    throw new Error(`demo-students.json: ${sitting.roll} ${sitting.paper.code} would not be ${r.expect}`);
  let attemptId: string | null = null;
  if (!r.offline) {
    attemptId = newId();
    const started = new Date(submitted.getTime() - Math.min(sitting.paper.duration_minutes, 50) * MINUTE);
    await db
      .insertInto('exam_attempts')
      .values({
        id: attemptId,
        student_id: sitting.studentId,
        paper_code: sitting.paper.code,
        schedule_id: sitting.scheduleId,
        status: 'submitted',
        source_type: 'dashboard',
        started_at: started.toISOString(),
        expires_at: new Date(started.getTime() + sitting.paper.duration_minutes * MINUTE).toISOString(),
        submitted_at: submitted.toISOString(),
        answers: JSON.stringify(answers),
      })
      .execute();
  }
  await db
    .insertInto('exam_results')
    .values({
      id: newId(),
      student_id: sitting.studentId,
      attempt_id: attemptId,
      paper_code: sitting.paper.code,
      schedule_id: sitting.scheduleId,
      subjects: JSON.stringify(subjects),
      score: total.score,
      max_score: total.max,
      scholarship_percent: scholarship,
      message_html: resultMessage(sitting.programme, percentage, scholarship),
      created_at: submitted.toISOString(),
      release_at: releaseAt.toISOString(),
    })
    .execute();
}

/** Every demo student's id starts so: how a server finds out that its database holds them. */
export const DEMO_ID_PREFIX = 'demo-';

/**
 * A paid order and its purchase, as the gateway's confirmation leaves them. A course is priced at
 * its registration fee (a classroom branch; the demo buys no digital course), the pack at its fee.
 */
async function seedPurchase(
  db: Kysely<Database>,
  now: Date,
  who: { studentId: string; branchCode: string },
  purchase: NonNullable<DemoStudent['purchases']>[number],
  programmeOf: (examType: string) => Programme,
): Promise<void> {
  let productId: string;
  let amount: number;
  let details: Record<string, unknown>;
  if (purchase.kind === 'course') {
    productId = purchase.product_id ?? '';
    const [course, branch] = await Promise.all([
      db.selectFrom('commerce_courses').selectAll().where('product_id', '=', productId).executeTakeFirst(),
      db
        .selectFrom('commerce_branches')
        .select('fee_basis')
        .where('code', '=', who.branchCode)
        .executeTakeFirst(),
    ]);
    if (!course) throw new Error(`demo-students.json: no course ${productId}`);
    if (branch?.fee_basis === 'course_fee')
      throw new Error(
        `demo-students.json: a seeded purchase at a course-fee branch (${who.branchCode}) is not priced here`,
      );
    const prices = JSON.parse(course.price_list) as Partial<Record<FeeComponent, number>>;
    amount = applyWaiver(prices, null).rows.find((r) => r.key === 'Registration Fee')?.value ?? 0;
    details = {
      product_title: course.product_title,
      product_course_term: course.product_course_term,
      fee_label: 'Registration Fee',
    };
  } else {
    const pack = programmeOf('SAMPLE-PACK');
    productId = pack.id;
    amount = pack.fee.amount;
    details = { programme: pack.id, papers: pack.fee.papers ?? null, branch_code: who.branchCode };
  }
  const at = new Date(now.getTime() - purchase.days_ago * DAY).toISOString();
  const orderId = `demo-${purchase.kind}-${who.studentId}`;
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      student_id: who.studentId,
      kind: purchase.kind,
      product_id: productId,
      amount,
      payment_method: purchase.kind === 'course' ? 'hdfc' : 'paytm',
      status: 'paid',
      return_path: '/dashboard',
      success_query: '{}',
      failure_query: '{}',
      details: JSON.stringify(details),
      created_at: at,
      confirmed_at: at,
      gateway_txn: `DEMO-${orderId}`,
    })
    .execute();
  await db
    .insertInto('commerce_purchases')
    .values({
      id: newId(),
      student_id: who.studentId,
      kind: purchase.kind,
      product_id: productId,
      order_id: orderId,
      amount,
      created_at: at,
    })
    .execute();
}

export async function seedDemoStudents(db: Kysely<Database>, { now }: SeedOptions): Promise<void> {
  const programmes = Object.values(loadConfig(configDir()).programmes);
  const programmeOf = (examType: string): Programme => {
    const p = programmes.find((x) => x.examType === examType);
    if (!p) throw new Error(`demo-students.json: unknown exam type ${examType}`);
    return p;
  };
  const today = istDate(now);
  // The latest 9 AM (India time) so far: a test opening then is live for its whole window.
  const nineToday = istInstant(today, '09:00');
  const latestNine = nineToday <= now ? nineToday : new Date(nineToday.getTime() - DAY);

  for (const s of demoStudents) {
    const dob = parseDob(s.dob);
    if (!dob) throw new Error(`demo-students.json: bad dob ${s.dob}`);
    const programme = programmeOf(s.exam_type);
    const studentId = `${DEMO_ID_PREFIX}${s.roll_number}`;
    const examDate = s.exam_day === null ? null : addDays(today, s.exam_day ?? 1);
    const { stream } = splitClassStream(s.class_stream);
    await db
      .insertInto('students')
      .values({
        id: studentId,
        data_version: newId(),
        roll_number: s.roll_number,
        psid: `PS${s.roll_number.slice(-8)}`,
        // Random like a real one: an sf_id lookup of a completed registration returns its login.
        sf_id: randomBytes(8).toString('hex'),
        registration_status: 'registered',
        first_name: s.first_name,
        last_name: s.last_name ?? null,
        father_name: s.father_name ?? null,
        mobile: s.mobile,
        email: s.email,
        dob,
        exam_type: s.exam_type,
        class_stream: s.class_stream,
        board: 'CBSE',
        city: s.city ?? 'New Delhi',
        pincode: s.pincode ?? '110001',
        state: s.state ?? 'Delhi',
        school_id: null,
        branch_code: s.branch_code ?? 'DL001',
        exam_state_id: s.exam_state_id ?? null,
        exam_centre_code: s.exam_centre_code ?? null,
        exam_centre_id: s.exam_centre_id ?? null,
        exam_date: examDate,
        exam_slot_id: s.exam_slot_id ?? null,
        exam_mode: s.exam_mode ?? 'Online',
        is_payment_done: s.is_payment_done ?? 0,
        register_from_third_party: 0,
        max_exam_edit_allowed: 2,
        exam_attempts_left: 2,
        is_edit_allowed: 1,
        remove_edit_exam_edit_profile: 0,
        utm: null,
        created_at: now.toISOString(),
      })
      .execute();
    await db
      .insertInto('exam_student_state')
      .values({
        ...defaultState(studentId, now),
        absent: s.flags?.absent ?? 0,
        testplayer_down: s.flags?.testplayer_down ?? 0,
        dashboard_msg: s.flags?.dashboard_msg ?? null,
      })
      .execute();
    if (s.result) {
      if (!examDate) throw new Error(`demo-students.json: ${s.roll_number} has a result but no exam date`);
      await seedResult(
        db,
        now,
        {
          studentId,
          roll: s.roll_number,
          programme,
          paper: paperFor(s.exam_type, stream, 0),
          scheduleId: `M-${examDate}`,
          classStream: s.class_stream,
        },
        s.result,
      );
    }
    const validityMs = (programme.windows.examValidityHours ?? 24) * 3_600_000;
    for (const [n, test] of (s.series ?? []).entries()) {
      const opensAt = new Date(latestNine.getTime() + test.opens_day * DAY);
      const seriesId = `${studentId}-test-${n + 1}`;
      await db
        .insertInto('exam_series')
        .values({
          id: seriesId,
          student_id: studentId,
          series_no: n + 1,
          series_name: `Mock Test ${n + 1}`,
          opens_at: opensAt.toISOString(),
          closes_at: new Date(opensAt.getTime() + validityMs).toISOString(),
        })
        .execute();
      for (const r of test.results ?? [])
        await seedResult(
          db,
          now,
          {
            studentId,
            roll: s.roll_number,
            programme,
            paper: paperFor(s.exam_type, '', r.part),
            scheduleId: seriesId,
            classStream: s.class_stream,
          },
          r,
        );
    }
    for (const purchase of s.purchases ?? [])
      await seedPurchase(db, now, { studentId, branchCode: s.branch_code ?? 'DL001' }, purchase, programmeOf);
    for (const r of s.pack_results ?? []) {
      const scheduleId = r.part === 0 ? 'sample' : 'pack';
      await seedResult(
        db,
        now,
        {
          studentId,
          roll: s.roll_number,
          programme: programmeOf('SAMPLE-PACK'),
          paper: paperFor('SAMPLE-PACK', '', r.part),
          scheduleId,
          classStream: s.class_stream,
        },
        r,
      );
    }
  }
}
