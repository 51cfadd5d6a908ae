// A student's sittings: the main exam, the tests of a series (MOCK-JEE) and the sample and mock
// papers, each with its window, attempt, result and state, computed from the programme config,
// the booking and the clock. The dashboard, the launch calls and the result call all read this.
import { prepared } from '../../db/prepared';
import { splitClassStream } from '../../../src/domain/class-stream';
import type { TestState } from '../../../src/generated/api/dashboard';
import type { Programme } from '../../../src/generated/config/programme';
import { newId } from '../../auth/tokens';
import type { AppContext, Student } from '../../context';
import { addMs, iso } from '../../timestamps';
import type { Db } from '../../db/database';
import type {
  ExamAttemptsTable,
  ExamPapersTable,
  ExamResultsTable,
  ExamStudentStateTable,
} from '../../db/tables/exams';
import { unknownBranch, type BranchTerms } from '../commerce/branch-terms';
import { maybeProgramme, programmeOf, resultDelayMs, samplePackOf, slotOf } from './programme';
import { seasonSeries } from './schedule';
import { addDays, istDate, istInstant } from './time';

const HOUR_MS = 3_600_000;
/** Sample and mock papers stay open this long after registration. */
const PACK_VALIDITY_DAYS = 365;
/** The main exam's schedule ids start with this; the date follows. */
const MAIN_PREFIX = 'M-';

export interface Booking {
  class_stream: string;
  exam_mode: 'Online' | 'Offline';
  exam_state_id: string | null;
  exam_centre_code: string | null;
  exam_centre_id: string | null;
  exam_date: string | null;
  exam_slot_id: string | null;
  exam_attempts_left: number;
  is_offline_sf_exam_date: number;
  offline_fee_paid: number;
}

export type SittingKind = 'main' | 'series' | 'sample' | 'pack';
export type SittingState =
  'upcoming' | 'open' | 'in_progress' | 'awaited' | 'released' | 'missed' | 'offline_day' | 'locked';

export interface Paper {
  code: string;
  examType: string;
  stream: string;
  title: string;
  subjects: string[];
  durationMinutes: number;
  part: number;
}

export interface Sitting {
  kind: SittingKind;
  paper: Paper;
  scheduleId: string;
  testName: string;
  examDate: string;
  opensAt: Date;
  closesAt: Date;
  /** The open attempt (not expired), if any. */
  attempt?: ExamAttemptsTable;
  result?: ExamResultsTable;
  state: SittingState;
  /** When the result shows (expected when there is none yet). */
  resultAt: Date;
}

export interface Series {
  id: string;
  seriesNo: number;
  name: string;
  examDate: string;
  opensAt: Date;
  closesAt: Date;
  status: 'Upcoming' | 'Ongoing' | 'Results' | 'Missed';
  papers: Sitting[];
}

export interface ExamContext {
  student: Student;
  programme: Programme;
  booking: Booking;
  state: ExamStudentStateTable;
  main?: Sitting;
  series: Series[];
  sample: Sitting[];
  pack: Sitting[];
  /** The student's branch: its channel and fee basis decide the digital-only wording. */
  branch: BranchTerms;
  /** A course or the sample-paper pack was bought (commerce's purchases, or the demo state). */
  coursePurchased: boolean;
  mockPurchased: boolean;
  now: Date;
}

const toPaper = (row: ExamPapersTable): Paper => ({
  code: row.code,
  examType: row.exam_type,
  stream: row.stream,
  title: row.title,
  subjects: JSON.parse(row.subjects) as string[],
  durationMinutes: row.duration_minutes,
  part: row.part,
});

// The dashboard's reads, compiled once (they run on every dashboard or profile answer computed:
// answer-cache.ts keeps the answers between changes).
const bookingRowsOf = prepared((db, arg) =>
  db.selectFrom('exam_bookings').selectAll().where('student_id', '=', arg(0)).compile(),
);
const stateRowsOf = prepared((db, arg) =>
  db.selectFrom('exam_student_state').selectAll().where('student_id', '=', arg(0)).compile(),
);
/**
 * Every paper, read once per database and kept: papers are reference data (seeded with the
 * database, never written while the server runs, like the programme config), and reading them was
 * the dashboard's dearest query. Student data (bookings, attempts, results) is read for every
 * answer computed.
 */
