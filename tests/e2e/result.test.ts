// The result page in Chromium against the real server: the demo students with a released
// result open it from the dashboard (the app's result view) and come back with Back; /iacst-result
// opened from a link; the PDF is A4 with the expected pages and the print title is name + PSID; a
// result not yet released shows 'Your result would be available soon.'; axe clean at 390 and 1280 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { launchBrowser, logInAs, seriousViolations } from './browser';

const port = inject('port');
const HOSTS: Record<string, string> = { 'MOCK-JEE': 'mock-jee.localhost', IAT: 'iat.localhost' };
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;
const student = (suffix: string) => {
  const found = students.find((s) => s.roll_number.endsWith(suffix));
  if (!found) throw new Error(`no demo student ${suffix}`);
  return found;
};
/** The link the server builds (server/services/exams/launch.ts resultUrl). */
const resultLink = (suffix: string) => {
  const s = student(suffix);
  const pairs = new URLSearchParams({ roll_number: s.roll_number, dob: s.dob.replace(/\//g, '-') });
  return `/iacst-result?data=${encodeURIComponent(Buffer.from(pairs.toString()).toString('base64'))}`;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width: number): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, context, errors };
}

/** Logs in through the API as the login form does, then opens /dashboard (as tests/e2e/dashboard.test.ts). */
async function openDashboard(suffix: string, width: number) {
  const s = student(suffix);
  const host = HOSTS[s.exam_type] ?? 'localhost';
  const opened = await newPage(width);
  const { page, context } = opened;
  await logInAs(context, s, url, host);
  await page.goto(url('/dashboard', host));
  await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
  return opened;
}

const resultShown = (page: Page) => page.locator('.ef-result').waitFor({ timeout: 15_000 });

interface FromDashboard {
  suffix: string;
  /** Opens the result from the dashboard. */
  open: (page: Page) => Promise<void>;
  heading: string | RegExp;
  texts: (string | RegExp)[];
  absent?: (string | RegExp)[];
}

const mainCardLink = async (page: Page) => page.getByRole('link', { name: 'View Result' }).first().click();

const FROM_DASHBOARD: FromDashboard[] = [
  {
    suffix: '05',
    open: mainCardLink,
    heading: 'Instant Admission cum Scholarship Test result',
    texts: ['60% scholarship', 'PS00000005', 'Counselling and scholarship', 'Checklist for your admission'],
  },
  {
    suffix: '06',
    open: mainCardLink,
    heading: 'Instant Admission cum Scholarship Test result',
    texts: ['Not Qualified', 'Talk to a counsellor about the right course for you'],
    absent: [/You have earned a \d+% scholarship/, 'Checklist for your admission'],
  },
  { suffix: '10', open: mainCardLink, heading: /result$/, texts: ['Meera Joshi', 'PS00000010'] },
  {
    suffix: '13',
    // Mock Test 2 (Results) sits before the ongoing test in the series carousel: back one card,
    // open its papers, then a paper's View Result (POST /api/mock-jee/exam-link answers result_url).
    open: async (page) => {
      const card = page.locator('article', { has: page.getByRole('heading', { name: 'Mock Test 2' }) });
      const back = page.locator('.ef-jee-series-block button', { hasText: '‹' });
      while (!(await card.isVisible())) await back.click();
      await card.getByRole('button', { name: 'View papers' }).click();
      await card.getByRole('button', { name: 'View Result' }).first().click();
    },
    heading: /Mock Test 2 – Paper \d result/,
    texts: ['Reyansh', 'Counselling and scholarship'],
  },
];

describe('the result view from the dashboard, and Back', () => {
  for (const c of FROM_DASHBOARD) {
    for (const width of [390, 1280]) {
      it(`${student(c.suffix).exam_type} ${c.suffix} at ${width} px`, async () => {
        const { page, context, errors } = await openDashboard(c.suffix, width);
        const requests: string[] = [];
        page.on('request', (r) => requests.push(new URL(r.url()).pathname));
        await c.open(page);
        await resultShown(page);
        expect(new URL(page.url()).pathname).toBe('/iacst-result');
        // The view starts at its top, with focus on the page's main region.
        await expect
          .poll(() => page.evaluate(() => [window.scrollY, document.activeElement?.id]))
          .toEqual([0, 'main']);
        // In the app: no page load (the dashboard's document stays), the result view's own chunk.
        expect(requests).not.toContain('/iacst-result');
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(c.heading);
        const text = await page.locator('main').innerText();
        for (const expected of c.texts) expect(text).toMatch(expected);
        for (const missing of c.absent ?? []) expect(text).not.toMatch(missing);
        expect(await seriousViolations(page)).toEqual([]);
        await page.goBack();
        await page.locator('.ef-dash').waitFor({ timeout: 10_000 });
        expect(new URL(page.url()).pathname).toBe('/dashboard');
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('the dashboard never loads chart.js; the result view loads it on the analysis', async () => {
    const { page, context } = await openDashboard('05', 390);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // The dashboard's last block is drawn: every script it uses has been asked for.
    await page.getByRole('heading', { name: 'Branches near you' }).waitFor();
    expect(scripts.filter((s) => /chart/i.test(s))).toEqual([]);
    await mainCardLink(page);
    await resultShown(page);
    // A phone shows RESULT first: the chart is not needed yet.
    expect(scripts.filter((s) => /chart/i.test(s))).toEqual([]);
    await page.getByRole('button', { name: 'SCORE CARD & ANALYSIS' }).click();
    await page.getByRole('img', { name: /Column chart of your score/ }).waitFor();
    expect(scripts.filter((s) => /result-chart/.test(s))).toHaveLength(1);
    // The analysis replaces page 1 on a phone, and RESULT brings it back.
    expect(await page.getByRole('region', { name: 'Your result' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'RESULT' }).click();
    expect(await page.getByRole('region', { name: 'Your result' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('/iacst-result opened from a link (no login)', () => {
  it('shows the result, with the analysis and its chart on a wide screen', async () => {
    const { page, context, errors } = await newPage(1280);
    await page.goto(url(resultLink('05')));
    await resultShown(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Instant Admission cum Scholarship Test result',
    );
    await page.getByRole('img', { name: /Column chart of your score/ }).waitFor();
    // Desktop: the analysis shows after the result; its button is the phone's only.
    expect(await page.getByRole('button', { name: 'SCORE CARD & ANALYSIS' }).isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: 'Score card' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a scholarship above 80% (student 07): the result and its offline-test line, by link and after a reload', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await newPage(width);
      await page.goto(url(resultLink('07')));
      const offlineTest = page.getByText(
        /^To confirm your 90% scholarship, take the offline test at your branch by /,
      );
      await offlineTest.waitFor({ timeout: 15_000 });
      await page.reload();
      await offlineTest.waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        'Instant Admission cum Scholarship Test result',
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("a result not released yet: 'Your result would be available soon.', not an error", async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await newPage(width);
      await page.goto(url(resultLink('04')));
      await page.getByText('Your result would be available soon.').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('no result, or a broken link: the result-not-ready screen with the support e-mail', async () => {
    const { page, context } = await newPage(390);
    await page.goto(url(resultLink('01')));
    await page.getByRole('heading', { name: 'Your result is not ready yet' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').innerText()).toBe(
      'We could not find a result for this roll number.',
    );
    expect(await page.locator('main').innerText()).toContain(
      'Results appear 4 hours after you submit your test.',
    );
    await page.goto(url('/iacst-result?data=not-base64!'));
    await page.getByRole('heading', { name: 'Your result is not ready yet' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Something went wrong!');
    expect(await page.getByRole('link', { name: /@example\.com$/ }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('print', () => {
  /** Pages in a PDF: the page tree's /Count. */
  const pageCount = (pdf: Buffer) => Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);

  it.each([
    // page 1, counselling, score card + chart, preparation + relative performance, brochure, map + checklist
    ['05', 390, 6],
    ['05', 1280, 6],
    ['06', 1280, 6],
  ])('student %s at %i px prints %i A4 pages, titled name + PSID', async (suffix, width, pages) => {
    const { page, context } = await newPage(width);
    await page.goto(url(resultLink(suffix)));
    await resultShown(page);
    // The Print button: the title while the print dialog is open is the candidate's.
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printedAs: string }).printedAs = document.title;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    const s = student(suffix);
    const psid = suffix === '05' ? 'PS00000005' : 'PS00000006';
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printedAs?: string }).printedAs))
      .toBe(`${s.first_name} ${s.last_name} ${psid}`);
    // Print renders the analysis and its chart even where the phone showed RESULT only.
    await page.locator('.ef-result-chart canvas').waitFor({ state: 'attached' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    // A sharp chart in print: its canvas has 3 pixels for each CSS pixel from beforeprint on.
    const ratio = await page
      .locator('.ef-result-chart canvas')
      .evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.getBoundingClientRect().width);
    expect(ratio).toBeGreaterThanOrEqual(2.9);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pageCount(pdf)).toBe(pages);
    // A4 is 595 × 842 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 59[45]\.\d* 84[12]\.\d*\]/);
    // No header, footer, buttons or toasts in print.
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.ef-header', '.ef-footer', '.ef-result-actions', '[data-ef-live]'])
      for (const el of await page.locator(selector).all()) expect(await el.isVisible()).toBe(false);
    await context.close();
  });
});
