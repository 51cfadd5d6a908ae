// MOCK-JEE dashboard answers and a block context for the component tests, built on the generated
// types. The series mirror the demo student 250000000013 (server/seed/demo-students.json): tests
// opening 10 and 6 days ago (Missed, Results), today (Ongoing) and in 3, 6 and 10 days (Upcoming).
import en from '../../../../config/i18n/en.json' with { type: 'json' };
import mockJee from '../../../../config/programmes/mock-jee.json' with { type: 'json' };
import site from '../../../../config/site.json' with { type: 'json' };
import { createTranslator } from '../../../engine/i18n';
import type {
  DashboardData,
  ExamData,
  MockJeePaper,
  MockJeeSeries,
  TestState,
} from '../../../generated/api/dashboard';
import type { UiStringTable } from '../../../generated/config/i18n';
import type { Programme } from '../../../generated/config/programme';
import type { Site } from '../../../generated/config/site';
import { loadedContext } from '../dashboard.test-support';
import type { LaunchState, PortalActions, PortalContext } from '../portal-context';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 2 May 2026, 12:00 noon India time. */
export const NOW = new Date('2026-05-02T06:30:00.000Z');
/** 9 AM India time on the day `days` from NOW. */
const nineAm = (days: number): Date => new Date(Date.parse('2026-05-02T03:30:00.000Z') + days * DAY_MS);
const isoDate = (at: Date): string => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

// The dashboard answer loses exam_data.launch and gains digital_only since the server
// builds the launch payload on demand (decision 008). Spread from a variable, these compile on either side
// of that change.
const legacyLaunch = {
  launch: {
    tenant_id: 'demo',
    user_id: '250000000013',
    exam_short_code: 'JEE-ADV-P1',
    external_schedule_id: 'S1',
    exam_start_time: '2026-05-02T03:30:00.000Z',
    exam_end_time: '2026-05-04T03:30:00.000Z',
    result_date_time: '2026-05-07T03:30:00.000Z',
    dob: '2008-03-11T18:30:00.000Z',
    stream: 'SOE',
    groups: { state: 'Delhi' },
    attempt_state: 'not_started' as const,
    event_type: 'exam' as const,
    reset_cutoff_time: '2026-05-04T03:30:00.000Z',
    klass: '12',
    we_user_id: '250000000013',
  },
};
const newFields = { digital_only: false };

/**
 * The server's words on a series paper's button for each state (server/services/exams/sittings.ts
 * buttonText). The blocks show them as sent and decide by the state alone: a test may pass other
 * words to show that.
 */
export const SERIES_BUTTON: Readonly<Record<TestState, string>> = {
  upcoming: 'Upcoming',
  open: 'Begin Test',
  resume: 'Begin Test',
  offline_day: 'Exam Today',
  missed: 'Missed',
  awaited: 'Result Awaited',
  result: 'View Result',
  locked: 'Locked',
};

function examData(
  code: string,
  scheduleId: string,
  state: TestState,
  btn: string,
  opens: Date,
  name: string,
): ExamData {
  const fields = {
    exam_short_code: code,
    external_schedule_id: scheduleId,
    start_time: opens.toISOString(),
    end_time: new Date(opens.getTime() + 48 * HOUR_MS).toISOString(),
    btn_txt: btn,
    state,
    exam_date: isoDate(opens),
    test_name: name,
  };
  return { ...fields, ...legacyLaunch };
}

export function paper(
  n: number,
  seriesNo: number,
  state: TestState,
  opens: Date,
  words: Readonly<Record<TestState, string>> = SERIES_BUTTON,
): MockJeePaper {
  const name = `Paper ${n}`;
  return {
    name,
    start_time: opens.toISOString(),
    btn_txt: words[state],
    exam_data: examData(
      `JEE-ADV-P${n}`,
      `S${seriesNo}-${isoDate(opens)}`,
      state,
      words[state],
      opens,
      `Mock Test ${seriesNo} – ${name}`,
    ),
  };
}

