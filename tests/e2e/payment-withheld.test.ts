// The gateway's callback comes late (decision 030), in Chromium against the built site
// and the real server: the sandbox gateway withholds its callbacks, so the browser is back before
// the server has recorded the payment. The page waits for the order's record, then says the
// payment is being confirmed and offers Check again; once the callback is released, Check again
// shows the outcome. Walked on the registration card (MOCK-NEET, paid) and on the dashboard (the
// mock pack). With EXAMFLOW_SHOTS=<dir> it saves the dashboard's banner at 390 and 1280 px.
//
// Its own server: the switch is the server process's (one switch for every page it serves), and
// the browser files run two at a time against the suite's shared server, whose paid walks a
// withheld callback would break.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, freshMobile, launchBrowser, logInAs, sandboxOtp, seriousViolations } from './browser';
import { card, cardHeading } from './registration-walk';

let server: TestServer;
let browser: Browser;
const url = (p: string) => `${server.base}${p}`;
const shots = process.env.EXAMFLOW_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

/** The sandbox gateway's switch, as its settings page posts it. */
async function withhold(on: boolean): Promise<void> {
  const reply = await fetch(url('/sandbox/gateway/settings'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `withhold=${on ? 'on' : 'off'}`,
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
}

/** Sends the withheld callbacks (of one order, or all). */
async function release(orderId?: string): Promise<void> {
  const reply = await fetch(url('/sandbox/gateway/release'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: orderId ? `order_id=${encodeURIComponent(orderId)}` : '',
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
}

/** The order's record, read as the page reads it: with its return link's order_token. */
async function orderStatus(orderId: string, token: string): Promise<string> {
  const reply = (await (await fetch(url(`/api/orders/${orderId}?order_token=${token}`))).json()) as {
    data: { status: string };
  };
  return reply.data.status;
}

/**
 * The page's wait for the order (a look every 2 s for about 20 s) on the browser's clock, run
 * ahead 2 s at a time so the test does not sit through it; each look is still a real request.
 */
async function runThroughTheWait(page: Page, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.fastForward(2000);
        return false;
      },
      { timeout: 40_000, interval: 250 },
    )
    .toBe(true);
}

beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now: e2eNow });
  browser = await launchBrowser();
});
afterAll(async () => {
  // The switch goes back off even when a test failed half-way (its server is this file's alone,
  // but a later test in it must not inherit a withheld gateway).
  if (server) await withhold(false).catch(() => {});
  await browser?.close();
  await server?.close();
});