const allPapers = new WeakMap<Db, Promise<readonly Paper[]>>();
function papersOf(db: Db): Promise<readonly Paper[]> {
  let papers = allPapers.get(db);
  if (!papers) {
    papers = db
      .selectFrom('exam_papers')
      .selectAll()
      .orderBy('code')
      .execute()
      .then((rows) => rows.map(toPaper));
    // A failed read is not kept: the next call reads again.
    papers.catch(() => allPapers.delete(db));
    allPapers.set(db, papers);
  }
  return papers;
}
const attemptRowsOf = prepared((db, arg) =>
  db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('student_id', '=', arg(0))
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .compile(),
);
const resultRowsOf = prepared((db, arg) =>
  db
    .selectFrom('exam_results')
    .selectAll()
    .where('student_id', '=', arg(0))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .compile(),
);
const seriesRowsOf = prepared((db, arg) =>
  db.selectFrom('exam_series').selectAll().where('student_id', '=', arg(0)).orderBy('series_no').compile(),
);

const BOOKING_FIELDS = [
  'class_stream',
  'exam_mode',
  'exam_state_id',
  'exam_centre_code',
  'exam_centre_id',
  'exam_date',
  'exam_slot_id',
  'exam_attempts_left',
  'is_offline_sf_exam_date',
  'offline_fee_paid',
] as const;
const STATE_FIELDS = [
  'student_city',
  'school_board',
  'school_id',
  'school_name',
  'absent',
  'course_purchased',
  'mock_purchased',
  'testplayer_down',
  'dashboard_msg',
  'admit_card_id',
  'updated_at',
] as const;

/**
 * The booking, the dashboard state, the branch's terms and both purchase flags in one query (one
 * round trip instead of five for every dashboard and profile answer computed).
 */
const contextRowOf = prepared((db, arg) =>
  db
    .selectFrom('students')
    .leftJoin('exam_bookings as b', 'b.student_id', 'students.id')
    .leftJoin('exam_student_state as s', 's.student_id', 'students.id')
    .leftJoin('commerce_branches as br', 'br.code', 'students.branch_code')
    .select(['b.student_id as b_student_id', 's.student_id as s_student_id'])
    .select(BOOKING_FIELDS.map((f) => `b.${f} as b_${f}` as const))
    .select(STATE_FIELDS.map((f) => `s.${f} as s_${f}` as const))
    .select(['br.channel as br_channel', 'br.fee_basis as br_fee_basis'])
    .select((eb) =>
      (['course', 'mock'] as const).map((kind) =>
        eb
          .exists(
            eb
              .selectFrom('commerce_purchases as p')
              .select('p.id')
              .whereRef('p.student_id', '=', 'students.id')
              .where('p.kind', '=', kind),
          )
          .as(`bought_${kind}`),
      ),
    )
    .where('students.id', '=', arg(0))
    .compile(),
);

type ContextRow = Awaited<ReturnType<typeof contextRowOf>>[number];

/** A column read through a LEFT JOIN: null when the joined row is missing. */
const joined = <T>(row: ContextRow, key: string): T => (row as unknown as Record<string, T>)[key] as T;

/** exists() answers 1/0 on SQLite and true/false on PostgreSQL. */
const truthy = (value: unknown): boolean => Number(value) === 1;

export async function bookingOf(db: Db, student: Student): Promise<Booking> {
  const [edited] = await bookingRowsOf(db, student.id);
  return edited ?? studentBooking(student);
}

/** The booking made at signup (before any edit). */
function studentBooking(student: Student): Booking {
  return {
    class_stream: student.class_stream,
    exam_mode: student.exam_mode,
    exam_state_id: student.exam_state_id,
    exam_centre_code: student.exam_centre_code,
    exam_centre_id: student.exam_centre_id,
    exam_date: student.exam_date,
    exam_slot_id: student.exam_slot_id,
    exam_attempts_left: student.exam_attempts_left,
    is_offline_sf_exam_date: 0,
    offline_fee_paid: 0,
  };
}

