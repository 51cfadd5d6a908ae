// The dashboard's data (part 2 §3 "Dashboard response", "Main exam card data", "Mock card",
// "Mock JEE series", course flags), computed from the student's sittings.
import { splitClassStream } from '../../../src/domain/class-stream';
import { latestFullStart } from '../../../src/domain/exam-window';
import type {
  DashboardData,
  ExamData,
  MainExamCard,
  MockExamCard,
  MockJeeSeries,
  SampleExamCard,
} from '../../../src/generated/api/dashboard';
import type { AppContext } from '../../context';
import { iso } from '../../timestamps';
import { courseFlags } from '../commerce/course-flags';
import { feeWord, isDigitalOnly } from '../commerce/branch-terms';
import { centreById, centreLabel } from '../master/centres';
import { resultUrl } from '../exams/launch';
import { careerTypes, helpLine, samplePackOf, slotOf } from '../exams/programme';
import { scholarshipOf } from '../results/scholarship';
import { oneDecimal } from '../results/scoring';
import {
  buttonText,
  currentSeriesSitting,
  examTaken,
  loadExamContext,
  type ExamContext,
  type Sitting,
  type SittingState,
  testState,
} from '../exams/sittings';
import {
  addDays,
  dateLabel,
  dateTimeLabel,
  daysBetween,
  durationLabel,
  istDate,
  istInstant,
  timeLabel,
} from '../exams/time';
import type { Student } from '../../context';

export const ABSENT_MESSAGE =
  'You have missed your test. Contact the support number or visit the branch to reschedule the test.';
/** The digital-only branch has no branch to visit (the page's portal.absentDigital). */
export const ABSENT_MESSAGE_DIGITAL =
  'You have missed your test. Contact the support number to reschedule the test.';
export const TESTPLAYER_DOWN_MESSAGE =
  'Our test platform is under maintenance. You can start your test once it is back; please check again after some time.';

const MAIN_BUTTON: Record<SittingState, string> = {
  upcoming: 'Upcoming',
  open: 'Start Now',
  in_progress: 'Resume Test',
  offline_day: 'Exam Today',
  missed: 'Missed',
  awaited: 'Result Awaited',
  released: 'View Result',
  locked: 'Locked',
};
const ACTIVE: SittingState[] = ['open', 'in_progress', 'released'];

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

// No launch payload here: POST /api/test-launch builds it from the card's code and schedule id.
function examData(s: Sitting): ExamData {
  return {
    exam_short_code: s.paper.code,
    external_schedule_id: s.scheduleId,
    start_time: iso(s.opensAt),
    end_time: iso(s.closesAt),
    btn_txt: buttonText(s.state),
    state: testState(s.state),
    exam_date: s.examDate,
    test_name: s.testName,
  };
}

interface Centre {
  label: string;
  address: string;
}

async function centreOf(ctx: AppContext, id: string | null): Promise<Centre | undefined> {
  const row = id ? await centreById(ctx, id) : undefined;
  return row ? { label: centreLabel(row.name), address: row.address } : undefined;
}

/** The released main result's percentage and scholarship, if any (one source: exams/scholarship). */
const mainScore = (ec: ExamContext) => scholarshipOf(ec);

function fomo(ec: ExamContext): string {
  const score = mainScore(ec);
  const until = score?.validUntil;
  if (score && score.percent > 0 && until) {
    const left = Math.max(0, daysBetween(istDate(ec.now), until));
    return `Your ${score.percent}% scholarship is valid till ${dateLabel(until)}: only ${left} day${left === 1 ? '' : 's'} left. Pay the ${feeWord(ec.branch)} now to lock it in.`;
  }
  // Said to every programme's students, with or without a course block: no course is named.
  return 'Seats in our classroom batches are filling fast. Start your preparation with us today.';
}

