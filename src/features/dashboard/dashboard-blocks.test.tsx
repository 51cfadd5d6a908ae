// @vitest-environment jsdom
// Every dashboard block and card state, rendered from the programme config's block list, checked by
// role and label (as a student finds things) and with axe.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import iacst from '../../../config/programmes/iacst.json';
import iat from '../../../config/programmes/iat.json';
import site from '../../../config/site.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createTranslator } from '../../engine/i18n';
import type { Branch } from '../../generated/api/branch-list';
import type { CourseListReply } from '../../generated/api/course-list';
import type { DashboardData } from '../../generated/api/dashboard';
import type { UiStringTable } from '../../generated/config/i18n';
import type { DashboardBlock } from '../../generated/config/programme';
import { AccountMenu } from './account-menu';
import { Branches } from './blocks/branches';
import { dashboardData, type fakeActions, loadedContext, mainCard } from './dashboard.test-support';
import { DashboardScreen } from './dashboard-screen';
import type { PortalContext } from './portal-context';
import { ProfileModal } from './profile-modal';

const t = createTranslator(en.strings as UiStringTable);
const NOON_IST = new Date('2026-11-23T07:00:00Z'); // 12:30 in India: afternoon

function renderDashboard(
  data: DashboardData,
  over: Partial<PortalContext> & { programme?: unknown } = {},
): { container: HTMLElement; actions: ReturnType<typeof fakeActions> } {
  const { programme = iacst, ...rest } = over;
  const loaded = loadedContext(data, { programme, t, now: NOON_IST });
  const context: PortalContext = { ...loaded, ...rest };
  const { container } = render(
    <DashboardScreen status="loaded" t={t} context={context} refreshing={false} />,
  );
  return { container, actions: loaded.actions };
}

/** A course on offer, as GET /api/courses lists it. */
const course = {
  product_id: 'NEET-C11-2Y',
  product_title: 'Two Year Integrated Classroom Course for NEET 2027',
  course_category: 'Medical',
  class: '11',
  purchased: 0,
  registration_fees: 2000,
  fee_label: 'Registration Fee',
} as CourseListReply['data'][number];

const afterExam = (over: Partial<DashboardData> = {}) =>
  dashboardData({
    exam_taken: true,
    overall_percentage: '75.0',
    scholarship_percentage: '60',
    scholarship_msg: 'scholarship on your course fee, valid till 22 Dec 2026.',
    main_exam: [
      mainCard({
        view_report: 1,
        present: 1,
        exam_button_text: 'View Result',
        exam_button_enabled: 1,
        exam_button_link: '/iacst-result?data=abc',
        iacst_fomo_desc: 'Only 29 days left.',
      }),
    ],
    ...over,
  });

afterEach(cleanup);