/** The student's dashboard state row, created with defaults the first time it is needed. */
export async function stateOf(ctx: AppContext, studentId: string): Promise<ExamStudentStateTable> {
  const [found] = await stateRowsOf(ctx.db, studentId);
  if (found) return found;
  await ctx.db
    .insertInto('exam_student_state')
    .values(defaultState(studentId, ctx.now()))
    .onConflict((oc) => oc.column('student_id').doNothing())
    .execute();
  return ctx.db
    .selectFrom('exam_student_state')
    .selectAll()
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
}

/** The student whose admit card has this id, if any. */
export const studentByAdmitCard = (ctx: AppContext, admitCardId: string): Promise<Student | undefined> =>
  ctx.db
    .selectFrom('exam_student_state')
    .innerJoin('students', 'students.id', 'exam_student_state.student_id')
    .selectAll('students')
    .where('exam_student_state.admit_card_id', '=', admitCardId)
    .executeTakeFirst();

/** The paper with this code (read now, not from the kept list). */
export async function paperByCode(ctx: AppContext, code: string): Promise<Paper | undefined> {
  const row = await ctx.db.selectFrom('exam_papers').selectAll().where('code', '=', code).executeTakeFirst();
  return row && toPaper(row);
}

export const defaultState = (studentId: string, now: Date): ExamStudentStateTable => ({
  student_id: studentId,
  student_city: null,
  school_board: null,
  school_id: null,
  school_name: null,
  absent: 0,
  course_purchased: 0,
  mock_purchased: 0,
  testplayer_down: 0,
  dashboard_msg: null,
  admit_card_id: newId(),
  updated_at: iso(now),
});

/**
 * The first instant after `ec.now` at which anything computed from this context may read
 * differently (the dashboard and profile answers are kept until then: answer-cache.ts): a sitting
 * or a series opening or closing, a running attempt running out, a result released, or the next
 * day in India (dates, days left, the admit card's day). Every comparison with the clock in this
 * file and in what reads an ExamContext is against one of these; answer-cache.test.ts walks the
 * demo students through time to check it.
 */
export function unchangedUntil(ec: ExamContext): Date {
  const now = ec.now.getTime();
  const times = [istInstant(addDays(istDate(ec.now), 1)).getTime()];
  const sittings = [
    ...(ec.main ? [ec.main] : []),
    ...ec.series.flatMap((s) => s.papers),
    ...ec.sample,
    ...ec.pack,
  ];
  for (const s of [...ec.series, ...sittings]) times.push(s.opensAt.getTime(), s.closesAt.getTime());
  for (const s of sittings) {
    if (s.result) times.push(Date.parse(s.result.release_at));
    if (s.attempt) times.push(Date.parse(s.attempt.expires_at));
  }
  return new Date(Math.min(...times.filter((t) => t > now)));
}

/** An attempt still running: open and not past its end. */
const running = (attempts: ExamAttemptsTable[], now: Date) =>
  attempts.find((a) => a.status === 'open' && new Date(a.expires_at) > now);

function stateFor(
  sitting: Omit<Sitting, 'state' | 'resultAt'>,
  now: Date,
  offline: boolean,
  absent: boolean,
): SittingState {
  if (sitting.result) return new Date(sitting.result.release_at) <= now ? 'released' : 'awaited';
  if (sitting.attempt) return 'in_progress';
  if (now < sitting.opensAt) return 'upcoming';
  if (offline) {
    if (now < sitting.closesAt) return 'offline_day';
    return absent ? 'missed' : 'awaited';
  }
  return now < sitting.closesAt ? 'open' : 'missed';
}

