// Test launch: the exam-launch payload of a sitting (built here on demand from the card the client
// names, never taken from the client: decision 008), starting or resuming an attempt, and the
// result page's address.
import type { ExamLaunchPayload } from '../../../src/generated/api/exam-launch';
import { splitClassStream } from '../../../src/domain/class-stream';
import { toDdMmYyyy } from '../../../src/domain/dates';
import { launchEventType } from '../../../src/domain/test-buttons';
import { ApiError } from '../../api/errors';
import { message, type Message } from '../../api/messages';
import { newId } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { ExamAttemptsTable } from '../../db/tables/exams';
import { addMs, iso } from '../../timestamps';
import { testState, type ExamContext, type Sitting } from './sittings';
import { istInstant } from './time';

/** The tenant id of the sandbox test platform (the real one is a configured key, part 2 §9). */
export const SANDBOX_TENANT_ID = 'examflow-sandbox';

/** The exam-launch payload of part 2 §3, as the API schema defines it. */
export type LaunchPayload = ExamLaunchPayload;

export function launchPayload(ec: ExamContext, sitting: Sitting): LaunchPayload {
  const { student, booking } = ec;
  const { klass, stream } = splitClassStream(booking.class_stream);
  return {
    tenant_id: SANDBOX_TENANT_ID,
    user_id: student.roll_number,
    exam_short_code: sitting.paper.code,
    external_schedule_id: sitting.scheduleId,
    exam_start_time: iso(sitting.opensAt),
    exam_end_time: iso(sitting.closesAt),
    result_date_time: iso(sitting.resultAt),
    // Midnight of the birthday in India time, i.e. the day before at T18:30Z (part 2 §9).
    dob: iso(istInstant(student.dob)),
    stream,
    groups: { state: booking.exam_state_id ?? student.state ?? '' },
    attempt_state: sitting.result ? 'submitted' : sitting.attempt ? 'in_progress' : 'not_started',
    // The one rule of the dashboard's buttons (src/domain/test-buttons), by the card's state.
    event_type: launchEventType(testState(sitting.state)),
    reset_cutoff_time: iso(sitting.closesAt),
    klass,
    we_user_id: student.psid,
  };
}

export function assertPlayerUp(ctx: AppContext, ec: ExamContext): void {
  if (ec.state.testplayer_down === 1)
    throw new ApiError(503, ec.state.dashboard_msg ?? message('testPlatform.maintenance'));
  if (!ctx.config.sandbox) throw new ApiError(503, message('testPlatform.unavailable'));
}

/** The open attempt of the sitting, or a new one; refuses a sitting that cannot be taken now. */
export async function startAttempt(
  ctx: AppContext,
  ec: ExamContext,
  sitting: Sitting,
  sourceType: string,
): Promise<string> {
  assertPlayerUp(ctx, ec);
  if (sitting.attempt) return sitting.attempt.id;
  if (sitting.state !== 'open') throw new ApiError(409, notStartable(sitting));
  const now = ctx.now();
  const id = newId();
  const end = addMs(now, sitting.paper.durationMinutes * 60_000);
  await ctx.db
    .insertInto('exam_attempts')
    .values({
      id,
      student_id: ec.student.id,
      paper_code: sitting.paper.code,
      schedule_id: sitting.scheduleId,
      status: 'open',
      source_type: sourceType,
      started_at: iso(now),
      expires_at: iso(end < sitting.closesAt ? end : sitting.closesAt),
      submitted_at: null,
      answers: '{}',
    })
    .execute();
  return id;
}

/** An attempt as the test platform shows it: with the student's roll number and the paper's title and subjects. */
export interface PlayerAttempt {
  attempt: ExamAttemptsTable;
  rollNumber: string;
  title: string;
  subjects: string[];
}

/** The attempt with this id (the test page's address), or undefined. */
export async function attemptForPlayer(ctx: AppContext, id: string): Promise<PlayerAttempt | undefined> {
  const row = await ctx.db
    .selectFrom('exam_attempts')
    .innerJoin('students', 'students.id', 'exam_attempts.student_id')
    .innerJoin('exam_papers', 'exam_papers.code', 'exam_attempts.paper_code')
    .selectAll('exam_attempts')
    .select(['students.roll_number', 'exam_papers.title', 'exam_papers.subjects'])
    .where('exam_attempts.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { roll_number, title, subjects, ...attempt } = row;
  return { attempt, rollNumber: roll_number, title, subjects: JSON.parse(subjects) as string[] };
}

/**
 * Closes an open attempt with its answers, in the caller's transaction; false when it was not open
 * any more (submitted already, or its time is over).
 */
export async function closeAttempt(
  db: Db,
  attemptId: string,
  answers: Record<string, number>,
  now: Date,
): Promise<boolean> {
  const closed = await db
    .updateTable('exam_attempts')
    .set({ status: 'submitted', submitted_at: iso(now), answers: JSON.stringify(answers) })
    .where('id', '=', attemptId)
    .where('status', '=', 'open')
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

export function notStartable(sitting: Sitting): Message {
  switch (sitting.state) {
    case 'upcoming':
      return message('test.notStarted');
    case 'missed':
      return message('portal.absent');
    case 'awaited':
    case 'released':
      return message('test.alreadyTaken');
    case 'offline_day':
      return message('test.offline');
    case 'locked':
      return message('test.locked');
    default:
      return message('test.cannotStart');
  }
}

export const examUrl = (attemptId: string): string => `/sandbox/test/${attemptId}`;

/** /iacst-result?data=<base64 of the key/value pairs the result call takes>. */
export function resultUrl(ec: ExamContext, sitting: Sitting): string {
  const pairs = new URLSearchParams({ roll_number: ec.student.roll_number, dob: toDdMmYyyy(ec.student.dob) });
  if (sitting.kind !== 'main') {
    pairs.set('exam_short_code', sitting.paper.code);
    pairs.set('external_schedule_id', sitting.scheduleId);
  }
  return `/iacst-result?data=${encodeURIComponent(Buffer.from(pairs.toString()).toString('base64'))}`;
}

/** Opens a sitting: its test page (event exam) or its result page (event result). */
export async function launch(
  ctx: AppContext,
  ec: ExamContext,
  sitting: Sitting,
  event: 'exam' | 'result',
  source: string,
): Promise<{ exam_url?: string; result_url?: string }> {
  if (event === 'result') {
    if (sitting.state === 'released') return { result_url: resultUrl(ec, sitting) };
    // Locked, Missed, Upcoming, Exam Today: the button launches nothing; say why.
    throw new ApiError(409, sitting.state === 'awaited' ? message('result.soon') : notStartable(sitting));
  }
  return { exam_url: examUrl(await startAttempt(ctx, ec, sitting, source)) };
}
