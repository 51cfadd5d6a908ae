// The logged-in dashboard in Chromium against the real server, for every demo student of
// server/seed/demo-students.json: what the spec says their state shows (texts, which buttons are
// enabled), axe clean, at 390 and 1280 px; the profile modal's masking; logout; a stale session.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { launchBrowser, logInAs, requestInitiators, seriousViolations } from './browser';

const port = inject('port');
const shots = process.env.EXAMFLOW_SHOTS;
const HOSTS: Record<string, string> = {
  'MOCK-JEE': 'mock-jee.localhost',
  'MOCK-NEET': 'mock-neet.localhost',
  IAT: 'iat.localhost',
};
const hostOf = (examType: string) => HOSTS[examType] ?? 'localhost';
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;
const student = (suffix: string) => {
  const found = students.find((s) => s.roll_number.endsWith(suffix));
  if (!found) throw new Error(`no demo student ${suffix}`);
  return found;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs in through the API as the login form does (token stored, marker cookie set), then opens /dashboard. */
async function openDashboard(
  suffix: string,
  width = 390,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const s = student(suffix);
  const host = hostOf(s.exam_type);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await logInAs(context, s, url, host);
  await page.goto(url('/dashboard', host));
  // Every block drawn (the first screen's come first: the dashboard is busy until the others are).
  await page.locator('.ef-dash:not([aria-busy])').waitFor({ timeout: 15_000 });
  return { page, context, errors };
}

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

interface Expectation {
  suffix: string;
  texts: (string | RegExp)[];
  absent?: (string | RegExp)[];
  enabled?: string[];
  disabled?: string[];
  links?: string[];
}

const EXPECTATIONS: Expectation[] = [
  {
    suffix: '01',
    texts: ['Instant Admission cum Scholarship Test', /Good (morning|afternoon|evening), Aarav!/],
    disabled: ['Upcoming'],
    enabled: ['Edit exam'],
  },
  {
    suffix: '02',
    texts: ['Free sample paper', 'ANTHE MOCK TEST PAPER', 'Set of 4 mock test paper'],
    enabled: ['Start Now', 'Buy now at just ₹50', 'Start Test'],
  },
  {
    suffix: '03',
    texts: [
      'You have missed your test. Contact the support number or visit the branch to reschedule the test.',
    ],
    disabled: ['Missed'],
  },
  { suffix: '04', texts: ['Hey Ananya! Your result is being calculated.'], disabled: ['Result Awaited'] },
  {
    suffix: '05',
    texts: [/Applied 60% scholarship/, 'Courses for you', 'Your score: 75.0%', 'PS00000005'],
    links: ['View Result'],
    enabled: ['Download prospectus', 'Register'],
  },
  { suffix: '06', texts: ['Courses for you'], absent: [/Applied \d+%/], links: ['View Result'] },
  {
    suffix: '07',
    texts: [
      /Applied 90%/,
      'Welcome aboard, Vihaan Reddy!',
      'Your 90% scholarship has been applied to your course.',
      // Above 80%: the offline test and its last day (part 1 §9), a date a student reads.
      /To confirm your 90% scholarship, take the offline test at your branch by \d{1,2} [A-Z][a-z]{2} \d{4} \([A-Z][a-z]+day\)\./,
      // The seeded purchase row: the course card says Purchased.
      'Purchased',
    ],
    absent: [/only \d+ days left/],
    enabled: ['Start Now'],
  },
  {
    suffix: '08',
    texts: ['Course Fee', /Applied 75%/, 'Our team will contact you soon.'],
    absent: ['Branches near you', 'Registration Fee'],
  },
  { suffix: '09', texts: ['Download admit card', 'View on map', 'Offline'] },
  { suffix: '10', texts: [], links: ['View Result'] },
  { suffix: '11', texts: ['Download admit card', '10:00 AM to 01:20 PM'] },
  {
    suffix: '12',
    texts: [/Your admit card will be available 2 days before the exam, from \d+ \w+ \d{4} \(\w+day\)\./],
    absent: ['is ready', 'Download admit card'],
  },
  { suffix: '14', texts: ['Mock test paper 1'], absent: ['ANTHE MOCK TEST PAPER', /Locked/] },
  { suffix: '15', texts: ['The test platform is down'], absent: ['Start Now'] },
];

describe('dashboard: every demo student', () => {
  for (const e of EXPECTATIONS) {
    for (const width of e.suffix === '05' || e.suffix === '02' ? [390, 1280] : [390]) {
      it(`${student(e.suffix).shows.split(':')[0]} (${e.suffix}, ${width} px)`, async () => {
        const { page, context, errors } = await openDashboard(e.suffix, width);
        // Courses and branches load after the dashboard: wait for their spinners to end.
        await page
          .getByText(/^Loading (courses|branches)…$/)
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        const text = await page.locator('main').innerText();
        if (shots)
          await page.screenshot({
            path: path.join(shots, `student-${e.suffix}-${width}.png`),
            fullPage: true,
          });
        for (const expected of e.texts) expect(text).toMatch(expected);
        for (const missing of e.absent ?? []) expect(text).not.toMatch(missing);
        for (const name of e.enabled ?? [])
          await expect(button(page, name).first().isEnabled()).resolves.toBe(true);
        for (const name of e.disabled ?? [])
          await expect(button(page, name).first().isDisabled()).resolves.toBe(true);
        for (const name of e.links ?? [])
          await expect(page.getByRole('link', { name, exact: true }).count()).resolves.toBeGreaterThan(0);
        // No raw ISO date anywhere a student reads.
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        // One date style: every day-month-year a student reads says its weekday, 16 Dec 2026 (Wednesday).
        expect(text).not.toMatch(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}(?! \()/);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('dashboard: first reads', () => {
  it("the app's scripts come from the page's HTML, the first read from its head's inline script, once", async () => {
    const s = student('02');
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const byOf = await requestInitiators(
      context,
      page,
      (path) => /^\/api\/(session|profile|dashboard)$/.test(path) || /^\/assets\/[\w-]+\.js$/.test(path),
    );
    await logInAs(context, s, url, hostOf(s.exam_type));
    // The profile is the last read of the page's start: the checks wait for it, not for a quiet network.
    const profileRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile');
    await page.goto(url('/dashboard', hostOf(s.exam_type)));
    await page.locator('.ef-dash-card').first().waitFor({ timeout: 15_000 });
    await profileRead;
    // The portal island's chunks are named in the head (modulepreload): they download beside the
    // page script, not after it has run and asked for them.
    const html = await (await context.request.get(url('/dashboard', hostOf(s.exam_type)))).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(preloaded.some((href) => href.startsWith('/assets/framework-'))).toBe(true);
    for (const href of preloaded) expect(byOf(href), href).toEqual(['html']);
    // The first screen's one read is the page's own (its inline script, decision 035), once: the
    // app takes its answer. The profile is the app's, after the first screen; the session is not
    // asked again on load (the dashboard's read would find it over).
    expect(byOf('/api/dashboard')).toEqual(['/dashboard']);
    expect(byOf('/api/profile')).toEqual([expect.stringMatching(/^\/assets\/[\w-]+\.js$/)]);
    expect(byOf('/api/session')).toEqual([]);
    await context.close();
  });
});

describe('dashboard: the first screen first', () => {
  it('asks for the profile, the courses, the test token and the branches only once the first screen is on the page', async () => {
    const s = student('05'); // after the exam: courses, result and branches
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    // Each later read, with what the page showed when it was asked for.
    await page.addInitScript(() => {
      const asked: { path: string; fomo: boolean; blocks: number }[] = [];
      (window as unknown as { asked: typeof asked }).asked = asked;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const path = new URL(String(input instanceof Request ? input.url : input), location.href).pathname;
        if (/^\/api\/(courses|test-platform|branches|student-result|profile$)/.test(path))
          asked.push({
            path,
            fomo: document.querySelector('.ef-dash-fomo') !== null,
            blocks: document.querySelectorAll('.ef-dash > :not(h1)').length,
          });
        return original(input, init);
      };
    });
    await logInAs(context, s, url, hostOf(s.exam_type));
    await page.goto(url('/dashboard', hostOf(s.exam_type)));
    await page.getByRole('heading', { name: 'Branches near you' }).waitFor({ timeout: 15_000 });
    const readAsked = () =>
      page.evaluate(
        () => (window as unknown as { asked: { path: string; fomo: boolean; blocks: number }[] }).asked,
      );
    // Waits for the five later reads themselves (a sixth would fail the next check).
    await expect.poll(async () => (await readAsked()).length).toBeGreaterThanOrEqual(5);
    const asked = await readAsked();
    expect(asked.map((a) => a.path.split('/')[2]).sort()).toEqual([
      'branches',
      'courses',
      'profile',
      'student-result',
      'test-platform',
    ]);
    for (const read of asked) expect(read, read.path).toMatchObject({ fomo: true });
    // The branches block is below the first screen: it is drawn after the first screen was.
    const firstScreen = Math.min(...asked.map((a) => a.blocks));
    expect(firstScreen).toBeGreaterThan(0);
    expect(await page.locator('.ef-dash > :not(h1)').count()).toBeGreaterThan(firstScreen);
    await context.close();
  });
});

describe('dashboard: account', () => {
  it('View Profile masks the mobile and e-mail (2 characters kept at each end), by keyboard too', async () => {
    const { page, context } = await openDashboard('05');
    const menu = page.getByRole('button', { name: 'My account' });
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('menuitem', { name: 'View Profile' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'My profile' });
    await dialog.getByText('90******05').waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('ro******mo@example.com');
    expect(text).not.toContain('9000000005');
    expect(text).toContain('30/04/2007');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(menu.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await context.close();
  });

  it('View Profile shows the profile before the first screen, and when the dashboard could not load (the account button then takes its name)', async () => {
    const s = student('05');
    for (const dashboard of ['held back', 'refused']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
      const page = await context.newPage();
      await logInAs(context, s, url, hostOf(s.exam_type));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/dashboard', async (route) => {
        if (dashboard === 'held back') await held;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":"false","msg":"Down."}',
        });
      });
      await page.goto(url('/dashboard', hostOf(s.exam_type)));
      // Refused: the error card, and no first screen will ever be painted.
      if (dashboard === 'refused') await page.getByRole('button', { name: 'Try again' }).waitFor();
      await page.getByRole('button', { name: 'My account' }).click();
      await page.getByRole('menuitem', { name: 'View Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'My profile' });
      // Loading, then the profile: never "An error occurred" (the dialog asks for it itself).
      const first = await dialog.innerText();
      await dialog.getByText('90******05').waitFor();
      expect(first, dashboard).not.toContain('An error occurred');
      expect(await seriousViolations(page)).toEqual([]);
      // The account button's initial: the profile's name when the dashboard gave none.
      if (dashboard === 'refused')
        expect(await page.locator('.ef-account__avatar').textContent()).toBe(s.first_name[0]);
      release();
      await context.close();
    }
  });

  it('Logout ends the session: /exam/login, then /, the login page and a landing page show themselves', async () => {
    const { page, context } = await openDashboard('01');
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(url('/exam/login'));
    expect(await page.evaluate(() => localStorage.getItem('examflow:session'))).toBeNull();
    for (const path of ['/', '/exam/login', '/iacstexam']) {
      await page.goto(url(path));
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });

  it('a session the server no longer knows clears itself and goes to /, never trapping the student', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await context.addCookies([{ name: 'ef_session', value: '1', url: url('/') }]);
    await page.addInitScript(() =>
      localStorage.setItem(
        'examflow:session',
        JSON.stringify({
          token: 'expired-token-000000000000000000000000000',
          rollNumber: '250000000001',
          dob: '05-01-2008',
          examType: null,
        }),
      ),
    );
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/'));
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'ef_session')).toBeUndefined();
    await context.close();
  });
});

describe('dashboard: tests', () => {
  it('Start Now opens the sandbox test in a new tab; after submitting it the session is over', async () => {
    const { page, context } = await openDashboard('02');
    const [testTab] = await Promise.all([context.waitForEvent('page'), button(page, 'Start Now').click()]);
    await testTab.waitForLoadState();
    expect(new URL(testTab.url()).pathname).toMatch(/^\/sandbox\/test\//);
    await testTab.getByRole('button', { name: 'Submit test' }).click();
    await testTab.getByRole('heading', { name: /submitted/i }).waitFor();
    // Back on the dashboard: the server no longer accepts the session, so the app ends it.
    await page.bringToFront();
    // Coming back to the tab re-checks the session.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL(url('/?signed_out=test_submitted'), { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('examflow:session'))).toBeNull();
    // Not a bare login page: it says why.
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain('Your test was submitted, so you were signed out. Log in again to see your result.');
    // A reload still says why, and nothing of the session came back.
    await page.reload();
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain('Your test was submitted, so you were signed out. Log in again to see your result.');
    expect(await page.evaluate(() => localStorage.getItem('examflow:session'))).toBeNull();
    expect(await page.getByRole('textbox', { name: 'Roll number' }).inputValue()).toBe('');

    // She logs in again there; then "Release my result now" in the test's tab keeps that session.
    const s = student('02');
    await page.getByRole('textbox', { name: 'Roll number' }).fill(s.roll_number);
    await page.getByRole('textbox', { name: /^Password/ }).fill(s.dob);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(url('/dashboard'));
    await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
    await testTab.bringToFront();
    await testTab.getByRole('button', { name: /Release my result now/ }).click();
    await testTab.getByText('Your result is ready.').waitFor();
    await page.bringToFront();
    await page.reload();
    await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByRole('link', { name: 'View Result' }).first().waitFor({ timeout: 15_000 });
    expect((await context.cookies(url('/'))).find((c) => c.name === 'ef_session')?.value).toBe('1');
    await context.close();
  });

  it('a sample paper opens through the test launch; a failed launch says so', async () => {
    const { page, context } = await openDashboard('02', 1280);
    const [paperTab] = await Promise.all([context.waitForEvent('page'), button(page, 'Start Test').click()]);
    await paperTab.waitForLoadState();
    expect(new URL(paperTab.url()).pathname).toMatch(/^\/sandbox\/test\//);
    await paperTab.close();
    // The server's own message when it sends one, else the page's.
    await page.route('**/api/test-launch', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"success":"false","msg":"The test platform is down."}',
      }),
    );
    await button(page, 'Start Test').click();
    await page.getByRole('alert').filter({ hasText: 'The test platform is down.' }).waitFor();
    await page.unroute('**/api/test-launch');
    await page.route('**/api/test-launch', (route) => route.abort());
    await button(page, 'Start Test').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not start your test. Please try again.' })
      .waitFor();
    expect(await button(page, 'Start Test').isEnabled()).toBe(true);
    await context.close();
  });
});

describe('dashboard: edit exam', () => {
  /** Picks the first real option of a select (index 0 is the "Select" placeholder). */
  async function chooseFirst(page: Page, label: string, skip = 0): Promise<string> {
    const select = page.getByRole('dialog').getByLabel(label, { exact: true });
    await expect
      .poll(async () => select.locator('option').count(), { timeout: 10_000 })
      .toBeGreaterThan(1 + skip);
    const value = await select
      .locator('option')
      .nth(1 + skip)
      .getAttribute('value');
    await select.selectOption(value ?? '');
    return value ?? '';
  }

  it('online: a new date is saved directly, the toast says so and the card shows it; Back closed the dialog first', async () => {
    const { page, context, errors } = await openDashboard('03');
    await button(page, 'Edit exam').click();
    const dialog = page.getByRole('dialog', { name: 'Edit exam details' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('editExam')).toBe('true');
    // Back closes it: the dialog is a place in the history.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    await button(page, 'Edit exam').click();
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await chooseFirst(page, 'Date of exam', 1);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Your exam details have been updated/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    // The dashboard loaded again: the missed card is gone (the new date is ahead).
    await expect
      .poll(async () => page.locator('main').innerText(), { timeout: 10_000 })
      .not.toContain('You have missed your test');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline: a reload keeps the choice; ₹100 through the gateway; a failed payment reopens the dialog with the edit kept; paying applies it', async () => {
    const { page, context, errors } = await openDashboard('01');
    await button(page, 'Edit exam').click();
    const dialog = page.getByRole('dialog', { name: 'Edit exam details' });
    await dialog.getByRole('radio', { name: /Offline/ }).check();
    await chooseFirst(page, 'State');
    const centre = await chooseFirst(page, 'Centre');
    const date = await chooseFirst(page, 'Date of exam');
    // A reload (or a tab the phone discarded) while choosing: the dialog opens again with the choice.
    await page.reload();
    await dialog.waitFor();
    const chosen = (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
    await expect.poll(() => chosen('Date of exam')).toBe(date);
    expect(await chosen('Centre')).toBe(centre);
    expect(await dialog.getByRole('radio', { name: /Offline/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay ₹100 and update' }).click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.waitForURL(/\/dashboard\?.*editExam=true/);
    const reopened = page.getByRole('dialog', { name: 'Edit exam details' });
    await reopened.waitFor();
    expect(await reopened.getByRole('radio', { name: /Offline/ }).isChecked()).toBe(true);
    await reopened.getByRole('button', { name: 'Pay ₹100 and update' }).click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await page.locator('.ef-dash').waitFor();
    await expect.poll(async () => page.locator('main').innerText(), { timeout: 10_000 }).toContain('Offline');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dashboard: the video banner', () => {
  it.each([390, 1280])(
    'plays the sample video from this site at %i px (no request until Play)',
    async (width) => {
      const { page, context } = await openDashboard('02', width);
      const requested: string[] = [];
      page.on('request', (r) => void (r.url().includes('/videos/sample.webm') && requested.push(r.url())));
      const section = page.getByRole('region', { name: 'The Demo Academy advantage' });
      const play = section.getByRole('button', { name: 'Play video' });
      await play.scrollIntoViewIfNeeded();
      expect(requested).toEqual([]);
      if (shots) await section.screenshot({ path: path.join(shots, `video-${width}.png`) });
      await play.click();
      const video = section.locator('video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
      if (shots) await section.screenshot({ path: path.join(shots, `video-playing-${width}.png`) });
      expect(requested.length).toBeGreaterThan(0);
      await context.close();
    },
  );
});

describe('dashboard: sample pack and MOCK-JEE', () => {
  it('a failed mock pack payment comes back with the payment method chosen', async () => {
    const { page, context } = await openDashboard('02');
    const promo = page.getByRole('region', { name: 'ANTHE MOCK TEST PAPER' });
    const hdfc = promo.getByRole('radio', { name: /HDFC/ });
    await hdfc.check();
    await button(page, 'Buy now at just ₹50').click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await promo.waitFor({ timeout: 15_000 });
    expect(await hdfc.isChecked()).toBe(true);
    expect(await promo.getByRole('radio', { name: /Paytm/ }).isChecked()).toBe(false);
    await context.close();
  });

  it('Buy now at just ₹50 pays in the sandbox gateway and unlocks the mock papers', async () => {
    const { page, context } = await openDashboard('02');
    await button(page, 'Buy now at just ₹50').click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText('Payment received: your mock papers are unlocked.').waitFor();
    await expect
      .poll(async () => page.locator('main').innerText(), { timeout: 10_000 })
      .not.toMatch(/Locked: buy the pack/);
    expect(await page.getByRole('region', { name: 'ANTHE MOCK TEST PAPER' }).count()).toBe(0);
    await context.close();
  });

  it("MOCK-JEE: the live test's 'Closes In' countdown runs, the series and its papers show, axe clean", async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openDashboard('13', width);
      const live = page.getByRole('region', { name: 'Live Test' });
      await live.waitFor();
      const timer = live.getByRole('timer');
      const first = await timer.innerText();
      await expect.poll(() => timer.innerText()).not.toBe(first);
      expect(await live.innerText()).toContain('Ongoing');
      expect(await page.locator('main').innerText()).toContain('Test Series');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('MOCK-JEE: Begin Test opens the paper through the exam-link call; no tenant header or token is in the browser', async () => {
    const { page, context, errors } = await openDashboard('13', 1280);
    const live = page.getByRole('region', { name: 'Live Test' });
    await live.waitFor();
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/mock-jee/exam-link'));
    const tab = context.waitForEvent('page');
    await live.getByRole('button', { name: 'Begin Test' }).first().click();
    const request = await asked;
    // The browser names the paper and sends its session; the server adds the tenant headers.
    expect(Object.keys(await request.allHeaders()).filter((h) => h.startsWith('x-tenant'))).toEqual([]);
    expect(request.postDataJSON()).toEqual({
      exam_short_code: expect.any(String),
      external_schedule_id: expect.any(String),
    });
    const opened = await tab;
    await opened.waitForURL(/\/sandbox\/test\//);
    // The client bundle knows nothing of the tenant: no header name, no token.
    const assets = path.join(__dirname, '../../dist/client/assets');
    const bundle = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    expect(bundle).not.toMatch(/x-tenant|tenant[_-]?token/i);
    expect(errors).toEqual([]);
    await context.close();
  });
});
