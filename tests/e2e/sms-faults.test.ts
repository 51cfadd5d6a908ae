// A failing SMS provider, in Chromium against the real server: with the sandbox SMS switch on "fail" (for
// this
// test's number only: other files share the server), Verify shows the server's message on the
// registration card and stays on step 1; with the switch off, Verify sends the code at once (a
// failed send starts no resend wait). EXAMFLOW_SHOTS=<dir> saves the message at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshMobile, launchBrowser, sandboxOtp, seriousViolations } from './browser';

const base = `http://localhost:${inject('port')}`;
const shots = process.env.EXAMFLOW_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const NOT_SENT = 'We could not send the OTP just now. Please try again.';
const mobile = freshMobile();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await setSms({ mode: 'none', mobile: null });
  await browser?.close();
});

async function setSms(settings: object): Promise<void> {
  const response = await fetch(`${base}/sandbox/sms/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(response.status).toBe(200);
}

const card = (page: Page) => page.locator('#register_now');

describe('the SMS provider fails', () => {
  it('Verify shows the message on the card; once the provider is back, Verify sends the code', async () => {
    await setSms({ mode: 'fail', mobile });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/iacstexam`);
    const verify = card(page).getByRole('button', { name: 'Verify', exact: true });
    await verify.waitFor();
    const field = card(page).getByRole('textbox', { name: /Mobile number or student id/ });
    await field.fill(mobile);
    await expect.poll(() => verify.isEnabled()).toBe(true);
    await verify.click();
    const message = card(page).getByText(NOT_SENT);
    await message.waitFor();
    // The message is the field's error, linked to it, and the number is kept.
    const described = (await field.getAttribute('aria-describedby')) ?? '';
    const linked = await Promise.all(
      described.split(/\s+/).map((id) =>
        page
          .locator(`[id="${id}"]`)
          .innerText()
          .catch(() => ''),
      ),
    );
    expect(linked.join(' ')).toContain(NOT_SENT);
    expect(await field.inputValue()).toBe(mobile);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await card(page).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `sms-not-sent-${width}.png`) });
      }
    }

    await setSms({ mode: 'none', mobile: null });
    await verify.click();
    await card(page).getByRole('heading', { level: 2, name: 'Verify OTP', exact: true }).waitFor();
    await card(page)
      .getByRole('textbox', { name: 'Digit 1 of 4' })
      .pressSequentially(await sandboxOtp(base, mobile));
    await card(page).getByRole('heading', { level: 2, name: 'Student details', exact: true }).waitFor();
    await context.close();
  });
});
