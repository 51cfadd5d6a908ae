// A Hindi landing page walked through every error its registration card can show, against the real
// server: a failed call, a wrong mobile number, a wrong OTP (the server's own text, asked for in
// Hindi), empty details. After each, no English sentence may be on the card or in a toast.
// No invalid coupon here: both Hindi landings are iACST pages, a free exam, so no coupon field
// shows. The coupon's messages in Hindi (empty, the server's "invalid", the network fallback) are
// checked in src/features/registration/registration-card.test.tsx with a paid programme and hi.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousViolations } from './browser';

const base = `http://localhost:${inject('port')}`;
const hi = (
  JSON.parse(readFileSync(path.join(__dirname, '../../config/i18n/hi.json'), 'utf8')) as {
    strings: Record<string, string>;
  }
).strings;
const text = (key: string) => {
  const value = hi[key];
  if (value === undefined) throw new Error(`hi.json has no ${key}`);
  return value;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Three or more English words in a row: a sentence that was not translated. */
const englishSentences = (shown: string): string[] =>
  shown.match(/\b[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}/g) ?? [];

const card = (page: Page) => page.locator('#register_now');
const firstDigit = (page: Page) =>
  card(page).getByRole('textbox', {
    name: text('form.otpDigit').replace('{n}', '1').replace('{total}', '4'),
  });

async function expectNoEnglish(page: Page, when: string) {
  const shown = [await card(page).innerText(), ...(await page.getByRole('status').allInnerTexts())];
  expect(englishSentences(shown.join('\n')), when).toEqual([]);
  expect(await seriousViolations(page), when).toEqual([]);
}

async function lastOtp(mobile: string): Promise<string> {
  const list = (await (await fetch(`${base}/sandbox/messages?mobile=${mobile}`)).json()) as {
    otp: string | null;
  }[];
  const otp = list[0]?.otp;
  if (!otp) throw new Error(`no OTP sent to ${mobile}`);
  return otp;
}

describe('a Hindi landing page (/neet-repeater-scholarship-hindi)', () => {
  it('says every error of the registration card in Hindi', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'hi-IN' });
    const page = await context.newPage();
    await page.goto(`${base}/neet-repeater-scholarship-hindi`);
    const mobileField = card(page).getByRole('textbox', { name: text('form.mobileOrId') });
    const verify = card(page).getByRole('button', { name: text('registration.verify'), exact: true });
    await verify.waitFor();
    expect(englishSentences('the test finds untranslated text')).toHaveLength(1);

    // A failed call: the network drops the OTP request.
    const mobile = `98${String(Date.now() % 1e8).padStart(8, '0')}`;
    await page.route('**/api/otp/send**', (route) => route.abort('connectionreset'), { times: 1 });
    await mobileField.fill(mobile);
    await verify.click();
    await expect.poll(() => mobileField.getAttribute('aria-invalid')).toBe('true');
    await expectNoEnglish(page, 'a failed call');

    // A wrong mobile number: ten digits starting with 0.
    await mobileField.fill('0123456789');
    await verify.click();
    await card(page).getByText(text('validation.mobileOrId.leadingZero')).waitFor();
    await expectNoEnglish(page, 'a wrong mobile number');

    // A wrong OTP: the server answers in the page's language.
    await mobileField.fill(mobile);
    await verify.click();
    await card(page)
      .getByRole('heading', { name: text('registration.verifyHeading') })
      .waitFor();
    const otp = await lastOtp(mobile);
    const wrong = otp.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
    const verifyRequest = page.waitForResponse((r) => r.url().includes('/api/otp/verify'));
    await firstDigit(page).pressSequentially(wrong);
    const answer = (await (await verifyRequest).json()) as { msg: string };
    expect(englishSentences(answer.msg)).toEqual([]);
    await card(page).getByText(answer.msg).waitFor();
    await expectNoEnglish(page, 'a wrong OTP');

    // The right code, then the details step with every field left empty.
    await firstDigit(page).pressSequentially(otp);
    await card(page)
      .getByRole('heading', { name: text('registration.detailsHeading') })
      .waitFor();
    for (const label of ['form.studentName', 'form.email']) {
      const field = card(page).getByRole('textbox', { name: text(label) });
      await field.focus();
      await field.blur();
    }
    await card(page).getByText(text('validation.studentName.required')).waitFor();
    await card(page).getByText(text('validation.email.required')).waitFor();
    await expectNoEnglish(page, 'empty details');
    await context.close();
  });
});
