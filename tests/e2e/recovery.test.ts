// Forgot roll number or password, in Chromium against the real server: by roll number (details by
// SMS straight away) and by mobile (the OTP read from the sandbox SMS log), with the error texts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, sandboxMessage, seriousViolations } from './browser';

const port = inject('port');
const base = `http://localhost:${port}`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openRecovery(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(`${base}/recover-credentials`);
  await page.getByRole('textbox', { name: 'Roll number or mobile number' }).waitFor();
  return page;
}
const loginId = (page: Page) => page.getByRole('textbox', { name: 'Roll number or mobile number' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

describe('credential recovery', () => {
  it('Next is enabled only at 10 or 12 digits; an unknown number shows the server message on the field', async () => {
    const page = await openRecovery();
    // The first step has a way back to login.
    expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/');
    await loginId(page).fill('98765');
    expect(await next(page).isDisabled()).toBe(true);
    // A disabled Next says why, linked to the button.
    const why = 'Enter your 10-digit mobile number or your 12-digit roll number to continue.';
    expect(await next(page).getAttribute('aria-describedby')).toBe(
      await page.getByText(why).getAttribute('id'),
    );
    await loginId(page).fill('9999999999');
    // The key that makes a whole number is told once it is painted: Next follows in the next frame.
    await expect.poll(() => next(page).isEnabled()).toBe(true);
    expect(await page.getByText(why).count()).toBe(0);
    await next(page).click();
    await page.getByText('No registration found for this mobile number.').waitFor();
    expect(await loginId(page).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('by roll number: the details go by SMS straight away', async () => {
    const page = await openRecovery();
    // Pasted with separators (one input event, as a paste is): every digit is kept.
    await loginId(page).focus();
    await page.keyboard.insertText('2500-0000-0002');
    expect(await loginId(page).inputValue()).toBe('250000000002');
    await next(page).click();
    const sent = page.getByText(/have been sent to your registered mobile number 90\*{6}02/);
    await sent.waitFor();
    // Said once (no toast repeats it); the wait speaks of the details, not of a code.
    expect(await sent.count()).toBe(1);
    await page.getByText('You can ask for your details again 45 seconds after the last message.').waitFor();
    expect(await page.getByText(/new code/).count()).toBe(0);
    expect((await sandboxMessage(base, '9000000002')).text).toContain('250000000002');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a mobile number pasted with +91 and spaces is read as that mobile, not as a roll number', async () => {
    const page = await openRecovery();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.evaluate(() => navigator.clipboard.writeText('+91 90000 00004'));
    await loginId(page).click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => loginId(page).inputValue()).toBe('9000000004');
    await expect.poll(() => next(page).isEnabled()).toBe(true);
    await next(page).click();
    await page.getByText('OTP sent to 90******04.').waitFor();
    await page.context().close();
  });

  it('by mobile: a wrong OTP shows its error, the right one shows the roll number and date of birth', async () => {
    const page = await openRecovery();
    await loginId(page).fill('9000000003');
    await next(page).click();
    const sent = page.getByText('OTP sent to 90******03.');
    await sent.waitFor();
    expect(await sent.count()).toBe(1); // no toast repeats it
    const { otp } = await sandboxMessage(base, '9000000003');
    expect(otp).toMatch(/^\d{4}$/);
    const firstBox = page.getByRole('textbox', { name: 'Digit 1 of 4' });
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    // The one verify-mobile flow: the code is checked when its fourth digit arrives; a wrong code
    // (error_code 1) empties the boxes and puts focus back on the first.
    await firstBox.pressSequentially(otp === '0000' ? '1111' : '0000');
    await page.getByText(/Invalid OTP/).waitFor();
    expect(await firstBox.inputValue()).toBe('');
    await page.waitForFunction(() => document.activeElement?.id === 'otp');
    expect(await seriousViolations(page)).toEqual([]);
    await firstBox.pressSequentially(otp ?? '');
    await page.getByRole('heading', { name: 'Your login details' }).waitFor();
    const details = await page.locator('.ef-recover__details').innerText();
    expect(details).toContain('250000000003');
    // The date of birth as login asks for it.
    expect(details).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('by mobile: a reload or a discarded tab at the OTP step keeps the box, and the code received still works', async () => {
    const page = await openRecovery();
    await loginId(page).fill('9000000014');
    await next(page).click();
    await page.getByText('OTP sent to 90******14.').waitFor();
    const firstBox = page.getByRole('textbox', { name: 'Digit 1 of 4' });
    await firstBox.pressSequentially('12');
    const sends: string[] = [];
    page.on(
      'request',
      (r) => void (r.url().includes('/recover') && r.method() === 'POST' && sends.push(r.url())),
    );
    await page.reload();
    await firstBox.waitFor();
    // Empty: the digits typed are never kept; no new code was asked for.
    expect(await firstBox.inputValue()).toBe('');
    await page.getByText('OTP sent to 90******14.').waitFor();
    // The tab discarded while the student reads the SMS, and opened again.
    const address = page.url();
    await page.goto('about:blank');
    await page.goto(address);
    await firstBox.waitFor();
    expect(sends).toEqual([]);
    const { otp } = await sandboxMessage(base, '9000000014');
    await firstBox.pressSequentially(otp ?? '');
    await page.getByRole('heading', { name: 'Your login details' }).waitFor();
    expect(await page.locator('.ef-recover__details').innerText()).toContain('250000000014');
    // The details on screen are not kept: a reload starts again at the first step.
    await page.reload();
    await loginId(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Your login details' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