/** What a sitting is computed from: the student's rows, read in one go (readExamRows). */
export interface ExamRows {
  student: Student;
  programme: Programme;
  /** The sample-paper pack's programme, when the dashboard offers it. */
  packProgramme: Programme | undefined;
  booking: Booking;
  state: ExamStudentStateTable;
  branch: BranchTerms;
  coursePurchased: boolean;
  mockPurchased: boolean;
  /** The papers of the programme and of the pack, with the durations of their config. */
  papers: Paper[];
  attempts: ExamAttemptsTable[];
  results: ExamResultsTable[];
  seriesRows: SeriesRow[];
}

type SeriesRow = Awaited<ReturnType<typeof seriesRowsOf>>[number];

/** A student's exam rows: the booking, state, branch, papers, attempts, results and series. */
export async function readExamRows(ctx: AppContext, student: Student): Promise<ExamRows> {
  const { db, site } = ctx;
  const programme = programmeOf(site, student.exam_type);
  const showsPack =
    (site.site.flags.mockTests as Record<string, boolean | undefined>)[programme.examType] === true;
  const packProgramme = showsPack ? samplePackOf(site) : undefined;
  const [[row], allPaperList, attempts, results, seriesRows] = await Promise.all([
    contextRowOf(db, student.id),
    papersOf(db),
    attemptRowsOf(db, student.id),
    resultRowsOf(db, student.id),
    // Only a series programme (MOCK-JEE) has series rows to read.
    programme.schedule.papers ? seriesRowsOf(db, student.id) : [],
  ]);
  if (!row) throw new Error(`student ${student.id} vanished`);
  const booking: Booking =
    row.b_student_id === null
      ? studentBooking(student)
      : (Object.fromEntries(BOOKING_FIELDS.map((f) => [f, joined(row, `b_${f}`)])) as unknown as Booking);
  const state: ExamStudentStateTable =
    row.s_student_id === null
      ? await stateOf(ctx, student.id)
      : ({
          student_id: student.id,
          ...Object.fromEntries(STATE_FIELDS.map((f) => [f, joined(row, `s_${f}`)])),
        } as unknown as ExamStudentStateTable);
  const branch: BranchTerms =
    row.br_channel && row.br_fee_basis
      ? { code: student.branch_code, channel: row.br_channel, fee_basis: row.br_fee_basis }
      : unknownBranch(student.branch_code);
  // Durations follow the programme config (a series' papers have their own).
  const papers = allPaperList
    .filter((p) => p.examType === programme.examType || p.examType === packProgramme?.examType)
    .map((p) => {
      const owner = maybeProgramme(site, p.examType);
      const minutes =
        p.part >= 1 && owner?.schedule.papers
          ? owner.schedule.papers.durationMinutes
          : owner?.schedule.durationMinutes;
      return { ...p, durationMinutes: minutes ?? p.durationMinutes };
    });
  return {
    student,
    programme,
    packProgramme,
    booking,
    state,
    branch,
    coursePurchased: state.course_purchased === 1 || truthy(row.bought_course),
    mockPurchased: state.mock_purchased === 1 || truthy(row.bought_mock),
    papers,
    attempts,
    results,
    seriesRows,
  };
}

/** The student's exams as they stand: their rows, read, then the pure examContextOf. */
export async function loadExamContext(ctx: AppContext, student: Student): Promise<ExamContext> {
  return examContextOf(await readExamRows(ctx, student), ctx.now());
}

interface SittingOptions {
  offline?: boolean;
  absent?: boolean;
  delayMs?: number;
  locked?: boolean;
}
type Window = { examDate: string; opensAt: Date; closesAt: Date };

/** A sitting of a paper at a schedule: its attempt, its result and its state at `now`. */
function sittingOf(
  rows: ExamRows,
  now: Date,
  kind: SittingKind,
  paper: Paper,
  scheduleId: string,
  window: Window,
  testName: string,
  options: SittingOptions = {},
): Sitting {
  const mine = rows.attempts.filter((a) => a.paper_code === paper.code && a.schedule_id === scheduleId);
  const result = rows.results.find((r) => r.paper_code === paper.code && r.schedule_id === scheduleId);
  const base = {
    kind,
    paper,
    scheduleId,
    testName,
    ...window,
    attempt: result ? undefined : running(mine, now),
    result,
  };
  const computed = stateFor(base, now, options.offline ?? false, options.absent ?? false);
  return {
    ...base,
    state: options.locked && !result && computed !== 'in_progress' ? 'locked' : computed,
    resultAt: result
      ? new Date(result.release_at)
      : addMs(window.closesAt, options.delayMs ?? resultDelayMs(rows.programme)),
  };
}

