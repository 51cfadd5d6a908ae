// The course purchase in Chromium against the real server: a scholarship student buys a
// course end to end through the sandbox gateway; a failed payment and Try again; the digital-only
// branch's wording; the retention pop-up; the exit intent; Back and reload on every view; 390 and
// 1280 px. With EXAMFLOW_SHOTS=<dir> it also saves a screenshot of every state it passes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, launchBrowser, logInAs, seriousViolations } from './browser';

// Its own server (real, with its own data directory): the purchases here must not change what the
// other browser tests expect of the same demo students.
let server: TestServer;
const url = (p: string) => `${server.base}${p}`;
const shots = process.env.EXAMFLOW_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

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

async function login(
  suffix: string,
  width: number,
  options: Pick<BrowserContextOptions, 'geolocation' | 'permissions'> = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const s = student(suffix);
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    // Not the site's: the log-in's init script runs on about:blank too, which has no storage.
    if (page.url() !== 'about:blank') errors.push(String(error));
  });
  // A CSP refusal (an inline style attribute, a script) is an error too.
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) errors.push(message.text());
  });
  await logInAs(context, s, url, new URL(url('/')).hostname);
  return { page, context, errors };
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

/** The first course not yet bought: its View Course (or Register Now) on the dashboard. */
async function openFirstCourse(page: Page, action: 'View Course' | 'Register Now'): Promise<void> {
  await page.goto(url('/dashboard'));
  await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
  await page
    .locator('#courseCardSection li')
    .filter({ has: page.getByRole('button', { name: /^Register Now/ }) })
    .first()
    .getByRole('button', { name: new RegExp(`^${action}`) })
    .click();
}

async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel("Father's name").fill('Ramesh Kumar');
  await page.getByLabel('Billing address').fill('12 MG Road, Andheri West');
  // Typed as it is printed, with a space: the six digits, not "40005" (an input maxLength cut it).
  await page.getByLabel('Pincode').pressSequentially('400 053');
  expect(await page.getByLabel('Pincode').inputValue()).toBe('400053');
  // The look-up fills the city and the state.
  await expect.poll(() => page.getByLabel('City').inputValue(), { timeout: 10_000 }).not.toBe('');
  await expect.poll(() => page.getByLabel('State').inputValue()).not.toBe('');
}