async function mainCard(ctx: AppContext, ec: ExamContext, s: Sitting, title: string): Promise<MainExamCard> {
  const { programme, booking, student, state } = ec;
  const offline = booking.exam_mode === 'Offline' && s.kind === 'main';
  const slot = slotOf(programme, booking.exam_slot_id);
  const today = istDate(ec.now);
  const admitDays = programme.windows.admitCardDaysBefore;
  const admitFrom = admitDays !== undefined ? addDays(s.examDate, -admitDays) : undefined;
  // The admit card is for an exam still ahead: one state at a time (to come, from a date; ready),
  // none once the exam is over (part 2 §4).
  const examAhead = s.state === 'upcoming' || s.state === 'offline_day';
  const admitAvailable = offline && examAhead && admitFrom !== undefined && today >= admitFrom;
  const admitLater = offline && examAhead && admitFrom !== undefined && today < admitFrom;
  const centre = offline ? await centreOf(ctx, booking.exam_centre_id) : undefined;
  const released = s.state === 'released';
  const link = released ? resultUrl(ec, s) : '';
  const minutes = s.kind === 'main' ? programme.schedule.durationMinutes : s.paper.durationMinutes;
  const time =
    s.kind === 'series'
      ? `Opens at ${timeLabel(slot.start)}, open for ${programme.windows.examValidityHours ?? 24} hours`
      : offline
        ? `${timeLabel(slot.start)} to ${timeLabel(slot.end)}`
        : `Any time from ${timeLabel(slot.start)} to ${timeLabel(slot.end)}`;
  const description = (() => {
    switch (s.state) {
      case 'upcoming':
        if (s.kind === 'series') return `${s.testName} opens on ${dateTimeLabel(s.opensAt)}.`;
        // The admit card has its own line on the card (admit_card_from / is_admit_card_available).
        if (offline) return `Your offline test is on ${dateLabel(s.examDate)}, ${time}.`;
        return `Your online test is on ${dateLabel(s.examDate)}. ${time}.`;
      case 'open':
        if (s.kind === 'series')
          return `${s.testName} is live until ${dateTimeLabel(s.closesAt)}. Each paper takes ${durationLabel(minutes)}; begin with Paper 1.`;
        return `Your test is open today. It takes ${durationLabel(minutes)}; start by ${timeLabel(latestFullStart(slot, minutes))} to use the full time.`;
      case 'in_progress':
        return s.attempt
          ? `You have started your test. Finish it before ${dateTimeLabel(new Date(s.attempt.expires_at))}.`
          : '';
      case 'offline_day': {
        const where = `Your test is today at ${centre?.label ?? 'your exam centre'}.`;
        // "Bring your printed admit card" only beside the admit card itself; a programme that
        // issues none (no windows.admitCardDaysBefore) says so instead of asking for one
        // (decision 043).
        return admitAvailable
          ? `${where} Bring your printed admit card.`
          : `${where} ${programme.shortName} has no admit card: give your roll number, ${student.roll_number}, at the centre.`;
      }
      case 'missed':
        return isDigitalOnly(ec.branch) ? ABSENT_MESSAGE_DIGITAL : ABSENT_MESSAGE;
      case 'awaited':
        return `Hey ${student.first_name}! Your result is being calculated.`;
      case 'released':
        return 'Your result is out. View your score card and analysis.';
      case 'locked':
        return '';
    }
  })();
  return {
    card_title: title,
    absent: bit(s.state === 'missed'),
    is_admit_card_available: bit(admitAvailable),
    admit_card_url: admitAvailable ? `/sandbox/admit-card/${state.admit_card_id}` : '',
    admit_card_from: admitLater && admitFrom ? admitFrom : '',
    exam_date: dateLabel(s.examDate),
    exam_time: time,
    exam_duration: durationLabel(minutes),
    exam_mode: s.kind === 'main' ? booking.exam_mode : programme.mode === 'offline' ? 'Offline' : 'Online',
    exam_button_text: MAIN_BUTTON[s.state],
    exam_button_link: link,
    exam_button_enabled: bit(ACTIVE.includes(s.state)),
    view_report: bit(released),
    report_text: released ? 'View Result' : s.state === 'awaited' ? 'Result Awaited' : '',
    report_link: link,
    center_address: centre ? [centre.label, centre.address].filter(Boolean).join(', ') : '',
    exam_help_line: helpLine(ctx.site, programme, ec.branch),
    test_short_code: s.paper.code,
    card_description: description,
    exam_end_date: dateLabel(istDate(new Date(s.closesAt.getTime() - 1))),
    result_expected_date: s.state === 'awaited' ? dateTimeLabel(s.resultAt) : '',
    present: bit(Boolean(s.result || s.attempt) || (s.state === 'awaited' && offline)),
    career_type: careerTypes[splitClassStream(booking.class_stream).stream] ?? '',
    iacst_fomo_desc: fomo(ec),
    exam_data: examData(s),
  };
}

function paperButton(s: Sitting): string {
  switch (s.state) {
    case 'open':
      return 'Start Test';
    case 'in_progress':
      return 'Resume Test';
    case 'released':
      return 'View Report';
    default:
      return buttonText(s.state);
  }
}

function sampleCard(ec: ExamContext, s: Sitting): SampleExamCard {
  const released = s.state === 'released';
  return {
    card_title: s.paper.title,
    exam_end_date: dateLabel(s.examDate),
    card_description: `${s.paper.subjects.join(', ')}. ${durationLabel(s.paper.durationMinutes)}.`,
    exam_button_text: paperButton(s),
    exam_button_link: released ? resultUrl(ec, s) : '',
    view_report: bit(released),
    report_text: released ? 'View Report' : '',
    report_link: released ? resultUrl(ec, s) : '',
    exam_data: examData(s),
  };
}