describe('the gateway withholds its callback', () => {
  it('registration card (MOCK-NEET): Pay, back: "Payment being confirmed"; released, Check again: the thank-you', async () => {
    await withhold(true);
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(url('/mock-neet-exam'));

      // Step 1: a fresh number and the sandbox's OTP.
      const mobile = freshMobile();
      const verify = card(page).getByRole('button', { name: 'Verify', exact: true });
      await verify.waitFor();
      await card(page)
        .getByRole('textbox', { name: /^Mobile number/ })
        .fill(mobile);
      await verify.click();
      await cardHeading(page, 'Verify OTP').waitFor();
      await card(page)
        .getByRole('textbox', { name: 'Digit 1 of 4' })
        .pressSequentially(await sandboxOtp(server.base, mobile));

      // Step 2: the details.
      await cardHeading(page, 'Student details').waitFor();
      const stream = card(page).getByRole('combobox', { name: 'Class & stream' });
      await expect.poll(() => stream.locator('option').count()).toBeGreaterThan(1);
      await card(page).getByRole('textbox', { name: 'Student name' }).fill('Kavya Nair');
      await card(page).getByRole('textbox', { name: 'Email ID' }).fill('kavya.nair@example.com');
      await card(page)
        .getByRole('textbox', { name: /^Date of birth/ })
        .fill('01/02/2007');
      await stream.selectOption({ index: 1 });
      await card(page).getByRole('button', { name: 'Next' }).click();

      // Step 3: MOCK-NEET's exam step, then the gateway.
      await cardHeading(page, 'Exam details').waitFor();
      const state = card(page).getByRole('combobox', { name: 'State' });
      await state.locator('option', { hasText: 'Delhi' }).waitFor({ state: 'attached' });
      await state.selectOption({ label: 'Delhi' });
      for (const name of ['Centre', 'Date of exam']) {
        const select = card(page).getByRole('combobox', { name });
        await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
        if (!(await select.inputValue())) await select.selectOption({ index: 1 });
      }
      const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await page.waitForURL(/\/sandbox\/gateway/);
      expect(await page.locator('body').innerText()).toContain('Callbacks are withheld');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();

      // Back on the page before the server knows: it waits, then says so. Nothing is paid yet.
      await page.waitForURL(/\/mock-neet-exam\?.*registeration=success/);
      const back = new URL(page.url()).searchParams;
      const orderId = back.get('order_id') ?? '';
      const orderToken = back.get('order_token') ?? '';
      expect(orderId).not.toBe('');
      await card(page).getByText('Confirming your payment…').waitFor();
      const beingConfirmed = cardHeading(page, 'Payment being confirmed');
      await runThroughTheWait(page, () => beingConfirmed.isVisible());
      expect(await orderStatus(orderId, orderToken)).toBe('created');
      const check = card(page).getByRole('button', { name: 'Check again' });
      expect(await seriousViolations(page)).toEqual([]);

      // Check again before the callback: one look, still being confirmed.
      const look = page.waitForResponse((r) => r.url().includes(`/api/orders/${orderId}?`));
      await check.click();
      await look;
      await expect.poll(() => check.isEnabled()).toBe(true);
      expect(await beingConfirmed.isVisible()).toBe(true);

      // The gateway's callback arrives: Check again shows the thank-you.
      await release(orderId);
      expect(await orderStatus(orderId, orderToken)).toBe('paid');
      await check.click();
      await cardHeading(page, 'Registration Successful').waitFor();
      await card(page).locator('dd').first().waitFor();
      const values = await card(page).locator('dd').allInnerTexts();
      expect(values[0]?.replace(/\D/g, '')).toMatch(/^\d{12}$/);
      expect(values).toContain('01/02/2007');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await withhold(false);
    }
  }, 120_000);

  it('dashboard (the mock pack): Pay, back: the banner waits, then "Payment being confirmed"; released, Check again: paid', async () => {
    const student = students.find((s) => s.roll_number.endsWith('02'));
    if (!student) throw new Error('no demo student 02');
    await withhold(true);
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await logInAs(context, student, (p) => url(p), 'localhost');
      await page.goto(url('/dashboard'));
      await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Buy now at just ₹50', exact: true }).click();
      await page.waitForURL(/\/sandbox\/gateway/);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.waitForURL(/\/dashboard\?.*status=success/);
      const back = page.url();
      const orderId = new URL(back).searchParams.get('order_id') ?? '';
      const banner = (on: Page) => on.getByRole('region', { name: 'Payment being confirmed' });
      await page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
      await runThroughTheWait(page, () => banner(page).isVisible());
      expect(await banner(page).getByRole('status').innerText()).toContain('You will not be charged again');
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: path.join(shots, 'payment-being-confirmed-390.png') });

      // The same return on a desktop (the order is still open): the banner above the blocks.
      const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const desk = await wide.newPage();
      await logInAs(wide, student, (p) => url(p), 'localhost');
      await desk.goto(back);
      await runThroughTheWait(desk, () => banner(desk).isVisible());
      expect(await seriousViolations(desk)).toEqual([]);
      if (shots) await desk.screenshot({ path: path.join(shots, 'payment-being-confirmed-1280.png') });
      await wide.close();

      await release(orderId);
      await banner(page).getByRole('button', { name: 'Check again' }).click();
      await page.getByText('Payment received: your mock papers are unlocked.').waitFor();
      expect(await banner(page).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await withhold(false);
    }
  }, 120_000);
});
