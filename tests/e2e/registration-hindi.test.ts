// Both Hindi landing pages walked through every state of their registration card against the real
// server: step 1, a failed call, a wrong mobile number, OTP sent, a wrong OTP (the server's own
// text, asked for in Hindi), details with errors, the nearest centre refused and found, the exam
// step with its option lists, the thank-you state and the payment-failed step (?status=failure). In each state no English may be
// on the page. "English" is defined by `englishWords` below: any Latin-script word in the page's
// visible text (or in an option of a select, which innerText leaves out), except a short list of
// names that are written in Latin in Hindi too. E-mail addresses, web addresses, digits and ₹
// amounts are not words. No coupon state: both Hindi landings are iACST pages, a free exam (fee 0
// in its config), so no coupon field shows (asserted below); the coupon's messages in Hindi (empty,
// the server's "invalid", the network fallback) are checked in
// src/features/registration/registration-card.test.tsx with a paid programme and hi.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshMobile, launchBrowser, sandboxOtp, seriousViolations } from './browser';

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

/**
 * Latin words a Hindi page may show: brand and product names that have no Hindi spelling of their
 * own (the provider, the test's name, the caller-identity app, the social networks).
 */
const ALLOWED = new Set(['Demo', 'Academy', 'iACST', 'Truecaller', 'Facebook', 'Instagram', 'YouTube', 'X']);

/** The Latin-script words of `shown` that are not allowed: untranslated English. */
export const englishWords = (shown: string): string[] =>
  (
    shown
      // Addresses are not words: e-mail and web addresses.
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      .match(/[A-Za-z]+/g) ?? []
  ).filter((word) => !ALLOWED.has(word));

const card = (page: Page) => page.locator('#register_now');
const firstDigit = (page: Page) =>
  card(page).getByRole('textbox', {
    name: text('form.otpDigit').replace('{n}', '1').replace('{total}', '4'),
  });

/** Everything a student reads on the page now: its visible text, every option and the toasts. */
async function shownText(page: Page): Promise<string> {
  const body = await page.locator('body').innerText();
  const options = await page.locator('select option').allTextContents();
  return [body, ...options].join('\n');
}

async function expectNoEnglish(page: Page, when: string) {
  expect(englishWords(await shownText(page)), when).toEqual([]);
  expect(await seriousViolations(page), when).toEqual([]);
}

describe('the definition of English', () => {
  it('finds untranslated words and lets names, addresses and amounts through', () => {
    expect(englishWords('the test finds untranslated text')).toHaveLength(5);
    expect(englishWords('ओटीपी सत्यापित करें (OTP)')).toEqual(['OTP']);
    expect(englishWords('कक्षा 12 Medical')).toEqual(['Medical']);
    expect(
      englishWords('Demo Academy, iACST, ₹1,200, 9812345678, support@example.com, https://x.example/a'),
    ).toEqual([]);
  });
});

