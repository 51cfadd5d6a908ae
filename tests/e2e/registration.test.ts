// The registration card in Chromium against the real server, its database and the sandbox SMS and
// payment gateway: a free iACST registration from the landing page to the thank-you state and a
// login with the new credentials; MOCK-NEET paid in the gateway, and once failed then retried.
// axe runs on every step.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { showExamDate } from '../../src/domain/dates';
import { freshMobile, launchBrowser, sandboxOtp, seriousViolations } from './browser';

const base = `http://localhost:${inject('port')}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A mobile number no other test uses: 9 then the time and a counter. */
/** `before`: runs before the page loads (a route it sets is in place for every request). */
async function openPage(
  path: string,
  origin = base,
  before?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  contexts.push(context);
  const page = await context.newPage();
  await before?.(page);
  await page.goto(`${origin}${path}`);
  return page;
}

const card = (page: Page) => page.locator('#register_now');
const heading = (page: Page, name: string) =>
  card(page).getByRole('heading', { level: 2, name, exact: true });

async function expectAxeClean(page: Page, step: string) {
  expect(await seriousViolations(page), step).toEqual([]);
}

/** Step 1: the number, Verify, the code from the sandbox SMS typed into the boxes. */
async function verifyMobile(page: Page, mobile: string, label: RegExp) {
  await card(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
  await expectAxeClean(page, 'step 1');
  // Disabled until the number is there, and says why.
  const verify = card(page).getByRole('button', { name: 'Verify', exact: true });
  expect(await verify.isDisabled()).toBe(true);
  const why = await verify.getAttribute('aria-describedby');
  expect(await page.locator(`#${why}`).innerText()).toMatch(/^Enter your 10-digit mobile number/);
  await card(page).getByRole('textbox', { name: label }).fill(mobile);
  await card(page).getByRole('button', { name: 'Verify', exact: true }).click();
  await heading(page, 'Verify OTP').waitFor();
  await expectAxeClean(page, 'OTP');
  await card(page)
    .getByRole('textbox', { name: 'Digit 1 of 4' })
    .pressSequentially(await sandboxOtp(new URL(page.url()).origin, mobile));
}

/** Step 2: the student's details. */
async function fillDetails(page: Page, details: { name: string; email: string; dob: string }) {
  await heading(page, 'Student details').waitFor();
  const select = card(page).getByRole('combobox', { name: 'Class & stream' });
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await expectAxeClean(page, 'student details');
  await card(page).getByRole('textbox', { name: 'Student name' }).fill(details.name);
  await card(page).getByRole('textbox', { name: 'Email ID' }).fill(details.email);
  await card(page)
    .getByRole('textbox', { name: /^Date of birth/ })
    .fill(details.dob);
  await select.selectOption({ index: 1 });
  await card(page).getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Exam details').waitFor();
}

/** The thank-you's rows, term → value, as the student reads them. */
async function thankYouRows(page: Page): Promise<Record<string, string>> {
  const terms = await card(page).locator('dl dt').allInnerTexts();
  const values = await card(page).locator('dl dt + dd').allInnerTexts();
  // A time's no-break spaces (it never splits across lines) read as spaces.
  return Object.fromEntries(terms.map((term, i) => [term, (values[i] ?? '').replace(/\u00a0/g, ' ')]));
}

/** Chooses the first real option of a select once its list has loaded. */
async function chooseFirst(page: Page, name: string) {
  const select = card(page).getByRole('combobox', { name });
  await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  if (!(await select.inputValue())) await select.selectOption({ index: 1 });
  await expect.poll(() => select.inputValue()).not.toBe('');
}