export function series(
  seriesNo: number,
  status: MockJeeSeries['status'],
  opensInDays: number,
  states: [TestState, TestState],
  detailedResultInDays?: number,
  words: Readonly<Record<TestState, string>> = SERIES_BUTTON,
): MockJeeSeries {
  const opens = nineAm(opensInDays);
  return {
    series_name: `Mock Test ${seriesNo}`,
    exam_date: isoDate(opens),
    status,
    start_time: opens.toISOString(),
    end_time: new Date(opens.getTime() + 48 * HOUR_MS).toISOString(),
    // 6 PM India time on that day (the programme's windows.detailedResultFrom).
    detailed_result_at:
      detailedResultInDays === undefined
        ? ''
        : new Date(nineAm(detailedResultInDays).getTime() + 9 * HOUR_MS).toISOString(),
    papers: states.map((state, i) => paper(i + 1, seriesNo, state, opens, words)),
  };
}

/** The demo student's six tests. */
export const demoSeries = (): MockJeeSeries[] => [
  series(1, 'Missed', -10, ['missed', 'missed']),
  // Its results came 3 days after it opened: the detailed result has been out since that evening.
  series(2, 'Results', -6, ['result', 'result'], -3),
  series(3, 'Ongoing', 0, ['open', 'open']),
  series(4, 'Upcoming', 3, ['upcoming', 'upcoming']),
  series(5, 'Upcoming', 6, ['upcoming', 'upcoming']),
  series(6, 'Upcoming', 10, ['upcoming', 'upcoming']),
];

export function jeeData(mockJeeSeries: MockJeeSeries[] = demoSeries()): DashboardData {
  const fields = {
    main_exam: [],
    sample_exam: [],
    mock_exam: [],
    mock_jee_series: mockJeeSeries,
    static_data: { testplayer_down: false, dashboard_msg: '', mock_purchased: false, sample_heading: '' },
    scholarship_msg: '',
    overall_percentage: '',
    scholarship_percentage: '0',
    student_name: 'Reyansh Bose',
    student_psid: 'NA',
    roll_number: '250000000013',
    exam_type: 'MOCK-JEE',
    branch_code: 'DL001',
    class: '12',
    stream: 'SOE',
    exam_taken: false,
    exam_help_line: '1800-000-0003',
    course_flags: {
      course_purchased: 0 as const,
      product: 'mockjee',
      enable_my_product_status: 0 as const,
      guided_journey_message: '',
      guided_journey_sub_message: '',
      scholarship_course_purchased_msg: '',
      term_condition_link: '',
      privacy_policy_link: '',
      iacst_download_prosp: '',
      preadmission_url: '',
    },
  };
  return { ...fields, ...newFields };
}

export const englishStrings: UiStringTable = en.strings;

export const idleLaunch: LaunchState = { busy: false, code: null, blockedUrl: null, error: null };

export function jeeContext(
  data: DashboardData,
  actions: PortalActions,
  over: { now?: Date; launch?: LaunchState; calendarMonths?: string[] } = {},
): PortalContext {
  // The real programme config (checked by validate:config); JSON imports type strings loosely.
  const programme = mockJee as unknown as Programme;
  const now = over.now ?? NOW;
  const loaded = loadedContext(data, { programme, t: createTranslator(englishStrings), now });
  return {
    ...loaded,
    config: {
      ...loaded.config,
      programme: {
        ...loaded.config.programme,
        schedule: {
          ...programme.schedule,
          calendarMonths: over.calendarMonths ?? programme.schedule.calendarMonths,
          // Months given by a test are taken as written (not moved with the configured season).
          repeatsYearly: over.calendarMonths ? false : programme.schedule.repeatsYearly,
        },
      },
      site: site as unknown as Site,
      samplePack: { fee: programme.fee, payment: programme.payment },
    },
    branchesLoading: false,
    launch: over.launch ?? idleLaunch,
    editExam: 'hidden',
    actions,
  };
}