describe.each([390, 1280])('retention pop-up at %i px', (width) => {
  it("opens 'Stay with Us!' 10 s after the courses load; Register Now scrolls to the courses", async () => {
    const { page, context } = await login('06', width);
    await page.clock.install({ time: e2eNow() });
    await page.goto(url('/dashboard'));
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
    await page.clock.runFor(9_000);
    expect(await page.getByRole('dialog', { name: 'Stay with Us!' }).count()).toBe(0);
    await page.clock.runFor(1_500);
    await page.getByRole('dialog', { name: 'Stay with Us!' }).waitFor();
    await page.getByText('Freebies like E-books, Audios and Videos!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'retention');
    await button(page, 'Register Now').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('courseCardSection');
    expect(await page.getByRole('dialog', { name: 'Stay with Us!' }).count()).toBe(0);
    await context.close();
  });
});

for (const width of [390, 1280]) {
  describe(`course purchase at ${width} px`, () => {
    it('a scholarship student buys a course: description → checkout → pincode → Pay → Payment Successful! → Purchased', async () => {
      // 05 has a 60% tuition scholarship; 10 (IAT) is offered the course with math.
      const { page, context, errors } = await login(width === 390 ? '05' : '10', width);
      await openFirstCourse(page, 'View Course');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/course\/[^/]+$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      if (width === 1280) {
        // The course with math: KaTeX typeset it.
        await page.locator('.katex').first().waitFor();
        // KaTeX's fonts load with it: the formula is laid out once they are in.
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        // Its glyphs are positioned (inline styles set through the CSSOM, which the CSP allows).
        expect(await page.locator('.katex .vlist[style*="height"]').count()).toBeGreaterThan(0);
      }
      if (width > 992) {
        await page.getByRole('heading', { name: 'Provisional Fee breakup' }).waitFor();
        expect(await page.getByText('Registration fee is non-refundable as per policy').isVisible()).toBe(
          true,
        );
      } else {
        await page.getByRole('button', { name: /View fee breakup/ }).click();
        await page.getByRole('dialog', { name: 'Provisional Fee breakup' }).waitFor();
        await shot(page, 'fee-modal');
        await page.getByRole('button', { name: 'Close' }).click();
      }
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'description');
      // Reload keeps the view.
      await page.reload();
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      await button(page, 'Proceed').first().click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/checkout$/);
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Course' })
        .waitFor();
      // Submit empty: the spec's messages, the first invalid field focused.
      await page.getByLabel("Father's name").fill('');
      await page.getByLabel('I agree to the terms and conditions').uncheck();
      await button(page, /^Pay ₹/)
        .first()
        .click();
      for (const message of [
        'Father name is required',
        'Billing address is required',
        'Pincode is required',
        'City is required',
        'State must be selected',
        'Please agree to the terms and conditions.',
      ])
        await page.getByText(message, { exact: true }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_fatherName');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'checkout-errors');
      await fillAddress(page);
      await page.getByLabel('I agree to the terms and conditions').check();
      expect(await page.getByText('City is required').count()).toBe(0);
      await shot(page, 'checkout-filled');
      await button(page, /^Pay ₹/)
        .first()
        .click();
      // The sandbox gateway.
      await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor({ timeout: 15_000 });
      await button(page, 'Pay').click();
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
      await page.getByText('Visit the branch for academic counselling and batch information').waitFor();
      await page.getByText(/^Order ID: EF/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'payment-success');
      // Reload keeps it (the server's record decides).
      await page.reload();
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      await page.getByRole('link', { name: 'Continue to dashboard' }).click();
      await page
        .locator('#courseCardSection')
        .getByText('Purchased', { exact: true })
        .first()
        .waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("a failed payment shows 'Payment failed!'; Try again pays", async () => {
      // Student 06 has two courses: one per width.
      const second = await login('06', width);
      await openFirstCourse(second.page, 'Register Now');
      await expect.poll(() => new URL(second.page.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
      // Opened from the dashboard: no 'Course' in the breadcrumb.
      expect(
        await second.page
          .getByRole('navigation', { name: 'Breadcrumb' })
          .getByRole('link', { name: 'Course' })
          .count(),
      ).toBe(0);
      await fillAddress(second.page);
      // Enter right after the last keys submits them too (they are still held in the field).
      await second.page.getByLabel('Billing address').press('End');
      await second.page.keyboard.type(' West');
      await second.page.keyboard.press('Enter');
      await second.page
        .getByRole('heading', { name: 'Sandbox payment gateway' })
        .waitFor({ timeout: 15_000 });
      await button(second.page, 'Fail').click();
      await second.page.getByRole('dialog', { name: 'Payment failed!' }).waitFor({ timeout: 15_000 });
      await second.page
        .getByText("We're sorry, but it seems there was an issue processing your payment.")
        .waitFor();
      expect(await seriousViolations(second.page)).toEqual([]);
      await shot(second.page, 'payment-failed');
      await button(second.page, 'Try again').click();
      // The address is kept.
      expect(await second.page.getByLabel('Billing address').inputValue()).toBe(
        '12 MG Road, Andheri West West',
      );
      await button(second.page, /^Pay ₹/)
        .first()
        .click();
      await second.page
        .getByRole('heading', { name: 'Sandbox payment gateway' })
        .waitFor({ timeout: 15_000 });
      await button(second.page, 'Pay').click();
      await second.page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
      expect(second.errors).toEqual([]);
      await second.context.close();
    });

    it('the digital-only branch: Course Fee wording, no branch advice', async () => {
      const { page, context } = await login('08', width);
      await openFirstCourse(page, 'View Course');
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      if (width <= 992) await page.getByRole('button', { name: /View fee breakup/ }).click();
      await page.getByRole('heading', { name: 'Course Fee by Component' }).waitFor();
      await page.getByText('Course fee is non-refundable as per policy').waitFor();
      expect(await page.getByText('Registration fee is non-refundable').count()).toBe(0);
      // The announced 75% applies by component: ₹45,000 → ₹12,000.
      const breakup = page.getByRole('table').filter({ hasText: 'Tuition Fee' }).first();
      expect(await breakup.innerText()).toMatch(/7,500/);
      expect(await page.locator('main').innerText()).toMatch(/12,000/);
      await shot(page, 'description-digital');
      await context.close();
    });

    it('exit intent: the back arrow shows it once; Stay and Continue opens the checkout; then the back arrow leaves; Back and reload', async () => {
      const { page, context } = await login('08', width);
      await openFirstCourse(page, 'View Course');
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      await button(page, 'Back').click();
      await page.getByRole('dialog', { name: 'Wait! Before You Go...' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'exit-intent');
      await button(page, 'Stay and Continue').click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/checkout$/);
      // Browser Back returns to the description; the exit intent does not show again.
      await page.goBack();
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      const description = page.url();
      await page.mouse.move(200, 200);
      await page.mouse.move(200, -5);
      expect(await page.getByRole('dialog', { name: 'Wait! Before You Go...' }).count()).toBe(0);
      // Shown once: the back arrow now goes to the dashboard.
      await button(page, 'Back').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('dialog', { name: 'Wait! Before You Go...' }).count()).toBe(0);
      // A reload keeps the description.
      await page.goBack();
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
      expect(page.url()).toBe(description);
      await context.close();
    });
  });
}

describe("the browser's Back on a phone is a leave attempt (part 2 §4 exit intent)", () => {
  const exitDialog = (page: Page) => page.getByRole('dialog', { name: 'Wait! Before You Go...' });

  it('on the description: the first Back shows the exit intent and stays; the next Back leaves', async () => {
    const { page, context, errors } = await login('08', 390);
    await openFirstCourse(page, 'View Course');
    await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
    const description = page.url();
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.goBack();
    await exitDialog(page).waitFor();
    expect(page.url()).toBe(description);
    await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
    // The page stays where the student was (not where the dashboard was scrolled).
    expect(await page.evaluate(() => window.scrollY)).toBe(120);
    await shot(page, 'exit-intent-back');
    await button(page, 'Close').click();
    await expect.poll(() => exitDialog(page).count()).toBe(0);
    // Shown once: Back now leaves.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/dashboard');
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 40_000 });
    expect(await exitDialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the checkout: Back while typing leaves; later Back shows it, Stay and Continue submits', async () => {
    const { page, context, errors } = await login('08', 390);
    await openFirstCourse(page, 'Register Now');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
    const checkout = page.url();
    // Typing: Back is not an exit intent, it leaves.
    await page.getByLabel('Billing address').click();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/dashboard');
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 40_000 });
    expect(await exitDialog(page).count()).toBe(0);
    // Forward to the checkout, nothing focused: Back shows the exit intent and stays.
    await page.goForward();
    await page.getByLabel('Billing address').waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(checkout);
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    await page.goBack();
    await exitDialog(page).waitFor();
    expect(page.url()).toBe(checkout);
    // Stay and Continue submits the (empty) form: the spec's messages.
    await button(page, 'Stay and Continue').click();
    await page.getByText('Billing address is required', { exact: true }).waitFor();
    expect(page.url()).toBe(checkout);
    // Shown once: Back now leaves, even with nothing typed.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/dashboard');
    expect(await exitDialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the checkout's place from the browser's location (part 2 §3 user_geo_info)", () => {
  it('an allowed location fills the pincode (the server reverse-geocodes it), then city and state', async () => {
    // Andheri West, Mumbai: the seeded pincode 400053 is the nearest.
    const { page, context, errors } = await login('08', 1280, {
      permissions: ['geolocation'],
      geolocation: { latitude: 19.1365, longitude: 72.8279 },
    });
    await openFirstCourse(page, 'Register Now');
    await expect.poll(() => page.getByLabel('Pincode').inputValue(), { timeout: 20_000 }).toBe('400053');
    await expect.poll(() => page.getByLabel('City').inputValue(), { timeout: 10_000 }).toBe('Mumbai');
    expect(await page.getByLabel('State').inputValue()).not.toBe('');
    const geo: unknown = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('user_geo_info') ?? 'null'),
    );
    expect(geo).toMatchObject({
      pincode: '400053',
      country_code: 'IN',
      lat: 19.1365,
      long: 72.8279,
      isLocationAllowed: true,
      address: expect.stringContaining('Andheri West'),
    });
    await shot(page, 'checkout-located');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the narrowest phones (part 2 §9 breakpoint 340 px)', () => {
  it('one header row at 390 and 340 px; the course title under the back arrow; nothing wider than the screen', async () => {
    const { page, context, errors } = await login('08', 340);
    await page.goto(url('/dashboard'));
    const call = page.getByRole('link', { name: /^Call us/ });
    const account = page.getByRole('button', { name: 'My account' });
    await account.waitFor({ timeout: 20_000 });
    // One row at 340 ("Call us") and at 390 (the number itself), the account menu on it.
    for (const width of [390, 340]) {
      await page.setViewportSize({ width, height: 900 });
      const [callBox, accountBox] = [await call.boundingBox(), await account.boundingBox()];
      expect(callBox && accountBox && Math.abs(callBox.y - accountBox.y) < 24, `${width} px`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await openFirstCourse(page, 'View Course');
    await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
    const back = await button(page, 'Back').boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(back && title && back.y + back.height <= title.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(340);
    await shot(page, 'description-narrowest');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Back before the next view is drawn', () => {
  it("Stay and Continue, then Back at once: the description's back arrow still leaves", async () => {
    const { page, context } = await login('08', 390);
    await openFirstCourse(page, 'View Course');
    await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
    await button(page, 'Back').click();
    await button(page, 'Stay and Continue').click();
    // No wait for the checkout: the machine has moved on; the address comes back at once.
    await page.goBack();
    await page.getByRole('heading', { name: 'COURSE FEATURES' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/course\/[^/]+$/);
    await button(page, 'Back').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});

describe.each([390, 1280])('a course view that fails at %i px', (width) => {
  it('shows the error card, the account menu still there; Back returns to a working dashboard', async () => {
    // 08 buys nothing in the tests above (their purchases use up 05's and 06's courses).
    const { page, context } = await login('08', width);
    // The course views' chunk does not arrive (a dropped connection on a slow network).
    await page.route(/\/assets\/course-routes-[\w-]+\.js$/, (route) => route.abort());
    await openFirstCourse(page, 'View Course');
    await page
      .getByRole('heading', {
        name: 'We are facing some unexpected technical issues. Kindly try after some time.',
      })
      .waitFor();
    await page.getByText('Error: An error occurred while fetching the data.').waitFor();
    expect(await button(page, 'Try again').isVisible()).toBe(true);
    // The header's account menu (and its Logout) still works.
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'view-failed');
    await page.goBack();
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: /unexpected technical issues/ }).count()).toBe(0);
    await context.close();
  });
});

describe('a course bought in another tab', () => {
  it('the typed address survives a reload, a discarded tab and Back from the gateway', async () => {
    const { page, context, errors } = await login('08', 390);
    await openFirstCourse(page, 'Register Now');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
    const checkout = page.url();
    await fillAddress(page);
    const typed = async () => ({
      address: await page.getByLabel('Billing address').inputValue(),
      pincode: await page.getByLabel('Pincode').inputValue(),
      city: await page.getByLabel('City').inputValue(),
    });
    const entered = await typed();
    await page.reload();
    await page.getByLabel('Billing address').waitFor();
    await expect.poll(typed).toEqual(entered);
    // The phone discards the tab: the same tab leaves and opens the address again.
    await page.goto('about:blank');
    await page.goto(checkout);
    await page.getByLabel('Billing address').waitFor();
    await expect.poll(typed).toEqual(entered);
    await page.getByLabel('I agree to the terms and conditions').check();
    await button(page, /^Pay ₹/)
      .first()
      .click();
    await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor({ timeout: 15_000 });
    await page.goBack();
    await page.getByLabel('Billing address').waitFor();
    await expect.poll(typed).toEqual(entered);
    await shot(page, 'checkout-back-from-gateway');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Pay in the second tab says so, with the server’s sentence, instead of doing nothing', async () => {
    // 08's course is bought only here, the file's last test (the tests above read it unbought).
    const { page, context, errors } = await login('08', 390);
    await openFirstCourse(page, 'Register Now');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
    const checkout = page.url();
    // The same checkout in a second tab, left open while the first one pays.
    const second = await context.newPage();
    await second.goto(checkout);
    await fillAddress(second);
    await second.getByLabel('I agree to the terms and conditions').check();

    await fillAddress(page);
    await page.getByLabel('I agree to the terms and conditions').check();
    await button(page, /^Pay ₹/)
      .first()
      .click();
    await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor({ timeout: 15_000 });
    await button(page, 'Pay').click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });

    await button(second, /^Pay ₹/)
      .first()
      .click();
    const alert = second.locator('.ef-checkout__order-error');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.innerText()).toMatch(/already/i);
    expect(new URL(second.url()).pathname).toMatch(/^\/dashboard\/checkout\//);
    expect(await seriousViolations(second)).toEqual([]);
    await shot(second, 'bought-in-another-tab');
    expect(errors).toEqual([]);
    await context.close();
  });
});
