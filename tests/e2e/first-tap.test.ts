// A first tap on Next after fixing a field is never lost (issue 37 §2). A phone's tap is a
// pointerdown, a pause and a pointerup: the pointerdown blurs the field, and if that blur clears
// (or shows) an error above the button, the button moves under the finger, the pointerup lands off
// it and no click happens. Here the tap is made that way, on the lower part of the button, at 390 px.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { e2eNow, freshMobile, launchBrowser, logInAs } from './browser';
import { card, cardHeading, verifyFreshMobile } from './registration-walk';

const base = `http://localhost:${inject('port')}`;
const students08 = { roll_number: '250000000008', dob: '11/12/2010' };

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  return page;
}

/**
 * A phone's tap: the button's box read first (where the finger aims), then down near its lower
 * edge, ~100 ms of contact, and up at the same point of the screen.
 */
async function tap(page: Page, button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the button is not on the screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.waitForTimeout(100);
  await page.mouse.up();
}

/** The error line under a field, as the student reads it (linked by aria-describedby). */
const errorOf = (page: Page, text: string) => card(page).getByText(text, { exact: true });

/** iACST's step 2 with every field right but `left` (the name or the e-mail), which the test types. */
async function detailsBut(left: 'Student name' | 'Email ID'): Promise<Page> {
  const page = await openPage('/iacstexam');
  await verifyFreshMobile(page, base, freshMobile());
  const classStream = card(page).getByRole('combobox', { name: 'Class & stream' });
  await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
  if (left !== 'Student name')
    await card(page).getByRole('textbox', { name: 'Student name' }).fill('Devi Rao');
  if (left !== 'Email ID')
    await card(page).getByRole('textbox', { name: 'Email ID' }).fill('devi.rao@example.com');
  await card(page)
    .getByRole('textbox', { name: /^Date of birth/ })
    .fill('14/08/2009');
  await classStream.selectOption({ index: 1 });
  return page;
}

