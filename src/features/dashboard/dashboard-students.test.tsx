// @vitest-environment jsdom
// What each demo student's dashboard says (server/seed/demo-students.json), from the real server's
// answer (real SQLite, a fixed day) rendered through the programme's block list: texts that fit
// the student, each said once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import iacst from '../../../config/programmes/iacst.json';
import iat from '../../../config/programmes/iat.json';
import mockJee from '../../../config/programmes/mock-jee.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import samplePack from '../../../config/programmes/sample-pack.json';
import demo from '../../../server/seed/demo-students.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createTranslator } from '../../engine/i18n';
import type { CourseListReply } from '../../generated/api/course-list';
import type { DashboardData } from '../../generated/api/dashboard';
import type { UiStringTable } from '../../generated/config/i18n';
import { dashboardData, loadedContext, mainCard } from './dashboard.test-support';
import { DashboardScreen } from './dashboard-screen';

// Noon in India on a fixed day: every "today" of the seed is this day.
const START = new Date('2026-03-10T06:30:00.000Z');
const t = createTranslator(en.strings as UiStringTable);
const PROGRAMMES: Record<string, unknown> = {
  iACST: iacst,
  IAT: iat,
  'MOCK-JEE': mockJee,
  'MOCK-NEET': mockNeet,
};

// The server runs in a child process (under jsdom, Vite rewrites the server's module paths for the
// browser, so it cannot be imported here: src/api/endpoints/endpoint-hooks.test.tsx): the same
// testApp() logs every demo student in and prints their dashboards.
const harness = path.resolve(__dirname, '../../../tests/support/server-harness.ts');
const serverScript = `
import { testApp } from ${JSON.stringify(harness)};
const t = await testApp({ start: new Date(${JSON.stringify(START.toISOString())}) });
const out = { dashboards: {}, courses: {} };
for (const s of ${JSON.stringify(demo.map((d) => ({ roll: d.roll_number, dob: d.dob, mobile: d.mobile })))}) {
  const headers = await t.login(s.roll, s.dob);
  const r = await t.call({ method: 'GET', url: '/api/dashboard', headers });
  const d = r.data.data;
  out.dashboards[s.roll.slice(-2)] = d;
  const path = [d.class, d.stream, d.branch_code, s.roll, s.mobile].map(encodeURIComponent).join('/');
  out.courses[s.roll.slice(-2)] = (await t.call({ method: 'GET', url: '/api/courses/' + path, headers })).data;
}
await t.close();
console.log(JSON.stringify(out));
`;

let dashboards: Record<string, DashboardData> = {};
let courseLists: Record<string, CourseListReply> = {};
beforeAll(async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', serverScript], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the server exited with ${code}`)),
    ),
  );
  ({ dashboards, courses: courseLists } = JSON.parse(output) as {
    dashboards: Record<string, DashboardData>;
    courses: Record<string, CourseListReply>;
  });
});
afterEach(cleanup);

async function dashboardOf(suffix: string): Promise<DashboardData> {
  const data = dashboards[suffix];
  if (!data) throw new Error(`no dashboard for demo student ${suffix}`);
  return Promise.resolve(data);
}

function show(
  data: DashboardData,
  programme: unknown = PROGRAMMES[data.exam_type],
  courses: CourseListReply | null = null,
) {
  const context = { ...loadedContext(data, { programme, t, now: START }), courses };
  return render(<DashboardScreen status="loaded" t={t} context={context} refreshing={false} />);
}

const count = (text: string | RegExp) => screen.queryAllByText(text).length;
const faqQuestions = async () => {
  const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
  return within(faq)
    .getAllByRole('group')
    .map((item) => item.querySelector('summary')?.textContent ?? '');
};
const fomo = () => screen.queryByRole('complementary', { name: 'Scholarship deadline' });