function mockCard(ec: ExamContext, s: Sitting): MockExamCard {
  const released = s.state === 'released';
  return {
    card_title: s.paper.title,
    exam_end_date: dateLabel(s.examDate),
    isLocked: s.state === 'locked',
    view_report: bit(released),
    report_link: released ? resultUrl(ec, s) : '',
    exam_button_text: paperButton(s),
    exam_button_link: released ? resultUrl(ec, s) : '',
    exam_data: examData(s),
  };
}

/** When a series' detailed result opens: the day its last result came, at the programme's time. */
function detailedResultAt(ec: ExamContext, papers: readonly Sitting[]): string {
  const from = ec.programme.windows.detailedResultFrom;
  const released = papers.filter((p) => p.result).map((p) => p.resultAt.getTime());
  if (!from || released.length === 0) return '';
  return iso(istInstant(istDate(new Date(Math.max(...released))), from));
}

function seriesView(ec: ExamContext): MockJeeSeries[] {
  return ec.series.map((s) => ({
    series_name: s.name,
    exam_date: s.examDate,
    status: s.status,
    start_time: iso(s.opensAt),
    end_time: iso(s.closesAt),
    detailed_result_at: detailedResultAt(ec, s.papers),
    papers: s.papers.map((p) => ({
      name: p.paper.title,
      start_time: iso(p.opensAt),
      btn_txt: buttonText(p.state),
      exam_data: examData(p),
    })),
  }));
}

/**
 * The banner's message beside the scholarship ('Applied {percent}% …'), or without one the
 * result's next step: counselling at the nearest branch, but not for a student who has bought a
 * course (the course is chosen) and not at the digital-only branch (no branch: its team calls).
 */
function scholarshipMessage(ec: ExamContext, score: ReturnType<typeof mainScore>): string {
  if (!score) return '';
  const until = score.validUntil;
  if (score.percent > 0)
    return `scholarship on your course fee${until ? `, valid till ${dateLabel(until)}` : ''}.`;
  const { shortName } = ec.programme;
  const first = score.qualified
    ? `You have qualified in ${shortName}.`
    : `Thank you for taking ${shortName}.`;
  if (ec.coursePurchased) return first;
  return isDigitalOnly(ec.branch)
    ? `${first} Our team will contact you for counselling on the right course for you.`
    : `${first} Visit your nearest branch for counselling on the right course for you.`;
}

export async function buildDashboard(
  ctx: AppContext,
  student: Student,
  ec?: ExamContext,
): Promise<DashboardData> {
  ec ??= await loadExamContext(ctx, student);
  const { programme, state, booking } = ec;
  const { klass, stream } = splitClassStream(booking.class_stream);
  const mains: MainExamCard[] = [];
  if (ec.main) mains.push(await mainCard(ctx, ec, ec.main, programme.name));
  const current = currentSeriesSitting(ec);
  if (current) mains.push(await mainCard(ctx, ec, current.sitting, current.title));
  const score = mainScore(ec);
  const pack = samplePackOf(ctx.site);
  const testplayerDown = state.testplayer_down === 1;
  return {
    main_exam: mains,
    sample_exam: ec.sample.map((s) => sampleCard(ec, s)),
    mock_exam: ec.pack.map((s) => mockCard(ec, s)),
    mock_jee_series: seriesView(ec),
    static_data: {
      testplayer_down: testplayerDown,
      dashboard_msg: state.dashboard_msg ?? (testplayerDown ? TESTPLAYER_DOWN_MESSAGE : ''),
      mock_purchased: ec.mockPurchased,
      sample_heading: pack ? `Practise with the ${pack.shortName.toLowerCase()}` : '',
    },
    scholarship_msg: scholarshipMessage(ec, score),
    overall_percentage: score ? oneDecimal(score.percentage).toFixed(1) : '',
    scholarship_percentage: String(score?.percent ?? 0),
    ...(score?.offlineTestBy ? { scholarship_offline_test_by: score.offlineTestBy } : {}),
    student_name: [student.first_name, student.last_name].filter(Boolean).join(' '),
    student_psid: student.psid || 'NA',
    roll_number: student.roll_number,
    exam_type: student.exam_type,
    branch_code: student.branch_code,
    class: klass,
    stream,
    exam_taken: examTaken(ec),
    exam_help_line: helpLine(ctx.site, programme, ec.branch),
    digital_only: isDigitalOnly(ec.branch),
    course_flags: courseFlags(ctx, ec),
  };
}