/** A series programme's tests (MOCK-JEE): its seeded series, or its season's dates. */
function seriesOf(rows: ExamRows, now: Date): Series[] {
  const { programme, booking, student, papers } = rows;
  if (!programme.schedule.papers) return [];
  const seriesPapers = papers
    .filter((p) => p.examType === programme.examType && p.part >= 1)
    .sort((a, b) => a.part - b.part)
    .slice(0, programme.schedule.papers.perTest);
  const schedule = rows.seriesRows.length
    ? rows.seriesRows.map((r) => ({
        id: r.id,
        seriesNo: r.series_no,
        name: r.series_name,
        opensAt: new Date(r.opens_at),
        closesAt: new Date(r.closes_at),
      }))
    : // The season the student registered in, as the thank-you page named it (schedule.ts).
      seasonSeries(programme, new Date(student.created_at), booking.exam_slot_id);
  return schedule.map((s) => {
    const examDate = istDate(s.opensAt);
    const sittings = seriesPapers.map((paper) =>
      sittingOf(
        rows,
        now,
        'series',
        paper,
        s.id,
        { examDate, opensAt: s.opensAt, closesAt: s.closesAt },
        `${s.name} – ${paper.title}`,
      ),
    );
    const status: Series['status'] =
      now < s.opensAt
        ? 'Upcoming'
        : now < s.closesAt
          ? 'Ongoing'
          : sittings.some((p) => p.result)
            ? 'Results'
            : 'Missed';
    return { ...s, examDate, status, papers: sittings };
  });
}

/** The main exam of a programme with one exam day (not a series), once a date is booked. */
function mainSittingOf(rows: ExamRows, now: Date): Sitting | undefined {
  const { programme, booking, papers, results, state } = rows;
  if (programme.schedule.papers || !booking.exam_date) return undefined;
  const { stream } = splitClassStream(booking.class_stream);
  const paper =
    papers.find((p) => p.examType === programme.examType && p.part === 0 && p.stream === stream) ??
    papers.find((p) => p.examType === programme.examType && p.part === 0 && p.stream === '');
  if (!paper) return undefined;
  const slot = slotOf(programme, booking.exam_slot_id);
  // The slot of the exam day, online and offline alike: iACST opens at 9 AM and closes at
  // 10 PM (part 2 §1), so Start Now and the launch call refuse any other hour.
  const window = {
    examDate: booking.exam_date,
    opensAt: istInstant(booking.exam_date, slot.start),
    closesAt: istInstant(booking.exam_date, slot.end),
  };
  const main = sittingOf(
    rows,
    now,
    'main',
    paper,
    `${MAIN_PREFIX}${booking.exam_date}`,
    window,
    programme.name,
    {
      offline: booking.exam_mode === 'Offline',
      absent: state.absent === 1,
    },
  );
  if (main.result) return main;
  // A result of an earlier booking (before an edit) is still the main result.
  const earlier = results.find(
    (r) =>
      r.schedule_id.startsWith(MAIN_PREFIX) &&
      papers.some((p) => p.code === r.paper_code && p.part === 0 && p.examType === programme.examType),
  );
  if (!earlier) return main;
  return {
    ...main,
    paper: papers.find((p) => p.code === earlier.paper_code) ?? paper,
    scheduleId: earlier.schedule_id,
    result: earlier,
    attempt: undefined,
    state: new Date(earlier.release_at) <= now ? 'released' : 'awaited',
    resultAt: new Date(earlier.release_at),
  };
}