describe('branches after the exam, and the digital-only branch', () => {
  it('05: a result and no purchase: courses, and the branches near the student, and the FOMO banner', async () => {
    show(await dashboardOf('05'));
    expect(screen.getByRole('heading', { name: 'Courses for you' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Branches near you' })).toBeTruthy();
    expect(fomo()).toBeTruthy();
    expect(screen.queryByText('Our team will contact you soon.')).toBeNull();
  });

  it('07: a course bought: no branch list, no FOMO banner', async () => {
    show(await dashboardOf('07'));
    expect(screen.queryByRole('heading', { name: 'Branches near you' })).toBeNull();
    expect(fomo()).toBeNull();
  });

  it('08 (IC006): "Our team will contact you soon" where the branches would be; no FOMO; axe clean', async () => {
    const { container } = show(await dashboardOf('08'));
    expect(screen.getByRole('heading', { name: 'Our team will contact you soon.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Branches near you' })).toBeNull();
    expect(fomo()).toBeNull();
    await faqQuestions();
    expect(await seriousViolations(container)).toEqual([]);
  });

  // Advice that does not apply: the digital-only branch has no branch to visit and pays a course
  // fee; a student who bought a course has nothing more to pay. Every text of the page, the FAQ's
  // closed answers and the course cards (with the server's course list) included.
  const notForDigital = /visit (your|the|a) (nearest )?branch|branches near you|pay (the )?registration fee/i;
  // A bought course's card keeps its branch note (part 2 §2 "Purchased: … the branch notes").
  const notForBuyers = /nearest branch|branches near you|pay (the )?registration fee|payable now/i;

  it('08 (IC006): no branch advice and no "pay the registration fee" anywhere; its own way to admission', async () => {
    show(await dashboardOf('08'), iacst, courseLists['08']);
    expect(
      await screen.findByRole('heading', { name: 'Live Online Foundation Course (Classes 9 and 10)' }),
    ).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(notForDigital);
    expect(text).not.toMatch(/Visit Branch/);
    expect(await faqQuestions()).toContain('How do I take admission after the scholarship test?');
    expect(text).toContain(
      "Pay the course fee for the course you choose from 'Courses for you' on your dashboard.",
    );
    expect(text).toContain('Our team will then contact you to start your online classes.');
  });

  it('07 (a course bought): no "pay the registration fee", no nearest-branch advice; its card says Purchased', async () => {
    show(await dashboardOf('07'), iacst, courseLists['07']);
    const card = (await screen.findByText('Purchased')).closest('li') as HTMLElement;
    expect(card.textContent).not.toMatch(/payable now|Registration Fee:/i);
    expect(card.textContent).toContain('Visit your branch for batch details and admission.');
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(notForBuyers);
    expect(await faqQuestions()).not.toContain('How do I take admission after the scholarship test?');
  });

  it('08 with a course bought: its card says the team will contact them, not to visit a branch', async () => {
    const data = await dashboardOf('08');
    const list = courseLists['08'];
    if (!list) throw new Error('no course list for 08');
    show({ ...data, course_flags: { ...data.course_flags, course_purchased: 1 } }, iacst, {
      ...list,
      data: list.data.map((c) => ({ ...c, purchased: 1, amount_paid: c.registration_fees })),
    });
    const card = (await screen.findByText('Purchased')).closest('li') as HTMLElement;
    expect(card.textContent).toContain('Our team will contact you soon.');
    expect(document.body.textContent ?? '').not.toMatch(notForDigital);
  });

  it('03 missed at the digital-only branch: the support number, no branch visit', async () => {
    const data = await dashboardOf('03');
    show({ ...data, digital_only: true, branch_code: 'IC006' });
    expect(count('You have missed your test. Contact the support number to reschedule the test.')).toBe(1);
    expect(document.body.textContent ?? '').not.toMatch(/visit the branch/i);
  });

  it('01: before the exam, the branches near the student', async () => {
    show(await dashboardOf('01'));
    expect(screen.getByRole('heading', { name: 'Branches near you' })).toBeTruthy();
  });
});

describe('FOMO on every programme but IAT, the digital-only branch and a purchase', () => {
  const resultOut = (over: Partial<DashboardData> = {}) =>
    dashboardData({
      exam_taken: true,
      main_exam: [mainCard({ view_report: 1, present: 1, iacst_fomo_desc: 'Seats are filling fast.' })],
      ...over,
    });
  for (const [name, programme] of [
    ['MOCK-NEET', mockNeet],
    ['MOCK-JEE', mockJee],
    ['the sample pack', samplePack],
    ['iACST', iacst],
  ] as const)
    it(`${name}: shown after the exam`, () => {
      show(resultOut(), programme);
      expect(fomo()?.textContent).toBe('Seats are filling fast.');
    });

  it('IAT, IC006 and a purchase: not shown', () => {
    show(resultOut(), iat);
    expect(fomo()).toBeNull();
    cleanup();
    show(resultOut({ digital_only: true }), mockNeet);
    expect(fomo()).toBeNull();
    cleanup();
    const bought = resultOut();
    show({ ...bought, course_flags: { ...bought.course_flags, course_purchased: 1 } }, mockNeet);
    expect(fomo()).toBeNull();
  });
});

describe('the admit card: one line, true to the date', () => {
  it('11 (MOCK-NEET, in 2 days): the Download link, nothing about later', async () => {
    show(await dashboardOf('11'));
    expect(screen.getByRole('link', { name: 'Download admit card' })).toBeTruthy();
    expect(count(/admit card will be available/)).toBe(0);
    expect(count(/Your offline test is on 12 Mar 2026 \(Thursday\), 10:00 AM to 01:20 PM\./)).toBe(1);
  });

  it('12 (MOCK-NEET, in 10 days): once, from when; no link', async () => {
    const { container } = show(await dashboardOf('12'));
    const card = screen.getByRole('region', { name: 'NEET Mock Test' });
    expect(within(card).queryAllByText(/admit card/)).toHaveLength(1);
    expect(
      screen.getByText(
        'Your admit card will be available 2 days before the exam, from 18 Mar 2026 (Wednesday).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download admit card' })).toBeNull();
    expect(count(/is ready/)).toBe(0);
    await faqQuestions();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('10 (IAT, result out): no admit card line after the exam, and its own slot as timings', async () => {
    show(await dashboardOf('10'));
    const card = screen.getByRole('region', { name: 'Invictus Admission Test' });
    expect(within(card).queryAllByText(/admit card/i)).toHaveLength(0);
    expect(screen.getByText('02:00 PM to 05:00 PM')).toBeTruthy();
  });
});

describe('texts that fit the student, each said once', () => {
  it('03 (missed): the missed-test message once, and it is why Missed is disabled', async () => {
    show(await dashboardOf('03'));
    const message =
      'You have missed your test. Contact the support number or visit the branch to reschedule the test.';
    expect(count(message)).toBe(1);
    const missed = screen.getByRole('button', { name: 'Missed' }) as HTMLButtonElement;
    expect(missed.disabled).toBe(true);
    expect(document.getElementById(missed.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
  });

  it('14 (a pack paper with its report out): one View Report, not a second "View report"', async () => {
    show(await dashboardOf('14'));
    const paper = screen.getByRole('heading', { name: 'Mock test paper 1' }).closest('li') as HTMLElement;
    expect(within(paper).getAllByRole('button', { name: /view report/i })).toHaveLength(1);
    expect(within(paper).queryByRole('link', { name: /view report/i })).toBeNull();
  });

  it('04 (result awaited) and 10 (IAT): the admissions FAQ without "Courses for you", which they do not have', async () => {
    show(await dashboardOf('04'));
    expect(screen.queryByRole('heading', { name: 'Courses for you' })).toBeNull();
    let questions = await faqQuestions();
    // No result yet, so no scholarship to ask about; the branches they are shown.
    expect(questions).not.toContain('How long is my scholarship valid?');
    expect(questions).toContain('Where do I complete my admission?');
    expect(questions).not.toContain('How do I take admission after the scholarship test?');
    expect(document.body.textContent).not.toContain('Courses for you');
    cleanup();
    show(await dashboardOf('10'));
    questions = await faqQuestions();
    expect(questions).not.toContain('How do I take admission after the scholarship test?');
    expect(document.body.textContent).not.toContain('Courses for you');
  });

  it('01 and 14 (before the exam, no course block): the iACST FAQ does not point to "Courses for you"', async () => {
    for (const suffix of ['01', '14']) {
      show(await dashboardOf(suffix));
      const questions = await faqQuestions();
      expect(questions).toContain('When can I take my test?');
      expect(questions).not.toContain('How do I use my scholarship to take admission?');
      expect(document.body.textContent).not.toContain('Courses for you');
      cleanup();
    }
  });

  it('05 (result out, courses shown): the admissions FAQ points to its courses', async () => {
    show(await dashboardOf('05'));
    expect(await faqQuestions()).toContain('How do I take admission after the scholarship test?');
  });

  it("05 (60% scholarship) reads its rules from the programme's config; 06 (Not Qualified) and 10 (IAT) read none", async () => {
    show(await dashboardOf('05'));
    expect(await faqQuestions()).toContain('How long is my scholarship valid?');
    const text = document.body.textContent ?? '';
    expect(text).toContain('Your scholarship is valid for 30 days from your exam date.');
    expect(text).toContain('repeater-course scholarships are capped at 60%');
    expect(text).toContain('A scholarship above 80% needs an offline test at a branch within 15 days.');
    expect(text).not.toMatch(/\{\w+\}/);
    cleanup();
    for (const suffix of ['06', '10']) {
      show(await dashboardOf(suffix));
      const questions = await faqQuestions();
      expect(questions).not.toContain('How long is my scholarship valid?');
      expect(questions).not.toContain('Can the scholarship be more than the course fee?');
      expect(document.body.textContent).not.toMatch(/your scholarship/i);
      cleanup();
    }
  });

  it('13 (MOCK-JEE, a test with results): its FAQ about mock tests, no detailed-result promise days after', async () => {
    show(await dashboardOf('13'));
    const questions = await faqQuestions();
    expect(questions).toContain('When can I start a mock test?');
    expect(questions).not.toContain('How long is my scholarship valid?');
    expect(count(/Detailed Result/)).toBe(0);
  });
});
