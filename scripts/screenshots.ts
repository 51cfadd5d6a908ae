// Screenshots of the public half at a phone and a desktop width, to look at (DESIGN.md: "Look at
// what you build"): the iACST landing and every state of its card, a returning student's locked
// details, the coupon error, the thank-you state, a Hindi variant and its footer, credential
// recovery by roll number and by mobile, a toast and the back-to-top button.
//
//   npx tsx scripts/screenshots.ts                 builds when stale, starts its own server
//   BASE=http://localhost:3100 npx tsx scripts/screenshots.ts   uses a running server
//   OUT=/tmp/shots WIDTHS=390 npx tsx scripts/screenshots.ts
//
// The PNGs are named <width>-<nn>-<what>.png. Open them and look.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './lib/chromium';
import { ensureBuild, startTestServer, type TestServer } from './lib/serve';

const out = process.env.OUT ?? '/tmp/shots-ui';
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
/**
 * Demo students (server/seed/demo-students.json), one per width since an OTP may not be asked
 * again at once: returning iACST students (one registration of two allowed), and the mobile and
 * roll number recovery is shown with.
 */
const demo = (width: number) =>
  width < 768
    ? { returning: '9000000001', recoverMobile: '9000000002', recoverRoll: '250000000002' }
    : { returning: '9000000004', recoverMobile: '9000000005', recoverRoll: '250000000005' };

let counter = 0;
const freshMobile = () => `8${String(Date.now() % 1e8).padStart(8, '0')}${counter++ % 10}`;