/** Chooses the option with this label once the list has it. */
async function chooseOption(page: Page, name: string, label: string) {
  const select = card(page).getByRole('combobox', { name });
  await select.locator('option', { hasText: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

describe('registration card', () => {
  it('registers for a free iACST slot from the landing page, then logs in with the new roll number and dob', async () => {
    const page = await openPage('/iacstexam?utm_source=e2e&utm_campaign=spring');
    const mobile = freshMobile();
    await verifyMobile(page, mobile, /Mobile number or student id/);
    // A name with initials is a name (part 1 §5's last-name rule).
    await fillDetails(page, { name: 'Asha K. Verma', email: 'Asha.Verma@Example.com', dob: '14/08/2009' });
    // The classroom course (the default) asks for a state and a centre: the student is filed there.
    expect(await card(page).getByRole('radio', { name: 'Classroom course' }).isChecked()).toBe(true);
    await chooseOption(page, 'Exam slot', 'Online, any time from 9 AM to 10 PM');
    await chooseOption(page, 'State', 'Delhi');
    await chooseOption(page, 'Centre', 'Delhi Janakpuri');
    await chooseFirst(page, 'Date of exam');
    // A free programme (fee 0 in its config) has nothing to discount or pay.
    expect(
      await card(page)
        .getByRole('textbox', { name: /Coupon/ })
        .count(),
    ).toBe(0);
    expect(await card(page).getByText('Amount payable').count()).toBe(0);
    await expectAxeClean(page, 'exam details');
    const submit = card(page).getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup'));
    const signedUp = page.waitForResponse((response) => response.url().endsWith('/api/signup'));
    await submit.click();

    await heading(page, 'Registration Successful').waitFor();
    await card(page).locator('dd').first().waitFor();
    await expectAxeClean(page, 'thank-you');
    // Filed under the chosen centre's branch, not the digital-only branch IC006.
    expect((await (await signedUp).json()) as unknown).toMatchObject({
      data: { branch_address: 'C-2 Community Centre, Janakpuri, New Delhi 110058' },
    });
    // The signup carried the landing's campaign, the e-mail lower-cased, the dob at midnight IST
    // and where the student is (the sandbox's IP look-up places this machine in New Delhi).
    expect((await signup).postDataJSON()).toMatchObject({
      utm_source: 'e2e',
      utm_campaign: 'spring',
      student_name: 'Asha K. Verma',
      student_email: 'asha.verma@example.com',
      exam_state: '9',
      branch_code: 'DL002',
      student_dob: '2009-08-13T18:30:00.000Z',
      registration_page: 'iACST',
      student_city: 'New Delhi',
      student_state: 'Delhi',
      student_pincode: '110001',
    });
    // The location is cached for the next visit (60 days).
    const cached = JSON.parse((await page.evaluate(() => localStorage.getItem('user_location'))) ?? '{}') as {
      revalidateAt?: number;
    };
    expect(cached).toMatchObject({ city: 'New Delhi', isLocationAllowed: false });
    expect((cached.revalidateAt ?? 0) - Date.now()).toBeGreaterThan(59 * 24 * 3600 * 1000);
    const terms = await card(page).locator('dt').allInnerTexts();
    const values = await card(page).locator('dd').allInnerTexts();
    const row = (term: string) => values[terms.indexOf(term)] ?? '';
    const rollNumber = row('Roll number').replace(/\D/g, '');
    expect(rollNumber).toMatch(/^\d{12}$/);
    expect(row('Password (your date of birth)')).toBe('14/08/2009');
    expect(row('Exam date')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \([A-Z][a-z]+day\)$/);
    expect(row('Exam date')).not.toBe('');
    // An online test names no exam centre (the classroom branch it is filed under is none).
    expect(terms).not.toContain('Exam centre');

    await card(page).getByRole('button', { name: 'Copy roll number' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard !' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rollNumber);

    // The campaign is kept for later pages under the spec's key.
    const utm = await page.evaluate(() => localStorage.getItem('utmParams'));
    expect(JSON.parse(utm ?? '{}')).toEqual({ utm_source: 'e2e', utm_campaign: 'spring' });

    // A fresh browser logs in with the new roll number and the date of birth as password.
    const login = await openPage('/');
    await login.getByRole('button', { name: 'Choose date of birth' }).waitFor();
    await login.getByRole('textbox', { name: 'Roll number' }).fill(rollNumber);
    await login.getByRole('textbox', { name: /Password \(date of birth\)/ }).fill('14/08/2009');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.waitForURL(`${base}/dashboard`);

    // "Go to dashboard" logs the student in through the signup's auto-login link, which carries
    // the landing's UTM parameters for iACST (the programme config says so).
    const autoLogin = page.waitForRequest((request) => request.url().includes('roll_no='));
    await card(page).getByRole('button', { name: 'Go to dashboard' }).click();
    const link = new URL((await autoLogin).url());
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      roll_no: rollNumber,
      dob: '14-08-2009',
      utm_source: 'e2e',
      utm_campaign: 'spring',
    });
    await page.waitForURL(/\/dashboard$/);
  });

  it('a number pasted with +91 and spaces is that number: the field keeps its 10 digits and the OTP goes to it', async () => {
    const page = await openPage('/mock-neet-exam');
    const mobile = freshMobile();
    const field = card(page).getByRole('textbox', { name: /^Mobile number/ });
    await card(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
    const written = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), written);
    await field.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => field.inputValue()).toBe(mobile);
    await card(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await heading(page, 'Verify OTP').waitFor();
    // The code went to the pasted number itself, not to one cut out of "+91…".
    expect(await sandboxOtp(new URL(page.url()).origin, mobile)).toMatch(/^\d{4}$/);
  });

  it('registers online-only on the digital page (/adst): no course-type switch, Delhi and the digital branch preset', async () => {
    const page = await openPage('/adst');
    await verifyMobile(page, freshMobile(), /Mobile number or student id/);
    await fillDetails(page, { name: 'Kabir Das', email: 'kabir@example.com', dob: '02/03/2010' });
    await chooseFirst(page, 'Exam slot');
    // The landing config fixes the course type: the switch is not offered.
    expect(await card(page).getByRole('radio').count()).toBe(0);
    await chooseFirst(page, 'Date of exam');
    await expectAxeClean(page, 'exam details (online only)');
    const submit = card(page).getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup'));
    await submit.click();
    await heading(page, 'Registration Successful').waitFor();
    const body = (await signup).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ exam_mode: 'Online', registration_page: 'iacst_adst', exam_state: '9' });
    // Filed under the digital-only branch, its test centre (Delhi's first classroom centre before).
    expect(body.branch_code).toBe('IC006');
  });

  it('when steps 2 to 5 do not arrive (a dropped connection) says so, and Try again loads them and goes on', async () => {
    // The form steps' chunk (with steps 2 to 5's machines) fails, when the code is sent and after step 1.
    const chunk = /\/assets\/form-steps-[\w-]+\.js$/;
    const page = await openPage('/iacstexam', base, (p) =>
      p.route(chunk, (route) => route.abort('internetdisconnected')),
    );
    await verifyMobile(page, freshMobile(), /Mobile number or student id/);
    const alert = card(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('The form could not load. Check your connection and try again.');
    await expectAxeClean(page, 'steps not loaded');
    await page.unroute(chunk);
    await card(page).getByRole('button', { name: 'Try again' }).click();
    // The number stays verified: the details follow, no second OTP.
    await heading(page, 'Student details').waitFor();
  });

  it('lists only states and centres with an open date on /iacst-exam, and all of them on /iacstexam', async () => {
    const statesQuery = async (path: string) => {
      const page = await openPage(path);
      await verifyMobile(page, freshMobile(), /Mobile number or student id/);
      await fillDetails(page, { name: 'Meera Nair', email: 'meera@example.com', dob: '11/11/2009' });
      const states = page.waitForRequest((request) => request.url().includes('/api/exam/states'));
      await card(page).getByRole('radio', { name: 'Online only' }).check();
      return new URL((await states).url()).searchParams;
    };
    expect((await statesQuery('/iacst-exam')).get('isCheckedState')).toBe('true');
    expect((await statesQuery('/iacstexam')).has('isCheckedState')).toBe(false);
  });

  it('records the landing and "Apply for Selection Process" events for the programme (IAT)', async () => {
    const recorded = async (name: string) =>
      ((await (await fetch(`${base}/sandbox/analytics?name=${name}`)).json()) as unknown[]).length;
    const before = await recorded('iat_apply_for_selection');
    const page = await openPage('/invictus');
    // The card's script has run (it listens for the link's click): the prerendered button shows before.
    await page.locator('#register_now:not([aria-busy])').waitFor();
    await expect.poll(() => recorded('iat_register_now_landing')).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Apply for Selection Process' }).first().click();
    await expect.poll(() => recorded('iat_apply_for_selection')).toBe(before + 1);
    expect(page.url()).toMatch(/#register_now$/);
  });

  it('IAT: Try Again after a failed payment keeps the slot, state, centre, date and coupon (₹75); the thank-you shows the slot and centre', async () => {
    const page = await openPage('/invictus');
    const mobile = freshMobile();
    await verifyMobile(page, mobile, /^Mobile number/);
    await fillDetails(page, { name: 'Kiran Rao', email: 'kiran.rao@example.com', dob: '14/08/2009' });
    await chooseOption(page, 'Exam slot', 'Offline, 2 PM to 5 PM');
    await chooseOption(page, 'State', 'Delhi');
    await chooseOption(page, 'Centre', 'Delhi Janakpuri');
    await chooseFirst(page, 'Date of exam');
    const examDate = await card(page).getByRole('combobox', { name: 'Date of exam' }).inputValue();
    const payable = () => card(page).locator('dt', { hasText: 'Amount payable' }).locator('+ dd').innerText();
    expect(await payable()).toBe('₹100');
    await card(page)
      .getByRole('textbox', { name: /Coupon/ })
      .fill('IAT25');
    await card(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(payable).toBe('₹75');
    const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.waitForURL(/\/sandbox\/gateway/);
    const events: { name: string; payload: Record<string, string> }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analytics')) events.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.waitForURL(/\/invictus\?.*status=failure/);
    await heading(page, 'Payment failed').waitFor();
    // The spec's event name, with the user and exam info stored before the gateway.
    await expect.poll(() => events.map((e) => e.name)).toContain('iat7_payment_status_failure');
    expect(events.find((e) => e.name === 'iat7_payment_status_failure')?.payload).toMatchObject({
      mobile_no: mobile,
      centre_code: 'DL002',
      exam_slot: 'Offline, 2 PM to 5 PM',
      exam_date: `${examDate}T03:30:00.000Z`,
    });
    const stored = await page.evaluate(() => [
      localStorage.getItem('exam_info'),
      localStorage.getItem('user_psid'),
    ]);
    expect(JSON.parse(stored[0] ?? '{}')).toMatchObject({
      centre: { centreCode: 'DL002' },
      dateOfExam: examDate,
    });
    expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ isPsid: false });

    await card(page).getByRole('button', { name: 'Try Again' }).click();
    await heading(page, 'Student details').waitFor();
    const select = card(page).getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => select.inputValue()).not.toBe('');
    await card(page).getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Exam details').waitFor();
    // The same choices, the same coupon, the same ₹75.
    const chosen = async (name: string) => {
      const box = card(page).getByRole('combobox', { name });
      await expect.poll(() => box.inputValue(), { timeout: 10_000 }).not.toBe('');
      return box.locator('option:checked').innerText();
    };
    expect(await chosen('Exam slot')).toBe('Offline, 2 PM to 5 PM');
    expect(await chosen('State')).toBe('Delhi');
    expect(await chosen('Centre')).toBe('Delhi Janakpuri');
    // The dates load last in the cascade: the kept date is chosen once they are there.
    await expect
      .poll(() => card(page).getByRole('combobox', { name: 'Date of exam' }).inputValue(), {
        timeout: 10_000,
      })
      .toBe(examDate);
    expect(
      await card(page)
        .getByRole('textbox', { name: /Coupon/ })
        .inputValue(),
    ).toBe('IAT25');
    expect(await payable()).toBe('₹75');
    await expectAxeClean(page, 'exam details after Try Again');
    const again = card(page).getByRole('button', { name: 'Pay and Register Now' });
    await expect.poll(() => again.isEnabled()).toBe(true);
    const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup'));
    await again.click();
    expect((await signup).postDataJSON()).toMatchObject({ coupon_code: 'IAT25', branch_code: 'DL002' });
    await page.waitForURL(/\/sandbox\/gateway/);
    // The gateway is asked for ₹75, as before the failure.
    const gateway = await page.locator('dl').innerText();
    expect(gateway).toMatch(/Amount\s+₹75\b/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/invictus\?.*registeration=success/);
    await heading(page, 'Registration Successful').waitFor();
    await card(page).locator('dd').first().waitFor();
    const terms = await card(page).locator('dt').allInnerTexts();
    const values = await card(page).locator('dd').allInnerTexts();
    expect(values[terms.indexOf('Exam slot')]).toBe('Offline, 2 PM to 5 PM');
    expect(values[terms.indexOf('Exam centre')]).toBe('Delhi Janakpuri');
  });

  it('MOCK-JEE: paid in the sandbox gateway, the thank-you lists the series of tests with their dates, no centre', async () => {
    const page = await openPage('/mock-jee-exam');
    const mobile = freshMobile();
    await verifyMobile(page, mobile, /^Mobile number/);
    await fillDetails(page, { name: 'Arjun Mehta', email: 'arjun.mehta@example.com', dob: '10/03/2008' });
    const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.waitForURL(/\/sandbox\/gateway/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/mock-jee-exam\?.*registeration=success/);
    await heading(page, 'Registration Successful').waitFor();
    await card(page).locator('dd').first().waitFor();
    // The season's test dates on offer today are the new student's tests, said as the date select
    // says a date; each opens at 9 AM and stays open 48 hours (config).
    const season = (await (await fetch(`${base}/api/exam/dates?exam_type=MOCK-JEE`)).json()) as {
      data: { value: string }[];
    };
    expect(season.data).toHaveLength(6);
    const tests = await card(page).getByRole('listitem').allInnerTexts();
    expect(tests).toEqual(season.data.map((d, i) => `Mock Test ${i + 1}: ${showExamDate(d.value)}`));
    const shown = await thankYouRows(page);
    expect(shown['Test timings']).toBe(
      'Each test opens at 09:00 AM on its date and stays open for 48 hours.',
    );
    // An online series: no exam date of its own, no centre.
    expect(Object.keys(shown)).toEqual([
      'Roll number',
      'Password (your date of birth)',
      'Tests',
      'Test timings',
    ]);
    expect(await card(page).innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await expectAxeClean(page, 'thank-you (MOCK-JEE)');
  });

  describe('MOCK-NEET', () => {
    // On today's clock: the mock test's season repeats yearly, so its next dates are open.

    /** MOCK-NEET's exam step: state, centre, date, then Pay and Register Now to the gateway. */
    async function payForNeet(page: Page) {
      await chooseOption(page, 'State', 'Delhi');
      await chooseFirst(page, 'Centre');
      await chooseFirst(page, 'Date of exam');
      expect(await card(page).getByRole('combobox', { name: 'Payment method' }).inputValue()).toBe('paytm');
      await expectAxeClean(page, 'exam details (paid)');
      const pay = card(page).getByRole('button', { name: 'Pay and Register Now' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await page.waitForURL(/\/sandbox\/gateway/);
    }

    async function expectRegistered(page: Page) {
      await page.waitForURL(/\/mock-neet-exam\?.*registeration=success/);
      await heading(page, 'Registration Successful').waitFor();
      // The thank-you's rows come with steps 2 to 5 (the form steps' chunk).
      await card(page).locator('dd').first().waitFor();
      const values = await card(page).locator('dd').allInnerTexts();
      expect(values[0]?.replace(/\D/g, '')).toMatch(/^\d{12}$/);
      expect(values).toContain('01/02/2007');
      // The schedule the signup answered, kept across the gateway: the date as the date select
      // says it, the slot's hours and the reporting time (30 minutes before, config), the centre.
      const shown = await thankYouRows(page);
      expect(shown['Exam date']).toMatch(/^\d{1,2} Apr \d{4} \((Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day\)$/);
      expect(shown['Exam time']).toBe('10:00 AM to 01:20 PM');
      expect(shown['Reporting time']).toBe('Reach the exam centre by 09:30 AM');
      expect(shown['Exam centre']).toBeTruthy();
      await expectAxeClean(page, 'thank-you (paid)');
    }

    it('registers for MOCK-NEET paying in the sandbox gateway', async () => {
      const page = await openPage('/mock-neet-exam');
      const mobile = freshMobile();
      await verifyMobile(page, mobile, /^Mobile number/);
      await card(page)
        .getByRole('textbox', { name: /^Father name/ })
        .waitFor();
      await fillDetails(page, { name: 'Ravi Kumar', email: 'ravi.kumar@example.com', dob: '01/02/2007' });
      await payForNeet(page);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expectRegistered(page);
    });

    it('after choosing Fail in the gateway shows step 0; Try Again returns to the details and paying completes it', async () => {
      const page = await openPage('/mock-neet-exam');
      const mobile = freshMobile();
      await verifyMobile(page, mobile, /^Mobile number/);
      await fillDetails(page, { name: 'Meera Iyer', email: 'meera@example.com', dob: '01/02/2007' });
      await payForNeet(page);
      const events: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/analytics')) events.push(request.postDataJSON().name);
      });
      await page.getByRole('button', { name: 'Fail', exact: true }).click();

      await page.waitForURL(/\/mock-neet-exam\?.*status=failure/);
      await heading(page, 'Payment failed').waitFor();
      await card(page).getByText("We couldn't process your payment. Please try again.").waitFor();
      await expect.poll(() => events).toContain('mock_neet7_payment_status_failure');
      await expectAxeClean(page, 'payment failed');
      await card(page).getByRole('button', { name: 'Try Again' }).click();

      // The lead is fetched again by mobile: the details come back prefilled and locked.
      await heading(page, 'Student details').waitFor();
      const name = card(page).getByRole('textbox', { name: 'Student name' });
      expect(await name.inputValue()).toBe('Meera Iyer');
      expect(await name.getAttribute('readonly')).not.toBeNull();
      await expectAxeClean(page, 'details after Try Again');
      const select = card(page).getByRole('combobox', { name: 'Class & stream' });
      await expect.poll(() => select.inputValue()).not.toBe('');
      await card(page).getByRole('button', { name: 'Next' }).click();
      await heading(page, 'Exam details').waitFor();
      await payForNeet(page);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expectRegistered(page);
    });
  });
});
