// A registration survives the phone (production build, 390 px, the real server and sandbox): a reload
// at every step of the card, the tab discarded and opened again at the same address, and Back from
// the gateway each find the same screen with what was typed, and the journey goes on to the end.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { freshMobile, launchBrowser, sandboxOtp, seriousViolations } from './browser';
import { card, cardHeading, completeFreeRegistration, verifyFreshMobile } from './registration-walk';

const base = `http://localhost:${inject('port')}`;

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Each way a phone loses the page, and how many journeys came back from it. */
const losses = { tried: 0, lost: 0 };

/** Loses the page as a phone does, then expects the card back at `step`. */
async function loseAndFind(page: Page, how: 'reload' | 'discard', step: string): Promise<void> {
  losses.tried += 1;
  if (how === 'reload') await page.reload();
  else {
    // A discarded tab: the page is gone, and the tab loads its address again when opened.
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
  }
  try {
    await cardHeading(page, step).waitFor({ timeout: 20_000 });
  } catch (error) {
    losses.lost += 1;
    throw error;
  }
}

const field = (page: Page, name: string | RegExp) => card(page).getByRole('textbox', { name });
const select = (page: Page, name: string) => card(page).getByRole('combobox', { name });
const verifyButton = (page: Page) => card(page).getByRole('button', { name: 'Verify', exact: true });

/** Step 1 up to the code boxes: the number, then Verify. */
async function sendCode(page: Page, mobile: string): Promise<void> {
  await verifyButton(page).waitFor();
  await field(page, /^Mobile number/).fill(mobile);
  await verifyButton(page).click();
  await cardHeading(page, 'Verify OTP').waitFor();
}

/**
 * Verify on a card whose number already had a code (used elsewhere): Verify is tapped until the
 * first code's 45 s resend wait is over and a new code goes, which is then typed; ends on step 2.
 */
async function verifyAfterResendWait(page: Page, mobile: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await verifyButton(page).isVisible()) await verifyButton(page).click();
        await page.waitForTimeout(2_000);
        return cardHeading(page, 'Verify OTP').count();
      },
      { timeout: 70_000, interval: 3_000 },
    )
    .toBe(1);
  await field(page, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
  await cardHeading(page, 'Student details').waitFor();
}

/** Step 2's date of birth and class, then Next (the name and e-mail are typed by the test). */
async function finishDetails(page: Page): Promise<void> {
  await field(page, /^Date of birth/).fill('01/02/2007');
  await expect.poll(() => select(page, 'Class & stream').locator('option').count()).toBeGreaterThan(1);
  await select(page, 'Class & stream').selectOption({ index: 1 });
  await card(page).getByRole('button', { name: 'Next' }).click();
}

/** Step 3's state: Delhi, once the list has it. */
async function chooseDelhi(page: Page) {
  const state = select(page, 'State');
  await state.locator('option', { hasText: 'Delhi' }).waitFor({ state: 'attached' });
  await state.selectOption({ label: 'Delhi' });
  return state;
}

