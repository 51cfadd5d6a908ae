// What the dashboard advises, as a student reads it in Chromium against the real server: a bought
// course says what was paid, never an amount payable now; the digital-only branch (IC006) and a
// student who bought a course read no advice that is not for them (visit a branch, pay the
// registration fee); an offline exam held today shows its admit card beside "bring your printed
// admit card", or says why there is none. 390 and 1280 px, axe clean. With EXAMFLOW_SHOTS=<dir> it
// saves a screenshot of each state.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, launchBrowser, logInAs, seriousViolations } from './browser';

// Its own server: its clock moves a day on (after the seed) to reach 09's offline exam day, and a
// row changes to put 02's iACST test at an offline centre; the other files read the seeded state.
let server: TestServer;
let shift = 0;
const DAY = 24 * 60 * 60 * 1000;
const now = () => new Date(e2eNow().getTime() + shift);
const HOSTS: Record<string, string> = { IAT: 'iat.localhost' };
const url = (p: string, host = 'localhost') => `http://${host}:${server.port}${p}`;
const shots = process.env.EXAMFLOW_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now });
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
  // The page's clock is the server's (moved on with it).
  await context.clock.install({ time: now() });
  const page = await context.newPage();
  await logInAs(context, s, url, host);
  await page.goto(url('/dashboard', host));
  await page.locator('.ef-dash:not([aria-busy])').waitFor({ timeout: 15_000 });
  await page
    .getByText(/^Loading (courses|branches)…$/)
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  return { page, context };
}

/** The whole page, or one part of it (readable at full size). */
async function shot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!shots) return;
  const file = path.join(shots, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  if (part) await part.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}

/** Every text of the page, closed FAQ answers included (as a screen reader can open them). */
const allText = (page: Page) => page.locator('main').evaluate((main) => main.textContent ?? '');

// The digital-only branch has no branch to visit and pays a course fee; a student who bought a
// course has nothing more to pay, and their own branch (the course card's note) to go to.
const notForDigital =
  /visit (your|the|a) (nearest )?branch|branches near you|visit branch|pay (the )?registration fee/i;
const notForBuyers = /nearest branch|branches near you|pay (the )?registration fee|payable now/i;

describe('advice that fits the student', () => {
  for (const width of [390, 1280]) {
    it(`07 (a course bought): the course says what was paid, never "payable now" (${width} px)`, async () => {
      const { page, context } = await openDashboard('07', width);
      expect(await allText(page)).not.toMatch(notForBuyers);
      const card = page.locator('#courseCardSection li').filter({ hasText: 'Purchased' });
      expect(await card.innerText()).not.toMatch(/payable now|Registration Fee:/i);
      await shot(page, 'advice-07-dashboard');
      await shot(page, 'advice-07-card', card);
      await shot(page, 'advice-07-faq', page.getByRole('region', { name: 'Frequently asked questions' }));
      await shot(page, 'advice-07-banner', page.getByRole('region', { name: /Welcome aboard/ }));
      await card.getByRole('button', { name: /^View Course/ }).click();
      await page.locator('.ef-course').waitFor();
      const fee = page.getByRole(width > 992 ? 'complementary' : 'region', {
        name: 'Provisional Fee breakup',
      });
      await expect.poll(() => fee.innerText()).toContain('Registration Fee paid');
      expect(await page.locator('main').innerText()).not.toMatch(/payable now/i);
      expect(await fee.innerText()).toMatch(/₹2,000/);
      expect(await fee.innerText()).toContain('Purchased');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'advice-07-course');
      if (width <= 992) {
        await fee.getByRole('button', { name: /View fee breakup/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Provisional Fee breakup' });
        expect(await dialog.innerText()).toContain('Registration Fee paid');
        expect(await dialog.innerText()).not.toMatch(/payable now/i);
        await shot(page, 'advice-07-fee-dialog');
      }
      await context.close();
    });

    it(`08 (IC006): no branch advice, no "pay the registration fee"; the course fee and the team (${width} px)`, async () => {
      const { page, context } = await openDashboard('08', width);
      const text = await allText(page);
      expect(text).not.toMatch(notForDigital);
      expect(text).toContain("Pay the course fee for the course you choose from 'Courses for you'");
      expect(text).toContain('Our team will then contact you to start your online classes.');
      // The steps tracker: no branch visit at a branch without branches.
      expect(
        await page.getByRole('list', { name: 'Your admission steps' }).getByRole('listitem').count(),
      ).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'advice-08-dashboard');
      await shot(page, 'advice-08-steps', page.getByRole('list', { name: 'Your admission steps' }));
      await shot(page, 'advice-08-faq', page.getByRole('region', { name: 'Frequently asked questions' }));
      await context.close();
    });
  }
});

describe('an offline exam held today', () => {
  it('09 (IAT) on its exam day: the admit card beside "bring your printed admit card" (390 and 1280 px)', async () => {
    shift = DAY;
    try {
      for (const width of [390, 1280]) {
        const { page, context } = await openDashboard('09', width);
        const card = page.getByRole('region', { name: 'Invictus Admission Test' });
        await card.getByText('Your test is today at Delhi Central. Bring your printed admit card.').waitFor();
        expect(await card.getByRole('button', { name: 'Exam Today' }).isDisabled()).toBe(true);
        const link = card.getByRole('link', { name: 'Download admit card' });
        expect(await link.isVisible()).toBe(true);
        const admit = await context.request.get(url(String(await link.getAttribute('href'))));
        expect(admit.status()).toBe(200);
        expect(await admit.text()).toContain('Roll number</dt><dd>250000000009');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'advice-09-exam-day');
        await shot(page, 'advice-09-card', card);
        await context.close();
      }
    } finally {
      shift = 0;
    }
  });

  it('02 (iACST) at an offline centre today: no admit card in its programme, so it says so (390 and 1280 px)', async () => {
    const db = server.app.ctx.db;
    const roll = '250000000002';
    const before = await db
      .selectFrom('students')
      .select(['exam_mode', 'exam_slot_id', 'exam_state_id', 'exam_centre_code', 'exam_centre_id'])
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    const centre = await db
      .selectFrom('centres')
      .select(['id', 'state_tid'])
      .where('code', '=', 'GJ001')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('students')
      .set({
        exam_mode: 'Offline',
        exam_slot_id: 'offline-gujarat',
        exam_state_id: centre.state_tid,
        exam_centre_code: 'GJ001',
        exam_centre_id: centre.id,
      })
      .where('roll_number', '=', roll)
      .execute();
    try {
      for (const width of [390, 1280]) {
        const { page, context } = await openDashboard('02', width);
        const card = page.getByRole('region', { name: 'Instant Admission cum Scholarship Test' });
        await card
          .getByText(
            `Your test is today at Ahmedabad Navrangpura. iACST has no admit card: give your roll number, ${roll}, at the centre.`,
          )
          .waitFor();
        expect(await card.innerText()).not.toMatch(/bring your printed admit card/i);
        expect(await card.getByRole('link', { name: 'Download admit card' }).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'advice-02-offline-today');
        await shot(page, 'advice-02-card', card);
        await context.close();
      }
    } finally {
      await db.updateTable('students').set(before).where('roll_number', '=', roll).execute();
    }
  });
});