async function lastOtp(base: string, mobile: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const list = (await (await fetch(`${base}/sandbox/messages?mobile=${mobile}`)).json()) as {
      otp: string | null;
    }[];
    if (list[0]?.otp) return list[0].otp;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP sent to ${mobile}`);
}

const shotCount = new Map<number, number>();
function shooter(width: number) {
  return async (target: Page | Locator, name: string, fullPage = false) => {
    const n = (shotCount.get(width) ?? 0) + 1;
    shotCount.set(width, n);
    const file = path.join(out, `${width}-${String(n).padStart(2, '0')}-${name}.png`);
    if ('goto' in target) await target.screenshot({ path: file, fullPage });
    else await target.screenshot({ path: file });
    console.log(file);
  };
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 844 : 900 },
    deviceScaleFactor: 1,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

const card = (page: Page) => page.locator('#register_now');

async function toOtp(page: Page, base: string, mobile: string) {
  await card(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
  await card(page)
    .getByRole('textbox', { name: /Mobile number/ })
    .fill(mobile);
  await card(page).getByRole('button', { name: 'Verify', exact: true }).click();
  await card(page).getByRole('heading', { name: 'Verify OTP' }).waitFor();
  return lastOtp(base, mobile);
}

async function typeOtp(page: Page, otp: string) {
  await card(page).getByRole('textbox', { name: 'Digit 1 of 4' }).pressSequentially(otp);
}

async function choose(page: Page, name: string, index = 1) {
  const select = card(page).getByRole('combobox', { name });
  for (let i = 0; i < 100 && (await select.locator('option').count()) <= index; i++)
    await page.waitForTimeout(100);
  await select.selectOption({ index });
}

async function landingAndRegistration(browser: Browser, base: string, width: number) {
  const shot = shooter(width);
  const page = await newPage(browser, width);
  await page.goto(`${base}/iacstexam`);
  await card(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
  await shot(page, 'landing-top');
  await shot(card(page), 'step1-empty');
  await shot(page, 'landing-full', true);

  await card(page)
    .getByRole('textbox', { name: /Mobile number/ })
    .fill('98765');
  await shot(card(page), 'step1-partial');
  const mobile = freshMobile();
  // The modal loader: the OTP call held back a moment so it shows.
  await page.route('**/api/otp/send**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await card(page)
    .getByRole('textbox', { name: /Mobile number/ })
    .fill(mobile);
  await card(page).getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForTimeout(800);
  await shot(card(page), 'loader');
  await card(page).getByRole('heading', { name: 'Verify OTP' }).waitFor();
  await page.unroute('**/api/otp/send**');
  const otp = await lastOtp(base, mobile);
  await shot(card(page), 'otp');
  await shot(page, 'otp-page');
  await typeOtp(page, otp);
  await card(page).getByRole('heading', { name: 'Student details' }).waitFor();
  await card(page).getByRole('combobox', { name: 'Class & stream' }).waitFor();
  await shot(card(page), 'step2-empty');
  await card(page).getByRole('textbox', { name: 'Student name' }).fill('Asha Verma');
  await card(page).getByRole('textbox', { name: 'Email ID' }).fill('asha@example.com');
  await card(page).getByRole('button', { name: 'Choose date of birth' }).click();
  await shot(card(page), 'step2-calendar');
  await page.keyboard.press('Escape');
  await card(page)
    .getByRole('textbox', { name: /^Date of birth/ })
    .fill('15/08/2009');
  await choose(page, 'Class & stream');
  await shot(card(page), 'step2-filled');
  await card(page).getByRole('button', { name: 'Next' }).click();
  await card(page).getByRole('heading', { name: 'Exam details' }).waitFor();
  await card(page).getByRole('combobox', { name: 'Exam slot' }).waitFor();
  await shot(card(page), 'step3-start');
  // An online slot, then an offline one (the slot's mode decides what follows).
  const slot = card(page).getByRole('combobox', { name: 'Exam slot' });
  const labels = await slot.locator('option').allInnerTexts();
  const online = labels.findIndex((l) => /online/i.test(l));
  const offline = labels.findIndex((l) => /offline/i.test(l));
  if (offline > 0) {
    await slot.selectOption({ index: offline });
    await page.waitForTimeout(600);
    await shot(card(page), 'step3-offline-slot');
  }
  if (online > 0) await slot.selectOption({ index: online });
  else await choose(page, 'Exam slot');
  await page.waitForTimeout(600);
  await shot(card(page), 'step3-online-slot');
  // The classroom course asks for a state and a centre (online-only presets them).
  if (await card(page).getByRole('combobox', { name: 'State' }).count()) {
    await choose(page, 'State');
    await choose(page, 'Centre');
  }
  await choose(page, 'Date of exam');
  const coupon = card(page).getByRole('textbox', { name: /Coupon/ });
  if (await coupon.count()) {
    await coupon.fill('NOPE');
    await card(page).getByRole('button', { name: 'Apply' }).click();
    await page.waitForTimeout(800);
    await shot(card(page), 'step3-coupon-error');
    await coupon.fill('');
  }
  await shot(card(page), 'step3-ready');
  const submit = card(page).getByRole('button', { name: 'Submit' });
  await submit.click();
  await card(page).getByRole('heading', { name: 'Registration Successful' }).waitFor();
  await shot(card(page), 'thank-you');
  await card(page).getByRole('button', { name: /Copy/ }).click();
  await page.waitForTimeout(300);
  await shot(page, 'toast');
  // Back to top appears after 700 px of scrolling.
  await page.evaluate(() => window.scrollTo(0, 1600));
  await page.waitForTimeout(500);
  await shot(page, 'back-to-top');
  await page.context().close();
}

/** A paid programme (IAT, /invictus): the fee rows, the coupon error, Pay and Register Now. */
async function paid(browser: Browser, base: string, width: number) {
  const shot = shooter(width);
  const page = await newPage(browser, width);
  await page.goto(`${base}/invictus`);
  const otp = await toOtp(page, base, freshMobile());
  await typeOtp(page, otp);
  await card(page).getByRole('combobox', { name: 'Class & stream' }).waitFor();
  await card(page).getByRole('textbox', { name: 'Student name' }).fill('Ravi Kumar');
  await card(page).getByRole('textbox', { name: 'Email ID' }).fill('ravi@example.com');
  await card(page)
    .getByRole('textbox', { name: /^Date of birth/ })
    .fill('01/02/2008');
  await choose(page, 'Class & stream');
  await card(page).getByRole('button', { name: 'Next' }).click();
  await card(page).getByRole('heading', { name: 'Exam details' }).waitFor();
  await choose(page, 'Exam slot');
  await choose(page, 'State');
  await choose(page, 'Centre');
  await choose(page, 'Date of exam');
  await shot(card(page), 'paid-step3');
  await card(page)
    .getByRole('textbox', { name: /Coupon/ })
    .fill('NOPE');
  await card(page).getByRole('button', { name: 'Apply' }).click();
  await card(page)
    .getByText(/Invalid Coupon/)
    .waitFor();
  await shot(card(page), 'paid-coupon-error');
  await page.context().close();
}

async function returning(browser: Browser, base: string, width: number) {
  const shot = shooter(width);
  const page = await newPage(browser, width);
  await page.goto(`${base}/iacstexam`);
  const otp = await toOtp(page, base, demo(width).returning);
  await typeOtp(page, otp);
  await card(page).getByRole('heading', { name: 'Student details' }).waitFor();
  await card(page).getByRole('combobox', { name: 'Class & stream' }).waitFor();
  await page.waitForTimeout(300);
  await shot(card(page), 'returning-locked');
  await page.context().close();
}

async function hindi(browser: Browser, base: string, width: number) {
  const shot = shooter(width);
  const page = await newPage(browser, width);
  await page.goto(`${base}/neet-repeater-scholarship-hindi`);
  await page.locator('#register_now button[type=submit]').waitFor();
  await shot(page, 'hindi-top');
  await shot(page.locator('footer').last(), 'hindi-footer');
  await page.context().close();
}

async function recovery(browser: Browser, base: string, width: number) {
  const shot = shooter(width);
  const page = await newPage(browser, width);
  await page.goto(`${base}/recover-credentials`);
  const id = page.getByRole('textbox', { name: 'Roll number or mobile number' });
  await id.waitFor();
  await shot(page, 'recover-start');
  const { recoverMobile, recoverRoll } = demo(width);
  await id.fill(recoverRoll);
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByText(/have been sent/)
    .first()
    .waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'recover-roll');
  await page.getByRole('button', { name: /Edit/ }).first().click();
  await id.fill(recoverMobile);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'recover-otp');
  await page
    .getByRole('textbox', { name: 'Digit 1 of 4' })
    .pressSequentially(await lastOtp(base, recoverMobile));
  const verify = page.getByRole('button', { name: 'Verify' });
  if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => undefined);
  await page.getByText(recoverRoll).waitFor();
  await shot(page, 'recover-details');
  await page.context().close();
}

async function main() {
  mkdirSync(out, { recursive: true });
  let server: TestServer | undefined;
  let base = process.env.BASE;
  if (!base) {
    server = await startTestServer({ distDir: await ensureBuild() });
    base = server.base;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const only = process.env.ONLY?.split(',');
    const runs = { landing: landingAndRegistration, paid, returning, hindi, recovery };
    for (const width of widths)
      for (const [name, run] of Object.entries(runs))
        if (!only || only.includes(name))
          await run(browser, base, width).catch((error: unknown) =>
            console.error(`${name} at ${width}px failed:`, error instanceof Error ? error.message : error),
          );
  } finally {
    await browser.close();
    await server?.close();
  }
}

void main();
