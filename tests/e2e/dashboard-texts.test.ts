// What the dashboard says, as a student reads it in Chromium against the real server:
// branches or "Our team will contact you soon", one admit-card line, each message once, MOCK-JEE's
// own FAQ and its calendar's colour key (the calendar panel reachable by keyboard); axe clean at
// 390 and 1280 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, launchBrowser, logInAs, seriousViolations } from './browser';

// Its own server: the shared one's demo students are changed by other files (dashboard.test.ts
// moves 03's missed exam to a new date), and these texts are read from each student's seeded state.
let server: TestServer;
const HOSTS: Record<string, string> = {
  'MOCK-JEE': 'mock-jee.localhost',
  'MOCK-NEET': 'mock-neet.localhost',
  IAT: 'iat.localhost',
};
const url = (path: string, host = 'localhost') => `http://${host}:${server.port}${path}`;

let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now: e2eNow });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openDashboard(
  suffix: string,
  width: number,
): Promise<{ page: Page; context: BrowserContext }> {
  const s = students.find((d) => d.roll_number.endsWith(suffix));
  if (!s) throw new Error(`no demo student ${suffix}`);
  const host = HOSTS[s.exam_type] ?? 'localhost';
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAs(context, s, url, host);
  await page.goto(url('/dashboard', host));
  await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
  await page
    .getByText(/^Loading (courses|branches)…$/)
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  return { page, context };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('dashboard texts that fit the student', () => {
  for (const width of [390, 1280]) {
    it(`05 (result, no purchase): courses and the branches near them (${width} px)`, async () => {
      const { page, context } = await openDashboard('05', width);
      await page.getByRole('heading', { name: 'Branches near you' }).waitFor();
      await page.getByRole('heading', { name: 'Courses for you' }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Scholarship deadline' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`08 (IC006): "Our team will contact you soon" in place of branches, and its own number (${width} px)`, async () => {
      const { page, context } = await openDashboard('08', width);
      await page.getByRole('heading', { name: 'Our team will contact you soon.' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Branches near you' }).count()).toBe(0);
      // The header calls the digital-only branch's own number, as the exam card does (part 2 §9).
      const call = page.locator('.ef-header__call');
      await expect.poll(() => call.getAttribute('href')).toBe('tel:18000000006');
      expect(await call.innerText()).toContain(width > 600 ? '1800-000-0006' : 'Call us');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`12 (MOCK-NEET in 10 days): the admit card once, with its date (${width} px)`, async () => {
      const { page, context } = await openDashboard('12', width);
      const card = page.getByRole('region', { name: 'NEET Mock Test' });
      const text = await card.innerText();
      expect(occurrences(text, 'admit card')).toBe(1);
      expect(text).toMatch(
        /Your admit card will be available 2 days before the exam, from \d+ \w+ \d{4} \(\w+day\)\./,
      );
      expect(await card.getByRole('link', { name: 'Download admit card' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`13 (MOCK-JEE): its mock-test FAQ, the calendar's colour key, the panel by keyboard (${width} px)`, async () => {
      const { page, context } = await openDashboard('13', width);
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      await faq.getByText('When can I start a mock test?').waitFor();
      expect(await faq.getByText('How long is my scholarship valid?').count()).toBe(0);
      const strip = page.getByRole('button', { name: 'Test Series Calender' });
      if ((await strip.getAttribute('aria-expanded')) === 'false') await strip.click();
      const key = page.getByRole('list', { name: 'Colour key' });
      expect(await key.getByRole('listitem').allInnerTexts()).toEqual([
        'Ongoing',
        'Upcoming',
        'Results',
        'Missed',
        'Today',
      ]);
      // The panel (it scrolls on phones) takes focus from the strip with Tab.
      await strip.focus();
      await page.keyboard.press('Tab');
      await expect(
        page
          .getByRole('group', { name: 'Test Series Calender' })
          .evaluate((el) => el === document.activeElement),
      ).resolves.toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('03 (missed): the missed-test message once', async () => {
    const { page, context } = await openDashboard('03', 390);
    // The exam card draws with the dashboard's data: wait for its Missed button, then count.
    await page.getByRole('button', { name: 'Missed' }).waitFor({ timeout: 15_000 });
    const text = await page.locator('main').innerText();
    expect(occurrences(text, 'You have missed your test.')).toBe(1);
    await context.close();
  });

  it('14 (a pack paper with its report): one View Report on the paper', async () => {
    const { page, context } = await openDashboard('14', 390);
    const paper = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Mock test paper 1' }) });
    expect(await paper.getByText(/view report/i).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