describe('main exam card', () => {
  it('upcoming: the greeting by India time, the details, a disabled button that says why, Edit exam', async () => {
    const { container, actions: a } = renderDashboard(dashboardData());
    expect(screen.getByText('Good afternoon, Aarav!')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Instant Admission cum Scholarship Test' });
    expect(within(card).getByText('Tuesday, 24 Nov 2026')).toBeTruthy();
    const upcoming = within(card).getByRole('button', { name: 'Upcoming' });
    expect((upcoming as HTMLButtonElement).disabled).toBe(true);
    expect(upcoming.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(upcoming.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your test opens on your exam date.',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Edit exam' }));
    expect(a.openEditExam).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('start now: an active button that starts the main exam; busy while it opens', async () => {
    const data = dashboardData({
      main_exam: [mainCard({ exam_button_text: 'Start Now', exam_button_enabled: 1 })],
    });
    const { actions: a } = renderDashboard(data);
    await userEvent.click(screen.getByRole('button', { name: 'Start Now' }));
    expect(a.startMainExam).toHaveBeenCalledTimes(1);
    cleanup();
    renderDashboard(data, { launch: { busy: true, code: 'IACST-SOM', blockedUrl: null } });
    const busy = screen.getByRole('button', { name: 'Opening…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('a blocked new tab leaves a link to open the test by hand', () => {
    renderDashboard(dashboardData(), {
      launch: { busy: false, code: 'IACST-SOM', blockedUrl: 'http://x/sandbox/test/1' },
    });
    expect(screen.getByRole('link', { name: 'Open your test' }).getAttribute('href')).toBe(
      'http://x/sandbox/test/1',
    );
  });

  it('missed: the absent message and a disabled Missed button; edit closed says why', async () => {
    const { container } = renderDashboard(
      dashboardData({ main_exam: [mainCard({ absent: 1, exam_button_text: 'Missed' })] }),
      { editExam: 'disabled' },
    );
    expect(
      screen.getByText(
        'You have missed your test. Contact the support number or visit the branch to reschedule the test.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Missed' }) as HTMLButtonElement).disabled).toBe(true);
    const edit = screen.getByRole('button', { name: 'Edit exam' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(document.getElementById(edit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your exam can no longer be changed.',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('result awaited: "Hey {name}! Your result is being calculated.", the date, a disabled report button, help', async () => {
    const { container } = renderDashboard(
      dashboardData({
        student_name: 'Ananya Iyer',
        main_exam: [
          mainCard({
            present: 1,
            exam_button_text: 'Result Awaited',
            report_text: 'View Result',
            result_expected_date: '23 Nov 2026, 11:00 AM',
            exam_data: { ...mainCard().exam_data, btn_txt: 'Result Awaited', state: 'awaited' },
          }),
        ],
      }),
      { editExam: 'hidden' },
    );
    expect(
      screen.getByRole('heading', { name: 'Hey Ananya! Your result is being calculated.' }),
    ).toBeTruthy();
    expect(screen.getByText('Expected by 23 Nov 2026, 11:00 AM')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'View Result' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Call now: 1800-000-0001' }).getAttribute('href')).toBe(
      'tel:18000000001',
    );
    expect(screen.queryByRole('button', { name: 'Edit exam' })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('offline: the centre with View on map, and the admit card now or "2 days before"', () => {
    const offline = { exam_mode: 'Offline' as const, center_address: 'RCC Delhi Central, 1 Demo Road' };
    renderDashboard(dashboardData({ main_exam: [mainCard({ ...offline, admit_card_from: '2026-11-22' })] }), {
      programme: iat,
    });
    expect(
      screen.getByText(
        'Your admit card will be available 2 days before the exam, from 22 Nov 2026 (Sunday).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on map' }).getAttribute('href')).toContain(
      encodeURIComponent('RCC Delhi Central, 1 Demo Road'),
    );
    cleanup();
    renderDashboard(
      dashboardData({
        main_exam: [
          mainCard({ ...offline, is_admit_card_available: 1, admit_card_url: '/sandbox/admit-card/1' }),
        ],
      }),
      { programme: iat },
    );
    expect(screen.getByRole('link', { name: 'Download admit card' }).getAttribute('href')).toBe(
      '/sandbox/admit-card/1',
    );
    expect(screen.queryByText(/will be available/)).toBeNull();
    cleanup();
    // Over (or never dated): no admit-card line at all.
    renderDashboard(dashboardData({ main_exam: [mainCard(offline)] }), { programme: iat });
    const card = screen.getByRole('region', { name: 'Instant Admission cum Scholarship Test' });
    expect(within(card).queryAllByText(/admit card/i)).toEqual([]);
  });
});

describe('post-exam blocks', () => {
  it('steps, FOMO, the scholarship banner and the guided journey, in config order', async () => {
    const { container, actions: a } = renderDashboard(afterExam());
    const steps = screen.getByRole('list', { name: 'Your admission steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Scholarship Test (done)', '2Course Registration (to do)', '3Visit Branch (to do)']);
    expect(within(steps).getByText('Course Registration').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    expect(screen.getByText('Only 29 days left.')).toBeTruthy();
    expect(
      screen.getByText('Applied 60% scholarship on your course fee, valid till 22 Dec 2026.'),
    ).toBeTruthy();
    expect(screen.getByText('Your score: 75.0%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe(
      '/iacst-result?data=abc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(a.scrollToCourses).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download prospectus' }));
    expect(a.downloadProspectus).toHaveBeenCalledTimes(1);
    // The main card comes before the banner (part 2 §2 4).
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Instant Admission cum Scholarship Test')).toBeLessThan(
      headings.indexOf('Your scholarship result'),
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('above the offline-test threshold: the banner names the offline test and its last day', () => {
    renderDashboard(afterExam({ scholarship_percentage: '90', scholarship_offline_test_by: '2026-03-23' }));
    expect(
      screen.getByText(
        'To confirm your 90% scholarship, take the offline test at your branch by 23 Mar 2026 (Monday).',
      ),
    ).toBeTruthy();
    cleanup();
    renderDashboard(afterExam());
    expect(screen.queryByText(/take the offline test at your branch/)).toBeNull();
    cleanup();
    // The digital-only branch (IC006) has no branch: the team arranges the test.
    renderDashboard(
      afterExam({
        scholarship_percentage: '90',
        scholarship_offline_test_by: '2026-03-23',
        digital_only: true,
      }),
    );
    expect(
      screen.getByText(
        'To confirm your 90% scholarship, take the offline test by 23 Mar 2026 (Monday): our team will contact you to arrange it.',
      ),
    ).toBeTruthy();
  });

  it('a bought course: the tracker marks Course Registration done and puts the student at Visit Branch, not done', () => {
    const flags = { ...dashboardData().course_flags, course_purchased: 1 as const };
    renderDashboard(afterExam({ course_flags: flags }));
    const steps = within(screen.getByRole('list', { name: 'Your admission steps' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      '1Scholarship Test (done)',
      '2Course Registration (done)',
      '3Visit Branch (to do)',
    ]);
    expect(steps.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step']);
  });

  it("no scholarship ('0'): no 'Applied', the message instead; PSID 'NA' when missing", () => {
    renderDashboard(
      afterExam({
        scholarship_percentage: '0',
        scholarship_msg: '',
        student_psid: '',
        // A stray date without a scholarship names no offline test.
        scholarship_offline_test_by: '2026-03-23',
      }),
    );
    expect(screen.queryByText(/Applied/)).toBeNull();
    expect(screen.queryByText(/take the offline test at your branch/)).toBeNull();
    // Without a scholarship the banner does not call itself a scholarship result.
    expect(screen.getByRole('heading', { name: 'Your result' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your scholarship result' })).toBeNull();
    expect(screen.getByText(/Thank you for taking the test/)).toBeTruthy();
    expect(screen.getByText('NA')).toBeTruthy();
  });

  it('a purchased course: no FOMO, the welcome, Start Now enabled only with the product status', async () => {
    const flags = { ...dashboardData().course_flags, course_purchased: 1 as const };
    renderDashboard(afterExam({ course_flags: flags }));
    expect(screen.queryByText('Only 29 days left.')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome aboard, Aarav Sharma!' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start Now' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    // Enabled: the portal's own page of the course bought, never the provider's pre-admission site.
    const enabled = afterExam({ course_flags: { ...flags, enable_my_product_status: 1 } });
    const bought = { ...course, product_id: 'NEET-1Y', purchased: 1 as const, amount_paid: 2000 };
    const other = { ...course, product_id: 'NEET-2Y' };
    const { actions } = renderDashboard(enabled, {
      courses: { success: 'true', msg: '', data: [other, bought] } as CourseListReply,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start Now' }));
    expect(actions.openCourse).toHaveBeenCalledWith('NEET-1Y', 'description');
    cleanup();
    // The course list not loaded (or the purchase not in it): Start Now takes the student to it.
    const { actions: before } = renderDashboard(enabled);
    await userEvent.click(screen.getByRole('button', { name: 'Start Now' }));
    expect(before.scrollToCourses).toHaveBeenCalledOnce();
    expect(before.openCourse).not.toHaveBeenCalled();
  });

  it('the digital-only branch: no FOMO banner and no branch list', () => {
    renderDashboard(afterExam({ digital_only: true }));
    expect(screen.queryByText('Only 29 days left.')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Branches near you' })).toBeNull();
  });

  it("IAT's own steps: Registration, Scholarship Test (reached once taken), Visit Branch; no FOMO", () => {
    renderDashboard(afterExam(), { programme: iat });
    const steps = screen.getByRole('list', { name: 'Your admission steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Registration (done)', '2Scholarship Test (done)', '3Visit Branch (to do)']);
    expect(screen.queryByText('Only 29 days left.')).toBeNull();
  });

  it("'Courses for you': fee or Purchased, View Course and Register Now; the empty text", async () => {
    const courses = {
      success: 'true',
      msg: '',
      data: [course, { ...course, product_id: 'B', purchased: 1 }],
    };
    const { container, actions: a } = renderDashboard(afterExam(), { courses: courses as CourseListReply });
    const section = screen.getByRole('region', { name: 'Courses for you' });
    expect(section.id).toBe('courseCardSection');
    expect(within(section).getByText('₹2,000')).toBeTruthy();
    expect(within(section).getByText('Filling Fast')).toBeTruthy();
    expect(within(section).getByText('Purchased')).toBeTruthy();
    expect(within(section).getAllByRole('button', { name: /^Register Now/ })).toHaveLength(1);
    await userEvent.click(within(section).getAllByRole('button', { name: /^View Course/ })[0] as HTMLElement);
    expect(a.openCourse).toHaveBeenCalledWith('NEET-C11-2Y', 'description');
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    renderDashboard(afterExam(), { courses: { ...courses, data: [] } as unknown as CourseListReply });
    expect(screen.getByText('No Courses Available for this user')).toBeTruthy();
  });
});

describe('pre-exam blocks', () => {
  it('the test platform down: the notice with dashboard_msg instead of the exam card', () => {
    renderDashboard(
      dashboardData({
        static_data: {
          testplayer_down: true,
          dashboard_msg: 'Back at 6 PM.',
          mock_purchased: false,
          sample_heading: '',
        },
      }),
    );
    expect(screen.getByRole('region', { name: 'The test platform is down' }).textContent).toContain(
      'Back at 6 PM.',
    );
    expect(screen.queryByRole('region', { name: 'Instant Admission cum Scholarship Test' })).toBeNull();
  });

  it('no main exam: the refresh card with its two actions', async () => {
    const { actions: a } = renderDashboard(dashboardData({ main_exam: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh dashboard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh profile' }));
    expect(a.refreshDashboard).toHaveBeenCalledTimes(1);
    expect(a.refreshProfile).toHaveBeenCalledTimes(1);
  });

  it('sample papers beside the mock pack promo: paytm by default, a method chosen is told, Buy now', async () => {
    const exam = {
      ...mainCard().exam_data,
      exam_short_code: 'NST-SAMPLE',
      btn_txt: 'Begin Test',
      state: 'open' as const,
    };
    const data = dashboardData({
      static_data: {
        testplayer_down: false,
        dashboard_msg: '',
        mock_purchased: false,
        sample_heading: 'Practise',
      },
      sample_exam: [
        {
          card_title: 'Free sample paper',
          exam_end_date: '23 Nov 2027',
          card_description: 'One hour.',
          exam_button_text: 'Start Test',
          exam_button_link: '',
          view_report: 0,
          report_text: '',
          report_link: '',
          exam_data: exam,
        },
      ],
      mock_exam: [
        {
          card_title: 'Mock test paper 1',
          exam_end_date: '23 Nov 2027',
          isLocked: true,
          view_report: 0,
          report_link: '',
          exam_button_text: 'Locked',
          exam_button_link: '',
          exam_data: { ...exam, exam_short_code: 'NST-MOCK-1', btn_txt: 'Locked', state: 'locked' },
        },
      ],
    });
    const { container, actions: a } = renderDashboard(data);
    expect(screen.getByText('Locked: buy the pack to open it')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start Test' }));
    expect(a.launchPaper).toHaveBeenCalledWith(exam);
    const promo = screen.getByRole('region', { name: 'ANTHE MOCK TEST PAPER' });
    expect((within(promo).getByRole('radio', { name: /Paytm/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(promo).getByRole('radio', { name: /HDFC/ }));
    expect(a.chooseMockPackMethod).toHaveBeenCalledWith('hdfc');
    await userEvent.click(within(promo).getByRole('button', { name: 'Buy now at just ₹50' }));
    expect(a.buyMockPack).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    renderDashboard({ ...data, static_data: { ...data.static_data, mock_purchased: true } });
    expect(screen.queryByRole('region', { name: 'ANTHE MOCK TEST PAPER' })).toBeNull();
  });

  it('the FAQ: the programme FAQ before the exam, the admissions FAQ after; the first item open', () => {
    renderDashboard(dashboardData());
    const first = screen.getByText(iacst.dashboard.faq[0]?.heading ?? '').closest('details');
    expect(first?.open).toBe(true);
    cleanup();
    renderDashboard(afterExam());
    expect(screen.getByText(site.admissionsFaq[0]?.heading ?? '')).toBeTruthy();
  });

  it("the FAQ says the programme's window and latest start, as the exam card does", () => {
    renderDashboard(dashboardData());
    const when = screen.getByText('When can I take my test?').closest('details') as HTMLElement;
    expect(
      within(when).getByText('On the exam date you chose, any time between 09:00 AM and 10:00 PM.'),
    ).toBeTruthy();
    // The card's words: "start by 09:00 PM to use the full time" (server/services/dashboard/build.ts).
    expect(
      within(when).getByText('The test lasts 60 minutes, so start it by 09:00 PM to use the full time.'),
    ).toBeTruthy();
    expect(when.textContent).not.toMatch(/\{/);
  });
});

describe('the branch carousel', () => {
  const centre = (name: string, label: string, phones: Branch['contact_numbers']): Branch => ({
    center_name: name,
    center_label: label,
    address: `${name} road, New Delhi`,
    contact_numbers: phones,
    location_url: `https://maps.example.com/?q=${encodeURIComponent(name)}`,
    latitude: 28.6,
    longitude: 77.2,
  });
  const reply = {
    success: 'true' as const,
    msg: 'Branches.',
    data: [
      centre('RCC Delhi Central', 'Delhi Central', ['011-4000001', '011-4000002', '', '9810000000']),
      centre('F+EC Dwarka', 'Dwarka', ['011-4000003', '', '', '']),
      // The server strips the prefix (center_label): the block shows the label as sent.
      centre('ALC Rohini', 'Rohini (ALC)', ['011-4000004', '', '', '']),
    ],
  };
  // The list the app read (src/app/portal/dashboard-branches.ts), handed in through the context.
  function renderBranches(
    block: DashboardBlock,
    over: Pick<PortalContext, 'branches' | 'branchesLoading'> = {
      branches: reply.data,
      branchesLoading: false,
    },
  ) {
    const context = { t, data: dashboardData({ branch_code: 'DL001' }), ...over } as unknown as PortalContext;
    return render(<Branches block={block} context={context} />);
  }

  it("every centre by the server's label (no prefix), its phones as links, the hours and the map; axe clean", async () => {
    const { container } = renderBranches({ type: 'branches' });
    const list = screen.getByRole('list', { name: 'Branches near you' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Delhi Central', 'Dwarka', 'Rohini (ALC)']);
    const phones = within(list).getAllByRole('list', { name: 'Phone numbers' })[0] as HTMLElement;
    expect(
      within(phones)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['tel:0114000001', 'tel:0114000002', 'tel:9810000000']);
    expect(within(list).getAllByText('Open until 07:00 PM')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Open map: Delhi Central' }).getAttribute('href')).toBe(
      'https://maps.example.com/?q=RCC%20Delhi%20Central',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("firstOnly (the spec's soloBranch): the first centre alone", async () => {
    renderBranches({ type: 'branches', firstOnly: true });
    const list = screen.getByRole('list', { name: 'Branches near you' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Delhi Central']);
  });

  it('while the list loads: the heading and a status; a list that failed or is empty: nothing', () => {
    renderBranches({ type: 'branches' }, { branches: null, branchesLoading: true });
    expect(screen.getByRole('heading', { name: 'Branches near you' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading branches…');
    cleanup();
    const failed = renderBranches({ type: 'branches' }, { branches: null, branchesLoading: false });
    expect(failed.container.innerHTML).toBe('');
    cleanup();
    const empty = renderBranches({ type: 'branches' }, { branches: [], branchesLoading: false });
    expect(empty.container.innerHTML).toBe('');
  });
});

// Validation refuses an answer the sanitising rule would change (src/engine/node/config-html.ts,
// its payloads in validate-config.test.ts), so the block shows the config's HTML as it is.
describe('FAQ answers are HTML from the validated config', () => {
  it('formatting and links show as such, with the programme words put in', () => {
    const faq = [
      {
        id: 'html',
        heading: 'Formatting',
        points: ['<strong>Bold</strong> <a href="/iacstexam">here</a> until {closesAt}'],
      },
    ];
    const programme = { ...iacst, dashboard: { ...iacst.dashboard, faq } };
    renderDashboard(dashboardData(), { programme });
    const answer = screen.getByText('Bold').closest('li') as HTMLElement;
    expect(answer.innerHTML).toBe('<strong>Bold</strong> <a href="/iacstexam">here</a> until 10:00 PM');
    expect(within(answer).getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/iacstexam');
  });
});

describe('account', () => {
  it('the menu opens by keyboard on its first item, Escape closes it back to the button', async () => {
    const onViewProfile = vi.fn();
    const { container } = render(
      <AccountMenu name="Rohan" t={t} onViewProfile={onViewProfile} onLogout={vi.fn()} />,
    );
    const button = screen.getByRole('button', { name: 'My account' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'View Profile' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('View Profile masks mobile and e-mail keeping 2 characters at each end', async () => {
    const profile = {
      student_firstname: 'Rohan',
      student_lastname: 'Gupta',
      roll_number: '250000000005',
      student_psid: 'PS00000005',
      mobile_number: '9000000005',
      email: 'rohan.demo@example.com',
      student_dob: '30-04-2007',
      class_stream_name: 'Class 12 Medical',
      exam_type: 'iACST',
      exam_date: 'Sunday, 22 Nov 2026',
    };
    const onClose = vi.fn();
    const { baseElement } = render(
      <ProfileModal profile={profile as never} loading={false} t={t} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'My profile' });
    expect(within(dialog).getByText('90******05')).toBeTruthy();
    expect(within(dialog).getByText('ro******mo@example.com')).toBeTruthy();
    expect(within(dialog).getByText('30/04/2007')).toBeTruthy();
    expect(dialog.textContent).not.toContain('9000000005');
    expect(await seriousViolations(baseElement)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('dashboard states', () => {
  it("the first load's spinner, then 'Error: ' plus the message and the generic error card", async () => {
    const { container, rerender } = render(<DashboardScreen status="loading" t={t} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard…');
    const onRetry = vi.fn();
    rerender(<DashboardScreen status="error" t={t} error="Dashboard is down" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('Error: Dashboard is down');
    expect(
      screen.getByRole('heading', {
        name: 'We are facing some unexpected technical issues. Kindly try after some time.',
      }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('the video banner', () => {
  it("plays the programme's video file in the page's own player, loading nothing until Play", async () => {
    const { container } = renderDashboard(dashboardData());
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('.ef-dash-video img')?.getAttribute('src')).toBe(
      '/videos/sample-poster.jpg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/videos/sample.webm');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.autoplay).toBe(true);
    // Named by its title.
    const label = document.getElementById(video?.getAttribute('aria-labelledby') ?? '');
    expect(label?.textContent).toMatch(/The Demo Academy advantage/);
  });

  it('an embed (an https player) loads its frame only on Play', async () => {
    const programme = {
      ...iacst,
      dashboard: {
        ...iacst.dashboard,
        videos: { default: { title: 'Our story', url: 'https://www.youtube.com/embed/abc' } },
      },
    };
    const { container } = renderDashboard(dashboardData(), { programme });
    expect(container.querySelector('iframe')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube.com/embed/abc');
  });
});
