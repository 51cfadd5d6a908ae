// Dashboard answers for component and machine tests, built on the generated types.
import { vi, type Mock } from 'vitest';
import samplePack from '../../../config/programmes/sample-pack.json';
import site from '../../../config/site.json';
import type { Translate } from '../../engine/i18n';
import type { DashboardData, MainExamCard } from '../../generated/api/dashboard';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import { dashboardFacts } from './dashboard-facts';
import type { PortalActions, PortalContext } from './portal-context';

export const mainCard = (over: Partial<MainExamCard> = {}): MainExamCard => ({
  card_title: 'Instant Admission cum Scholarship Test',
  absent: 0,
  is_admit_card_available: 0,
  admit_card_url: '',
  exam_date: 'Tuesday, 24 Nov 2026',
  exam_time: 'Any time from 09:00 AM to 10:00 PM',
  exam_duration: '1 hour',
  exam_mode: 'Online',
  exam_button_text: 'Upcoming',
  exam_button_link: '',
  exam_button_enabled: 0,
  view_report: 0,
  report_text: '',
  report_link: '',
  center_address: '',
  exam_help_line: '1800-000-0001',
  test_short_code: 'IACST-SOM',
  card_description: 'Your test opens on your exam date.',
  exam_end_date: '24 Nov 2026',
  result_expected_date: '',
  present: 0,
  career_type: 'Medical',
  iacst_fomo_desc: '',
  exam_data: {
    exam_short_code: 'IACST-SOM',
    external_schedule_id: 'M-2026-11-24',
    start_time: '2026-11-23T18:30:00.000Z',
    end_time: '2026-11-24T18:30:00.000Z',
    btn_txt: 'Upcoming',
    state: 'upcoming',
    exam_date: '2026-11-24',
    test_name: 'Instant Admission cum Scholarship Test',
  },
  ...over,
});

export const dashboardData = (over: Partial<DashboardData> = {}): DashboardData => ({
  main_exam: [mainCard()],
  sample_exam: [],
  mock_exam: [],
  mock_jee_series: [],
  static_data: { testplayer_down: false, dashboard_msg: '', mock_purchased: false, sample_heading: '' },
  scholarship_msg: '',
  overall_percentage: '',
  scholarship_percentage: '0',
  student_name: 'Aarav Sharma',
  student_psid: 'PS00000001',
  roll_number: '250000000001',
  exam_type: 'iACST',
  branch_code: 'DL001',
  class: '11',
  stream: 'SOM',
  exam_taken: false,
  exam_help_line: '1800-000-0001',
  digital_only: false,
  course_flags: {
    course_purchased: 0,
    product: 'iacst',
    enable_my_product_status: 0,
    guided_journey_message: 'Pay the registration fee and get access to iACST exclusive course content.',
    guided_journey_sub_message: 'Freebies come with your course registration.',
    scholarship_course_purchased_msg: '',
    term_condition_link: '/iacst-scholarship/terms-conditions',
    privacy_policy_link: '',
    iacst_download_prosp: '/api/prospectus?exam_type=iACST',
    preadmission_url: 'https://www.example.com/pre-admission',
  },
  ...over,
});

/** Every action the app wires into the dashboard, as a spy. */
export function fakeActions(): { [K in keyof PortalActions]: Mock<PortalActions[K]> } {
  return {
    startMainExam: vi.fn(),
    launchPaper: vi.fn(),
    openEditExam: vi.fn(),
    chooseMockPackMethod: vi.fn(),
    buyMockPack: vi.fn(),
    refreshDashboard: vi.fn(),
    refreshProfile: vi.fn(),
    openCourse: vi.fn(),
    scrollToCourses: vi.fn(),
    downloadProspectus: vi.fn(),
  };
}

/**
 * What the app hands the blocks once `data` has loaded, for `programme`: nothing else loaded yet
 * (the branch list still on its way), every action a spy. Every block is drawn in the first render
 * (dashboard-screen.test.tsx has the first screen's split).
 */
export function loadedContext(
  data: DashboardData,
  { programme, t, now }: { programme: unknown; t: Translate; now: Date },
): PortalContext & { actions: ReturnType<typeof fakeActions> } {
  const p = programme as Programme;
  const s = site as unknown as Site;
  const pack = samplePack as unknown as Programme;
  return {
    data,
    facts: dashboardFacts(data, now),
    config: {
      programme: { ...p, dashboard: { ...p.dashboard, firstScreenBlocks: 100 } },
      site: { support: s.support, admissionsFaq: s.admissionsFaq, brand: s.brand },
      samplePack: { fee: pack.fee, payment: pack.payment },
      loginPath: '/exam/login',
      locale: 'en',
    },
    t,
    now,
    courses: null,
    coursesLoading: false,
    result: null,
    resultLoading: false,
    branches: null,
    branchesLoading: true,
    launch: { busy: false, code: null, blockedUrl: null },
    editExam: 'enabled',
    mockPaymentBusy: false,
    mockPackMethod: pack.payment.default,
    actions: fakeActions(),
  };
}