describe('registration survives a reload, a discarded tab and Back', () => {
  afterAll(() => {
    console.log(`registration resume: ${losses.lost} of ${losses.tried} journeys lost`);
  });

  it('MOCK-NEET from the OTP to the thank-you, losing the page at every step', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/mock-neet-exam`);
    const mobile = freshMobile();
    await sendCode(page, mobile);
    await field(page, 'Digit 1 of 4').pressSequentially('12');

    // The OTP step: the box again, empty, and no new code asked for (the first one still counts).
    const sends: string[] = [];
    page.on('request', (r) => void (r.url().includes('/otp/send') && sends.push(r.url())));
    await loseAndFind(page, 'reload', 'Verify OTP');
    expect(await field(page, 'Digit 1 of 4').inputValue()).toBe('');
    await card(page)
      .getByText(/ask for a new OTP in \d+ seconds/i)
      .waitFor();
    await loseAndFind(page, 'discard', 'Verify OTP');
    expect(sends).toEqual([]);
    await field(page, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));

    // Step 2, half typed: what was typed comes back.
    await cardHeading(page, 'Student details').waitFor();
    await expect.poll(() => select(page, 'Class & stream').locator('option').count()).toBeGreaterThan(1);
    await field(page, 'Student name').fill('Kavya Menon');
    await field(page, 'Email ID').fill('kavya.menon@example.com');
    await field(page, 'Email ID').blur();
    await loseAndFind(page, 'reload', 'Student details');
    await expect.poll(() => field(page, 'Student name').inputValue()).toBe('Kavya Menon');
    expect(await field(page, 'Email ID').inputValue()).toBe('kavya.menon@example.com');
    await finishDetails(page);

    // Step 3 with a state chosen: the same step, the same state.
    await cardHeading(page, 'Exam details').waitFor();
    const state = await chooseDelhi(page);
    await loseAndFind(page, 'discard', 'Exam details');
    await expect.poll(() => state.inputValue()).not.toBe('');
    const centre = select(page, 'Centre');
    await expect.poll(() => centre.locator('option').count()).toBeGreaterThan(1);
    await centre.selectOption({ index: 1 });
    const date = select(page, 'Date of exam');
    await expect.poll(() => date.locator('option').count()).toBeGreaterThan(1);
    await date.selectOption({ index: 1 });
    const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.waitForURL(/\/sandbox\/gateway/);

    // Back from the gateway: the exam step as it was left, and paying goes on from there.
    losses.tried += 1;
    await page.goBack();
    try {
      await cardHeading(page, 'Exam details').waitFor({ timeout: 20_000 });
    } catch (error) {
      losses.lost += 1;
      throw error;
    }
    await expect.poll(() => date.inputValue()).not.toBe('');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/mock-neet-exam\?.*registeration=success/);
    await cardHeading(page, 'Registration Successful').waitFor();
    await card(page).locator('dd').first().waitFor();
    const rows = await card(page).locator('dd').allInnerTexts();

    // The thank-you keeps the roll number through a reload.
    await loseAndFind(page, 'reload', 'Registration Successful');
    await card(page).locator('dd').first().waitFor();
    expect(await card(page).locator('dd').allInnerTexts()).toEqual(rows);
    expect(rows[0]?.replace(/\D/g, '')).toMatch(/^\d{12}$/);
    expect(losses.lost).toBe(0);
  });

  it('Back steps from the exam step to the details, asks once before leaving the card, and Forward resumes it', async () => {
    const page = await context.newPage();
    await page.goto('about:blank');
    const landing = `${base}/mock-neet-exam`;
    await page.goto(landing);
    const mobile = freshMobile();
    await sendCode(page, mobile);
    await field(page, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
    await cardHeading(page, 'Student details').waitFor();
    await field(page, 'Student name').fill('Ishaan Rao');
    await field(page, 'Email ID').fill('ishaan.rao@example.com');
    await finishDetails(page);
    await cardHeading(page, 'Exam details').waitFor();

    // Back: the details, as typed, on the same address.
    await page.goBack();
    await cardHeading(page, 'Student details').waitFor();
    expect(page.url()).toBe(landing);
    await expect.poll(() => field(page, 'Student name').inputValue()).toBe('Ishaan Rao');
    await card(page).getByRole('button', { name: 'Next' }).click();
    await cardHeading(page, 'Exam details').waitFor();
    await page.goBack();
    await cardHeading(page, 'Student details').waitFor();

    // Back again would leave the card: it asks once, and stays.
    await page.goBack();
    await page.getByText('Press Back again to leave this page.', { exact: false }).waitFor();
    expect(page.url()).toBe(landing);
    expect(await cardHeading(page, 'Student details').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A step further and back again: leaving asks once more, rather than leaving at once.
    await card(page).getByRole('button', { name: 'Next' }).click();
    await cardHeading(page, 'Exam details').waitFor();
    await page.goBack();
    await cardHeading(page, 'Student details').waitFor();
    const entry = () =>
      page.evaluate(() => (window.history.state as { examflowCard?: number } | null)?.examflowCard);
    const details = await entry();
    await page.goBack();
    // Asked: the card put its own entry back (a Back that left would be on about:blank).
    await expect.poll(entry).toBe(details);
    expect(page.url()).toBe(landing);

    // The next Back leaves; Forward finds the card where it was.
    await page.goBack();
    await expect.poll(() => page.url()).toBe('about:blank');
    await page.goForward();
    await cardHeading(page, 'Student details').waitFor({ timeout: 20_000 });
    await expect.poll(() => field(page, 'Student name').inputValue()).toBe('Ishaan Rao');
    await page.close();
  });

  it('a second tab asking within the wait gets the boxes for the code already sent, and it verifies', async () => {
    const mobile = freshMobile();
    const first = await context.newPage();
    await first.goto(`${base}/mock-neet-exam`);
    await sendCode(first, mobile);
    const second = await context.newPage();
    await second.goto(`${base}/mock-neet-exam`);
    await sendCode(second, mobile);
    await card(second).getByText(`A code went to ${mobile} a moment ago`, { exact: false }).waitFor();
    await card(second)
      .getByText(/ask for a new OTP in \d+ seconds/i)
      .waitFor();
    expect(await seriousViolations(second)).toEqual([]);
    await field(second, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
    await cardHeading(second, 'Student details').waitFor();
    await first.close();
    await second.close();
  });

  it(
    'another device of the same number picks up the card where it was left: the details typed, the state chosen',
    { timeout: 120_000 },
    async () => {
      const mobile = freshMobile();
      const phone = await context.newPage();
      await phone.goto(`${base}/mock-neet-exam`);
      await sendCode(phone, mobile);
      await field(phone, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
      await cardHeading(phone, 'Student details').waitFor();
      await field(phone, 'Student name').fill('Meera Iyer');
      await field(phone, 'Email ID').fill('meera.iyer@example.com');
      await finishDetails(phone);
      await cardHeading(phone, 'Exam details').waitFor();
      const saved = phone.waitForRequest(
        (r) =>
          r.url().endsWith('/api/registration/draft') && (r.postData() ?? '').includes('"stateName":"Delhi"'),
      );
      await chooseDelhi(phone);
      // The server's copy follows a moment after the last change.
      await (await saved).response();

      // A laptop: another browser altogether, the same number verified (the code already sent).
      const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      onTestFinished(() => laptop.close());
      const page = await laptop.newPage();
      await page.goto(`${base}/mock-neet-exam`);
      // The phone used its code: the laptop asks for a new one once the 45 s resend wait is over.
      await verifyButton(page).waitFor();
      await field(page, /^Mobile number/).fill(mobile);
      await verifyAfterResendWait(page, mobile);
      await expect.poll(() => field(page, 'Student name').inputValue()).toBe('Meera Iyer');
      expect(await field(page, 'Email ID').inputValue()).toBe('meera.iyer@example.com');
      await card(page).getByRole('button', { name: 'Next' }).click();
      await cardHeading(page, 'Exam details').waitFor();
      await expect.poll(() => select(page, 'State').inputValue()).not.toBe('');
      expect(await select(page, 'State').locator('option:checked').innerText()).toBe('Delhi');
      await phone.close();
    },
  );

  it('step 2 takes a date and names as people enter them: 1/1/2010 typed, a paste with a space, doubled spaces', async () => {
    const page = await context.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/iacst-exam`);
    const mobile = freshMobile();
    await sendCode(page, mobile);
    await field(page, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
    await cardHeading(page, 'Student details').waitFor();

    const dob = field(page, /^Date of birth/);
    await dob.pressSequentially('1/1/2010');
    expect(await dob.inputValue()).toBe('01/01/2010');
    await dob.fill('');
    await page.evaluate((text) => navigator.clipboard.writeText(text), ' 14/08/2009');
    await dob.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => dob.inputValue()).toBe('14/08/2009');
    await dob.fill('');
    await dob.pressSequentially('31/02/2009');
    await dob.blur();
    await card(page).getByText('That day does not exist in that month: check the day').waitFor();
    await dob.fill('14/08/2009');

    await field(page, 'Student name').fill(' Devi  Rao ');
    await field(page, 'Email ID').fill('devi.rao@example.com');
    await expect.poll(() => select(page, 'Class & stream').locator('option').count()).toBeGreaterThan(1);
    await select(page, 'Class & stream').selectOption({ index: 1 });
    await card(page).getByRole('button', { name: 'Next' }).click();
    await cardHeading(page, 'Exam details').waitFor();
    expect(await card(page).getByText('Only alphabets are allowed').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it(
    'Try Again from the failure link in another browser asks for the number again, says why, and resumes the details and the exam choices',
    { timeout: 120_000 },
    async () => {
      const page = await context.newPage();
      await page.goto(`${base}/mock-neet-exam`);
      const mobile = freshMobile();
      await sendCode(page, mobile);
      await field(page, 'Digit 1 of 4').pressSequentially(await sandboxOtp(base, mobile));
      await cardHeading(page, 'Student details').waitFor();
      await field(page, 'Student name').fill('Ira Sen');
      await field(page, 'Email ID').fill('ira.sen@example.com');
      await finishDetails(page);
      await cardHeading(page, 'Exam details').waitFor();
      await chooseDelhi(page);
      const chosen: string[] = [];
      for (const name of ['Centre', 'Date of exam']) {
        const list = select(page, name);
        await expect.poll(() => list.locator('option').count()).toBeGreaterThan(1);
        if (!(await list.inputValue())) await list.selectOption({ index: 1 });
        chosen.push(await list.locator('option:checked').innerText());
      }
      const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await page.waitForURL(/\/sandbox\/gateway/);
      await page.getByRole('button', { name: 'Fail', exact: true }).click();
      await page.waitForURL(/\/mock-neet-exam\?.*status=failure/);
      const failureLink = page.url();

      // The link opened in another browser (no session, no token): Try Again says what to do.
      const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const elsewhere = await other.newPage();
        await elsewhere.goto(failureLink);
        await cardHeading(elsewhere, 'Payment failed').waitFor();
        await card(elsewhere).getByRole('button', { name: 'Try Again' }).click();
        await card(elsewhere)
          .getByText(
            'To try again in this browser, verify your mobile number first. Your details will come back.',
          )
          .waitFor();
        // The number the return link names (part 2's failure query) is there to verify.
        expect(await field(elsewhere, /^Mobile number/).inputValue()).toBe(mobile);
        expect(await seriousViolations(elsewhere)).toEqual([]);
        // Verified (a new code once the first one's 45 s resend wait is over), the registration that
        // awaits payment comes back: the details, then the state, centre and date chosen before.
        await verifyAfterResendWait(elsewhere, mobile);
        await expect.poll(() => field(elsewhere, 'Student name').inputValue()).toBe('Ira Sen');
        await card(elsewhere).getByRole('button', { name: 'Next' }).click();
        await cardHeading(elsewhere, 'Exam details').waitFor();
        const shown = async (name: string) => select(elsewhere, name).locator('option:checked').innerText();
        await expect.poll(() => shown('Date of exam')).toBe(chosen[1]);
        expect([await shown('State'), await shown('Centre')]).toEqual(['Delhi', chosen[0]]);
      } finally {
        await other.close();
      }
    },
  );

  it('a free thank-you comes back on a reload with its roll number', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/iacstexam`);
    await verifyFreshMobile(page, base, freshMobile());
    await completeFreeRegistration(page);
    await card(page).locator('dd').first().waitFor();
    const rows = await card(page).locator('dd').allInnerTexts();
    await loseAndFind(page, 'reload', 'Registration Successful');
    await card(page).locator('dd').first().waitFor();
    expect(await card(page).locator('dd').allInnerTexts()).toEqual(rows);
  });

  it('Go to dashboard forgets the card, with its roll number, password and token', async () => {
    // Its own context: the dashboard logs the student in, and the other tests' pages would follow.
    const own = await browser.newContext({ viewport: { width: 390, height: 844 } });
    onTestFinished(() => own.close());
    const page = await own.newPage();
    await page.goto(`${base}/iacstexam`);
    await verifyFreshMobile(page, base, freshMobile());
    await completeFreeRegistration(page);
    const keptCards = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('examflow:flow:')));
    await expect.poll(keptCards).toHaveLength(1);
    await card(page).getByRole('button', { name: 'Go to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await keptCards()).toEqual([]);
  });

  it('a card typed again after "Edit number" is not resumed: a reload starts from the number', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/mock-neet-exam`);
    await sendCode(page, freshMobile());
    await card(page).getByRole('button', { name: 'Edit number' }).click();
    await expect.poll(() => verifyButton(page).isVisible()).toBe(true);
    await page.reload();
    await card(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
    expect(await cardHeading(page, 'Verify OTP').count()).toBe(0);
  });
});
