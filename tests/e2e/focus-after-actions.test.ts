// Focus never falls to the page's body after an action, at 390 and 1280 px: Save in
// View Profile (and Escape still closes the dialog, focus back on the account menu), Try again on
// 'Payment failed!' (focus on the pay button the student sees), Edit in credential recovery (focus
// on the field to edit), and the recovery steps in between. Its own server: a failed payment and a
// profile change must not change what the other browser tests expect of the demo students.
// While a call runs, a busy button keeps focus (src/ui/busy-button.tsx): Submit on the registration
// card's exam step, Submit on the edit-exam dialog and Pay on the checkout. Their call is held in
// the browser until the checks are done (the real server answers nothing meanwhile, and the context
// closes before it would: no demo student changes). EXAMFLOW_E2E_SHOTS=<folder> saves the busy
// states as screenshots, to look at them.
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, freshMobile, launchBrowser, logInAs, sandboxOtp, seriousViolations } from './browser';

let server: TestServer;
const url = (p: string) => `${server.base}${p}`;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now: e2eNow });
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

/** Holds the page's POSTs to `api` (never answered): the button stays busy while the test looks. */
async function holdPosts(page: Page, api: string): Promise<{ held: Promise<void>; posts: () => number }> {
  let seen!: () => void;
  let posts = 0;
  const held = new Promise<void>((resolve) => (seen = resolve));
  await page.route(`**${api}`, (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    seen();
    return new Promise<void>(() => undefined);
  });
  return { held, posts: () => posts };
}

/** Busy, focused, announced: aria-busy and aria-disabled, no disabled attribute, axe clean. */
async function expectBusyWithFocus(page: Page, name: RegExp, shot: string): Promise<void> {
  const busy = page.locator('button[aria-busy="true"]').filter({ hasText: name });
  await busy.waitFor();
  await expect.poll(() => focused(page)).toMatch(new RegExp(`^BUTTON ${name.source}`));
  expect(await busy.getAttribute('aria-disabled')).toBe('true');
  // Disabled to assistive technology (Playwright reads aria-disabled so too), not the attribute.
  expect(await busy.isDisabled()).toBe(true);
  expect(await busy.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
  // Looks disabled: the same grey dashed style as a disabled button.
  expect(await busy.evaluate((el) => getComputedStyle(el).borderStyle)).toContain('dashed');
  // The busy overlay fades in (after 300 ms): axe measures contrast once it has (spinners spin on).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  expect(await seriousViolations(page)).toEqual([]);
  const folder = process.env.EXAMFLOW_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `busy-${shot}.png`) });
}

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
    await page.keyboard.type(await sandboxOtp(server.base, `90000000${second}`));
    await page.getByRole('heading', { name: 'Your login details' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => focused(page)).toBe('H2 Your login details');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('registration card: Submit keeps focus while the registration is sent (busy, looks and reads disabled)', async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/adst'));
    const card = page.locator('#register_now');
    const mobile = freshMobile();
    await card.getByRole('textbox', { name: /Mobile number or student id/ }).fill(mobile);
    await card.getByRole('button', { name: 'Verify', exact: true }).click();
    await card.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    await card
      .getByRole('textbox', { name: 'Digit 1 of 4' })
      .pressSequentially(await sandboxOtp(server.base, mobile));
    await card.getByRole('heading', { name: 'Student details' }).waitFor();
    const classStream = card.getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
    await classStream.selectOption({ index: 1 });
    await card.getByRole('textbox', { name: 'Student name' }).fill('Asha Verma');
    await card.getByRole('textbox', { name: 'Email ID' }).fill('asha.verma@example.com');
    await card.getByRole('textbox', { name: /^Date of birth/ }).fill('14/08/2009');
    await card.getByRole('button', { name: 'Next' }).click();
    // Next moved on at once: focus is on the new step's heading, not the body.
    await card.getByRole('heading', { name: 'Exam details' }).waitFor();
    await expect.poll(() => focused(page)).toBe('H2 Exam details');
    for (const name of ['Exam slot', 'Date of exam']) {
      const select = card.getByRole('combobox', { name });
      await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      if (!(await select.inputValue())) await select.selectOption({ index: 1 });
    }
    const submit = card.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    const { held, posts } = await holdPosts(page, '/api/signup');
    await submit.click();
    await held;
    await expectBusyWithFocus(page, /Submit/, `registration-${width}`);
    // A second click (and Enter) while busy sends nothing more: the busy button ignores them.
    await submit.click({ force: true });
    await page.keyboard.press('Enter');
    expect(posts()).toBe(1);
    await context.close();
  });

  it('edit exam: Submit keeps focus while the change is saved', async () => {
    const page = await loggedIn('03', width);
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Edit exam', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit exam details' });
    await dialog.waitFor();
    const date = dialog.getByRole('combobox', { name: 'Date of exam' });
    await expect.poll(() => date.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(2);
    const value = await date.locator('option').nth(2).getAttribute('value');
    await date.selectOption(value ?? '');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    const { held } = await holdPosts(page, '/api/exam-info');
    await submit.click();
    await held;
    await expectBusyWithFocus(page, /Submit/, `edit-exam-${width}`);
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await page.context().close();
  });

  it('checkout: Pay keeps focus while the order is placed', async () => {
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
    const { held } = await holdPosts(page, '/api/course-order');
    const pay = page.getByRole('button', { name: /^Pay ₹/ }).filter({ visible: true });
    await pay.click();
    await held;
    await expectBusyWithFocus(page, /Taking you to payment/, `checkout-${width}`);
    await page.context().close();
  });
});
