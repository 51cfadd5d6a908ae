// A registration as a student walks it in the card, step by step, for the browser tests that need
// one on a page (its OTP from the sandbox SMS).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sandboxOtp } from './browser';

export const card = (page: Page) => page.locator('#register_now');
export const cardHeading = (page: Page, name: string) =>
  card(page).getByRole('heading', { level: 2, name, exact: true });

/** Step 1: a fresh mobile number, Verify, and the sandbox's OTP; ends on step 2's heading. */
export async function verifyFreshMobile(page: Page, origin: string, mobile: string): Promise<void> {
  // A dev server transforms modules on first request: be patient with the first step.
  const verify = card(page).getByRole('button', { name: 'Verify', exact: true });
  await verify.waitFor({ timeout: 30_000 });
  await card(page)
    .getByRole('textbox', { name: /Mobile number or student id/ })
    .fill(mobile);
  await expect.poll(() => verify.isEnabled(), { timeout: 20_000 }).toBe(true);
  await verify.click();
  await cardHeading(page, 'Verify OTP').waitFor({ timeout: 20_000 });
  await card(page)
    .getByRole('textbox', { name: 'Digit 1 of 4' })
    .pressSequentially(await sandboxOtp(origin, mobile));
  await cardHeading(page, 'Student details').waitFor({ timeout: 30_000 });
}

async function chooseFirst(page: Page, name: string) {
  const select = card(page).getByRole('combobox', { name });
  await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
  if (!(await select.inputValue())) await select.selectOption({ index: 1 });
  await expect.poll(() => select.inputValue()).not.toBe('');
}

/** Steps 2 and 3 of a free programme, from step 2's heading to the thank-you. */
export async function completeFreeRegistration(page: Page): Promise<void> {
  const select = card(page).getByRole('combobox', { name: 'Class & stream' });
  await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
  await card(page).getByRole('textbox', { name: 'Student name' }).fill('Devi Rao');
  await card(page).getByRole('textbox', { name: 'Email ID' }).fill('devi.rao@example.com');
  await card(page)
    .getByRole('textbox', { name: /^Date of birth/ })
    .fill('14/08/2009');
  await select.selectOption({ index: 1 });
  await card(page).getByRole('button', { name: 'Next' }).click();

  await cardHeading(page, 'Exam details').waitFor({ timeout: 30_000 });
  await chooseFirst(page, 'Exam slot');
  await chooseFirst(page, 'State');
  await chooseFirst(page, 'Centre');
  await chooseFirst(page, 'Date of exam');
  const submit = card(page).getByRole('button', { name: 'Submit' });
  await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true);
  await submit.click();
  await cardHeading(page, 'Registration Successful').waitFor({ timeout: 30_000 });
}
