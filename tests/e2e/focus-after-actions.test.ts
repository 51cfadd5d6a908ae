// Focus never falls to the page's body after an action (issue 21 §5), at 390 and 1280 px: Save in
// View Profile (and Escape still closes the dialog, focus back on the account menu), Try again on
// 'Payment failed!' (focus on the pay button the student sees), Edit in credential recovery (focus
// on the field to edit), and the recovery steps in between. Its own server: a failed payment and a
// profile change must not change what the other browser tests expect of the demo students.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { launchBrowser, logInAs, seriousViolations } from './browser';

let server: TestServer;
const url = (p: string) => `${server.base}${p}`;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ distDir: distDir() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const student = (suffix: string) => {
  const found = students.find((s) => s.roll_number.endsWith(suffix));
  if (!found) throw new Error(`no demo student ${suffix}`);
  return found;
};

/** What has focus: its role-ish description, or 'BODY' when focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`;
  });

async function loggedIn(suffix: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await logInAs(context, student(suffix), url, new URL(url('/')).hostname);
  return context.newPage();
}

/** Picks an option of a select in the dialog other than the one chosen (index 0 is the placeholder). */
async function chooseAnother(page: Page, label: string): Promise<void> {
  const select = page.getByRole('dialog').getByLabel(label, { exact: true });
  await expect.poll(async () => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(2);
  const current = await select.inputValue();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const other = values.find((v) => v !== current);
  if (!other) throw new Error(`no other ${label}`);
  await select.selectOption(other);
}

describe.each([390, 1280])('focus after an action at %i px', (width) => {
  it('View Profile: after Save focus stays in the dialog; Escape still closes it, back to My account', async () => {
    const page = await loggedIn('05', width);
    await page.goto(url('/dashboard'));
    const menu = page.getByRole('button', { name: 'My account' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'My profile' });
    await dialog.waitFor();
    // Another city (which clears the school), then a school of it.
    await chooseAnother(page, 'City');
    const school = dialog.getByLabel('School', { exact: true });
    await expect.poll(async () => school.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    if (!(await school.inputValue())) await school.selectOption({ index: 1 });
    const save = dialog.getByRole('button', { name: 'Save school details' });
    await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
    await save.click();
    await page.getByText('Your profile has been updated.').first().waitFor({ timeout: 15_000 });
    // Saved: Save is disabled again (nothing changed since), and focus is on the form's heading.
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await focused(page)).toBe('H3 Your school');
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("'Payment failed!': after Try again focus is on the pay button, address kept", async () => {
    // Student 06 has two courses: a failed payment buys neither.
    const page = await loggedIn('06', width);
    await page.goto(url('/dashboard'));
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
    await page
      .locator('#courseCardSection li')
      .getByRole('button', { name: /^Register Now/ })
      .first()
      .click();
    await page.getByLabel("Father's name").fill('Ramesh Kumar');
    await page.getByLabel('Billing address').fill('12 MG Road, Andheri West');
    await page.getByLabel('Pincode').fill('400053');
    await expect.poll(() => page.getByLabel('City').inputValue(), { timeout: 10_000 }).not.toBe('');
    await page.getByLabel('Billing address').press('Enter');
    await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment failed!' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^BUTTON Pay ₹/);
    const pay = page.locator(':focus');
    expect(await pay.isVisible()).toBe(true);
    expect(await page.getByLabel('Billing address').inputValue()).toBe('12 MG Road, Andheri West');
    await page.context().close();
  });

  it('recovery: Edit puts focus on the field; Next and the verified code on the new step', async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/recover-credentials'));
    const field = page.getByRole('textbox', { name: 'Roll number or mobile number' });
    // Students of their own per width: a new code for the same mobile waits 45 s.
    const [roll, first, second] = width < 768 ? ['02', '03', '04'] : ['07', '08', '09'];
    await field.fill(`2500000000${roll}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/have been sent to your registered mobile number/).waitFor();
    // Next is gone: focus is on the step's sentence, not the body.
    await expect.poll(() => focused(page)).toMatch(/^P .*have been sent/);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe(`2500000000${roll}`);

    // By mobile: the OTP step, Edit, and back through the code to the details.
    await field.fill(`90000000${first}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`OTP sent to 90******${first}.`).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill(`90000000${second}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`OTP sent to 90******${second}.`).waitFor();
    const list = (await (await fetch(url(`/sandbox/messages?mobile=90000000${second}`))).json()) as Array<{
      otp: string | null;
    }>;
    const otp = list[0]?.otp ?? '';
    await page.keyboard.type(otp);
    await page.getByRole('heading', { name: 'Your login details' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => focused(page)).toBe('H2 Your login details');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