describe('a first tap after fixing a field', () => {
  it('student details: the e-mail fixed after its error showed, Next tapped at once, moves on', async () => {
    const page = await detailsBut('Email ID');

    // A wrong address, and the field left: its error shows.
    const email = card(page).getByRole('textbox', { name: 'Email ID' });
    await email.fill('devi.rao@example');
    await email.blur();
    await errorOf(page, 'Enter a valid email address').waitFor();

    // Fixed (the field keeps the focus), and Next tapped as the student stops typing.
    await email.focus();
    await email.pressSequentially('.com');
    // The error goes as the fix is typed, before any tap (with the old rule it stayed until a blur).
    await errorOf(page, 'Enter a valid email address').waitFor({ state: 'detached', timeout: 10_000 });
    await tap(page, card(page).getByRole('button', { name: 'Next' }));
    await cardHeading(page, 'Exam details').waitFor({ timeout: 10_000 });
  });

  it('student details: Next tapped right on the fixing key (before the field sends its keys) moves on', async () => {
    const page = await detailsBut('Student name');

    const name = card(page).getByRole('textbox', { name: 'Student name' });
    await name.fill('D');
    await name.blur();
    await errorOf(page, 'Minimum length should be 2').waitFor();

    await name.focus();
    await name.pressSequentially('evi Rao');
    // The error goes with the fixing key's next frame (decision 060), before a thumb can reach Next.
    await errorOf(page, 'Minimum length should be 2').waitFor({ state: 'detached', timeout: 10_000 });
    await tap(page, card(page).getByRole('button', { name: 'Next' }));
    await cardHeading(page, 'Exam details').waitFor({ timeout: 10_000 });
  });

  it('student details: an error that shows on the tap comes with Next disabled already; fixed, Next moves on', async () => {
    const page = await openPage('/iacstexam');
    await verifyFreshMobile(page, base, freshMobile());
    const classStream = card(page).getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
    await card(page).getByRole('textbox', { name: 'Student name' }).fill('Devi Rao');
    await card(page)
      .getByRole('textbox', { name: /^Date of birth/ })
      .fill('14/08/2009');
    await classStream.selectOption({ index: 1 });

    // A wrong address typed last, never left: no error yet, and Next is disabled.
    const email = card(page).getByRole('textbox', { name: 'Email ID' });
    await email.focus();
    await email.pressSequentially('devi.rao@example');
    const next = card(page).getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    // The tap blurs the field and its error shows: the step stays, as it must.
    await tap(page, next);
    await errorOf(page, 'Enter a valid email address').waitFor();
    expect(await cardHeading(page, 'Student details').count()).toBe(1);

    await email.focus();
    await email.pressSequentially('.com');
    await errorOf(page, 'Enter a valid email address').waitFor({ state: 'detached', timeout: 10_000 });
    await tap(page, next);
    await cardHeading(page, 'Exam details').waitFor({ timeout: 10_000 });
  });

  it('exam details: the date chosen after its error showed, Submit tapped, registers', async () => {
    const page = await openPage('/iacstexam');
    await verifyFreshMobile(page, base, freshMobile());
    const classStream = card(page).getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
    await card(page).getByRole('textbox', { name: 'Student name' }).fill('Devi Rao');
    await card(page).getByRole('textbox', { name: 'Email ID' }).fill('devi.rao@example.com');
    await card(page)
      .getByRole('textbox', { name: /^Date of birth/ })
      .fill('14/08/2009');
    await classStream.selectOption({ index: 1 });
    await card(page).getByRole('button', { name: 'Next' }).click();
    await cardHeading(page, 'Exam details').waitFor({ timeout: 30_000 });

    const choose = async (name: string) => {
      const select = card(page).getByRole('combobox', { name });
      await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
      if (!(await select.inputValue())) await select.selectOption({ index: 1 });
      await expect.poll(() => select.inputValue()).not.toBe('');
    };
    await choose('Exam slot');
    await choose('State');
    await choose('Centre');
    // The date left without a choice: its error shows.
    const date = card(page).getByRole('combobox', { name: 'Date of exam' });
    await expect.poll(() => date.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await date.focus();
    await date.blur();
    await errorOf(page, 'Please select date of exam').waitFor();

    // Chosen (the select keeps the focus, as after a phone's picker), then Submit tapped.
    await date.focus();
    await date.selectOption({ index: 1 });
    const submit = card(page).getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await tap(page, submit);
    await cardHeading(page, 'Registration Successful').waitFor({ timeout: 30_000 });
  });
});

// Login, recovery and checkout show the errors of a submit, and a field's first edit clears its
// own error at once (withHeldTyping, the checkout's sendsAtOnce): nothing moves at the tap either.
describe('a first tap after fixing a field, outside the registration card', () => {
  it('login: the roll number fixed after "Invalid roll number", Login tapped, logs in', async () => {
    const page = await openPage('/');
    await page.getByRole('button', { name: 'Choose date of birth' }).waitFor();
    const roll = page.getByRole('textbox', { name: 'Roll number' });
    await roll.fill('25000000000');
    await page.getByRole('textbox', { name: /Password \(date of birth\)/ }).fill('05/01/2008');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Invalid roll number', { exact: true }).waitFor();
    await roll.focus();
    await roll.press('End');
    await roll.pressSequentially('1');
    await tap(page, page.getByRole('button', { name: 'Login', exact: true }));
    await page.waitForURL(`${base}/dashboard`, { timeout: 15_000 });
  });

  describe('checkout', () => {
    // Its own server, as checkout.test.ts: an order here must not change what other files expect.
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ distDir: distDir(), now: e2eNow });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("the father's name typed after the submit's errors, Pay tapped, opens the gateway", async () => {
      const url = (p: string) => `${server.base}${p}`;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      contexts.push(context);
      await logInAs(context, students08, url, new URL(url('/')).hostname);
      const page = await context.newPage();
      await page.goto(url('/dashboard'));
      const courses = page.locator('#courseCardSection li');
      await courses.first().waitFor({ timeout: 20_000 });
      await courses
        .filter({ has: page.getByRole('button', { name: /^Register Now/ }) })
        .first()
        .getByRole('button', { name: /^Register Now/ })
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
      const father = page.getByLabel("Father's name");
      await father.fill('');
      await page.getByLabel('Billing address').fill('12 MG Road, Andheri West');
      await page.getByLabel('Pincode').pressSequentially('400053');
      await expect.poll(() => page.getByLabel('City').inputValue(), { timeout: 10_000 }).not.toBe('');
      await page.getByLabel('I agree to the terms and conditions').check();
      const pay = page.getByRole('button', { name: /^Pay ₹/ }).first();
      await pay.click();
      await page.getByText('Father name is required', { exact: true }).waitFor();
      await father.focus();
      await father.pressSequentially('Ramesh Kumar');
      await tap(page, pay);
      await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor({ timeout: 15_000 });
    });
  });
});