/** The sample paper and the pack's papers (locked until bought), when the dashboard offers them. */
function packSittingsOf(rows: ExamRows, now: Date): { sample: Sitting[]; pack: Sitting[] } {
  const { packProgramme, student, papers } = rows;
  const sample: Sitting[] = [];
  const pack: Sitting[] = [];
  if (!packProgramme) return { sample, pack };
  const opensAt = new Date(student.created_at);
  const closesAt = addMs(opensAt, PACK_VALIDITY_DAYS * 24 * HOUR_MS);
  const window = { examDate: istDate(closesAt), opensAt, closesAt };
  const delayMs = resultDelayMs(packProgramme);
  for (const paper of papers
    .filter((p) => p.examType === packProgramme.examType)
    .sort((a, b) => a.part - b.part)) {
    if (paper.part === 0)
      sample.push(sittingOf(rows, now, 'sample', paper, 'sample', window, paper.title, { delayMs }));
    else if (paper.part <= (packProgramme.fee.papers ?? 0))
      pack.push(
        sittingOf(rows, now, 'pack', paper, 'pack', window, paper.title, {
          delayMs,
          locked: !rows.mockPurchased,
        }),
      );
  }
  return { sample, pack };
}

/** The student's exams at `now`, from their rows: pure. */
export function examContextOf(rows: ExamRows, now: Date): ExamContext {
  const { student, programme, booking, state, branch, coursePurchased, mockPurchased } = rows;
  return {
    student,
    programme,
    booking,
    state,
    main: mainSittingOf(rows, now),
    series: seriesOf(rows, now),
    ...packSittingsOf(rows, now),
    branch,
    coursePurchased,
    mockPurchased,
    now,
  };
}

/**
 * Whether the student has sat the main exam (or a paper of a series): a result exists, an online
 * attempt is running, or the offline exam day passed with the student present (result awaited).
 * The dashboard and the profile both answer exam_taken with it.
 */
export const examTaken = (ec: ExamContext): boolean =>
  Boolean(ec.main && (ec.main.result || ec.main.attempt || ec.main.state === 'awaited')) ||
  ec.series.some((s) => s.papers.some((p) => p.result));

export const allSittings = (ec: ExamContext): Sitting[] => [
  ...(ec.main ? [ec.main] : []),
  ...ec.series.flatMap((s) => s.papers),
  ...ec.sample,
  ...ec.pack,
];

export const findSitting = (ec: ExamContext, code: string, scheduleId: string): Sitting | undefined =>
  allSittings(ec).find((s) => s.paper.code === code && s.scheduleId === scheduleId);

/** The programme a paper's result is scored by (the pack has its own). */
export const programmeOfPaper = (ctx: AppContext, ec: ExamContext, paper: Paper): Programme =>
  maybeProgramme(ctx.site, paper.examType) ?? ec.programme;

/** The main card of a series programme: the live test, else the next one, else the last. */
export function currentSeriesSitting(ec: ExamContext): { sitting: Sitting; title: string } | undefined {
  const series =
    ec.series.find((s) => s.status === 'Ongoing') ??
    ec.series.find((s) => s.status === 'Upcoming') ??
    ec.series[ec.series.length - 1];
  const sitting =
    series?.papers.find((p) => p.state !== 'released' && p.state !== 'awaited') ?? series?.papers[0];
  return series && sitting ? { sitting, title: `${ec.programme.name}: ${series.name}` } : undefined;
}

/**
 * A sitting's state as the API sends it on every test card (exam_data.state, decision 026): the
 * client decides by this code and shows the card's button text beside it.
 */
export function testState(state: SittingState): TestState {
  switch (state) {
    case 'in_progress':
      return 'resume';
    case 'released':
      return 'result';
    default:
      return state;
  }
}

/** Test-card button text (part 2 §4 "Test launch"): the spec's words, shown as sent. */
export function buttonText(state: SittingState): string {
  switch (state) {
    case 'open':
    case 'in_progress':
      return 'Begin Test';
    case 'released':
      return 'View Result';
    case 'awaited':
      return 'Result Awaited';
    case 'upcoming':
      return 'Upcoming';
    case 'missed':
      return 'Missed';
    case 'offline_day':
      return 'Exam Today';
    case 'locked':
      return 'Locked';
  }
}