describe.each(['/neet-repeater-scholarship-hindi', '/iacst-medical-engineering-repeater-courses-hindi'])(
  'the Hindi landing page %s',
  (pagePath) => {
    it('shows no English in any state of its registration card', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'hi-IN' });
      const page = await context.newPage();
      await page.goto(`${base}${pagePath}`);
      const mobileField = card(page).getByRole('textbox', { name: text('form.mobileOrId') });
      const verify = card(page).getByRole('button', { name: text('registration.verify'), exact: true });
      await verify.waitFor();
      await expectNoEnglish(page, 'step 1');

      // A failed call: the network drops the OTP request.
      const mobile = freshMobile();
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

      // OTP sent.
      await mobileField.fill(mobile);
      await verify.click();
      await card(page)
        .getByRole('heading', { name: text('registration.verifyHeading') })
        .waitFor();
      await expectNoEnglish(page, 'OTP sent');

      // A wrong OTP: the server answers in the page's language.
      const otp = await sandboxOtp(base, mobile);
      const wrong = otp.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
      const verifyRequest = page.waitForResponse((r) => r.url().includes('/api/otp/verify'));
      await firstDigit(page).pressSequentially(wrong);
      const answer = (await (await verifyRequest).json()) as { msg: string };
      expect(englishWords(answer.msg)).toEqual([]);
      await card(page).getByText(answer.msg).waitFor();
      await expectNoEnglish(page, 'a wrong OTP');

      // The right code, then the details step with the fields left empty.
      await firstDigit(page).pressSequentially(otp);
      await card(page)
        .getByRole('heading', { name: text('registration.detailsHeading') })
        .waitFor();
      const classStream = card(page).getByRole('combobox', { name: text('form.classStream') });
      await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
      for (const label of ['form.studentName', 'form.email']) {
        const field = card(page).getByRole('textbox', { name: text(label) });
        await field.focus();
        await field.blur();
      }
      await card(page).getByText(text('validation.studentName.required')).waitFor();
      await card(page).getByText(text('validation.email.required')).waitFor();
      await expectNoEnglish(page, 'details with errors');

      // The details, then the exam step with its option lists.
      await card(page)
        .getByRole('textbox', { name: text('form.studentName') })
        // A name in the page's script (decision 041), with a doubled space: taken, tidied.
        .fill('आशा  वर्मा');
      await card(page)
        .getByRole('textbox', { name: text('form.email') })
        .fill('asha.hindi@example.com');
      const dob = card(page).getByRole('textbox', { name: new RegExp(`^${text('form.dob')}`) });
      // The date's placeholder in the page's language, as its hint.
      expect(await dob.getAttribute('placeholder')).toBe(text('form.dobHint'));
      await dob.fill('14/08/2007');
      await classStream.selectOption({ index: 1 });
      await card(page)
        .getByRole('button', { name: text('form.next') })
        .click();
      await card(page)
        .getByRole('heading', { name: text('registration.examHeading') })
        .waitFor();
      // The slot first: the states it is held in are the nearest centre's choice.
      const slot = card(page).getByRole('combobox', { name: text('form.examSlot') });
      await expect.poll(() => slot.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      if (!(await slot.inputValue())) await slot.selectOption({ index: 1 });
      // "Find my nearest centre" with the location refused: the card's own message, in Hindi.
      const locate = card(page).getByRole('button', { name: text('registration.nearestCentre') });
      await expect.poll(() => locate.isEnabled(), { timeout: 10_000 }).toBe(true);
      await locate.click();
      await card(page).getByText(text('registration.locateFailed')).waitFor();
      await expectNoEnglish(page, 'nearest centre refused');
      // Allowed, in Delhi: the centre and its state are filled in, named in Hindi.
      await context.grantPermissions(['geolocation'], { origin: base });
      await context.setGeolocation({ latitude: 28.6304, longitude: 77.2177 });
      await locate.click();
      const centre = card(page).getByRole('combobox', { name: text('form.centre') });
      await expect.poll(() => centre.inputValue(), { timeout: 10_000 }).not.toBe('');
      await expect.poll(() => card(page).getByText(text('registration.locateFailed')).count()).toBe(0);
      await expectNoEnglish(page, 'nearest centre found');
      for (const name of ['form.examSlot', 'form.state', 'form.centre', 'form.examDate']) {
        const select = card(page).getByRole('combobox', { name: text(name) });
        await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
        if (!(await select.inputValue())) await select.selectOption({ index: 1 });
        await expect.poll(() => select.inputValue()).not.toBe('');
      }
      // A free exam: no coupon to apply.
      expect(
        await card(page)
          .getByRole('textbox', { name: new RegExp(text('form.coupon')) })
          .count(),
      ).toBe(0);
      await expectNoEnglish(page, 'exam step');

      // Thank-you.
      const submit = card(page).getByRole('button', { name: text('form.submit') });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await card(page)
        .getByRole('heading', { name: text('registration.success') })
        .waitFor();
      await expectNoEnglish(page, 'thank-you');

      // Payment failed: the gateway's return to the page (part 1 §4, step 0).
      const failed = await context.newPage();
      await failed.goto(`${base}${pagePath}?status=failure&mobile=${mobile}`);
      await card(failed).getByText(text('registration.paymentFailedText')).waitFor();
      await expectNoEnglish(failed, 'payment failed');
      await context.close();
    });
  },
);
