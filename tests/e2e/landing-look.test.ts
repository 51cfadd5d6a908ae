// What a student sees on the landing pages at a 390 px phone and a 1280 px desktop, in Chromium:
// the links every page has are shown (not only present in the HTML), and the card sits where a
// registration form is expected.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, sandboxOtp } from './browser';

const base = `http://localhost:${inject('port')}`;
const configDir = path.resolve(__dirname, '../../config');
const strings = (locale: string) =>
  (
    JSON.parse(readFileSync(path.join(configDir, 'i18n', `${locale}.json`), 'utf8')) as {
      strings: Record<string, string>;
    }
  ).strings;

interface Landing {
  paths: string[];
  locale?: string;
  blocks: { type: string }[];
}
/** Every landing page with a registration card, with its locale. */
const landings = readdirSync(path.join(configDir, 'landings'))
  .map((file) => JSON.parse(readFileSync(path.join(configDir, 'landings', file), 'utf8')) as Landing)
  .filter((landing) => landing.blocks.some((block) => block.type === 'registration-card'));

let browser: Browser;
let phone: BrowserContext;
let desktop: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}${url}`);
  return page;
}

describe('landing pages', () => {
  it('has landing pages with a registration card to check', () => {
    expect(landings.length).toBeGreaterThanOrEqual(10);
  });

  it.each(landings.map((landing) => [landing.paths[0] ?? '', landing.locale ?? 'en'] as const))(
    '%s shows its Terms & Conditions, Privacy Policy and "How to register?" links',
    async (url, locale) => {
      const t = strings(locale);
      const page = await open(phone, url);
      for (const name of [t['legal.terms'], t['legal.privacy'], t['howToRegister.link']]) {
        const link = page.getByRole('link', { name, exact: true }).first();
        expect(await link.isVisible(), `${url}: ${name}`).toBe(true);
        const box = await link.boundingBox();
        expect(box?.height ?? 0, `${url}: ${name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
      }
      await page.close();
    },
  );

  it('on a desktop puts the card beside the hero, no taller than its step, without moving on load', async () => {
    const page = await desktop.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/iacstexam`);
    const verify = page.locator('#register_now').getByRole('button', { name: 'Verify', exact: true });
    await verify.waitFor();
    const hero = await page.locator('.ef-hero').boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const card = await page.locator('#register_now').boundingBox();
    if (!hero || !heading || !card) throw new Error('hero or card not laid out');
    // Beside the hero's text, inside the hero's band, in the first screen.
    expect(card.x).toBeGreaterThan(heading.x + heading.width);
    expect(card.y).toBeGreaterThanOrEqual(hero.y);
    expect(card.y + card.height).toBeLessThanOrEqual(hero.y + hero.height);
    expect(card.y + card.height).toBeLessThan(900);
    // The card ends where its step ends (no reserved empty block under Verify and its hint).
    const lastBottom = await page
      .locator('#register_now')
      .evaluate((el) =>
        Math.max(...[...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().bottom)),
      );
    expect(card.y + card.height - lastBottom).toBeLessThan(40);
    expect(
      await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    ).toBeLessThan(0.01);
    await page.close();
  });

  it('on a phone the card follows the hero at full width and ends with its step', async () => {
    const page = await open(phone, '/iacstexam');
    await page.locator('#register_now').getByRole('button', { name: 'Verify', exact: true }).waitFor();
    const hero = await page.locator('.ef-hero').boundingBox();
    const card = await page.locator('#register_now').boundingBox();
    if (!hero || !card) throw new Error('hero or card not laid out');
    expect(card.y).toBeGreaterThan(hero.y + hero.height);
    expect(card.width).toBeGreaterThan(390 - 32);
    const lastBottom = await page
      .locator('#register_now')
      .evaluate((el) =>
        Math.max(...[...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().bottom)),
      );
    expect(card.y + card.height - lastBottom).toBeLessThan(40);
    await page.close();
  });

  it.each([
    ['phone', 390],
    ['desktop', 1280],
  ] as const)(
    'on a %s, back to top is a small round button named "Back to top" beside the content',
    async (_, width) => {
      const page = await open(width === 390 ? phone : desktop, '/iacstexam');
      const button = page.getByRole('link', { name: 'Back to top' });
      await page.evaluate(() => window.scrollTo(0, 1600));
      await expect.poll(() => button.isVisible()).toBe(true);
      const box = await button.boundingBox();
      if (!box) throw new Error('no back-to-top button');
      expect(box.width).toBeLessThanOrEqual(48);
      expect(box.height).toBeLessThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(44);
      if (width === 1280) {
        // In the margin beside the 1140 px column, not over its text.
        const column = await page.locator('main .ef-container').first().boundingBox();
        expect(box.x).toBeGreaterThanOrEqual((column?.x ?? 0) + (column?.width ?? 0));
      }
      await page.close();
    },
  );

  it.each([
    ['phone', 390],
    ['desktop', 1280],
  ] as const)(
    'on a %s, the header shows the number to call, on one line, beside the logo',
    async (_, width) => {
      const page = await open(width === 390 ? phone : desktop, '/iacstexam');
      const call = page.getByRole('banner').getByRole('link', { name: /^Call us 1800-/ });
      await call.waitFor();
      const number = call.locator('.ef-header__phone');
      expect(await number.isVisible()).toBe(true);
      const [numberBox, logoBox] = [
        await number.boundingBox(),
        await page.getByRole('banner').getByRole('link').first().boundingBox(),
      ];
      if (!numberBox || !logoBox) throw new Error('no number or logo');
      // One line (a number never breaks), on the logo's row, inside the screen.
      expect(numberBox.height).toBeLessThan(30);
      expect(Math.abs(numberBox.y + numberBox.height / 2 - (logoBox.y + logoBox.height / 2))).toBeLessThan(
        16,
      );
      expect(numberBox.x + numberBox.width).toBeLessThanOrEqual(width);
      await page.close();
    },
  );

  it.each([
    ['phone', 390],
    ['desktop', 1280],
  ] as const)('on a %s, a toast leaves the header (logo and Call us) uncovered', async (_, width) => {
    const page = await open(width === 390 ? phone : desktop, '/');
    await page.getByRole('button', { name: 'Choose date of birth' }).waitFor();
    await page.getByRole('textbox', { name: 'Roll number' }).fill('250000000001');
    await page.getByRole('textbox', { name: /Password \(date of birth\)/ }).fill('06/01/2008');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: /\S/ }).first();
    await toast.waitFor();
    const toastBox = await page.locator('.toast--open').boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    if (!toastBox || !header) throw new Error('no toast or header');
    const overlaps = toastBox.y < header.y + header.height && header.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
    await page.close();
  });

  it('covers the card with a modal loader while data loads, announces it, and keeps the focus', async () => {
    const page = await open(phone, '/iacstexam');
    const card = page.locator('#register_now');
    await card.getByRole('button', { name: 'Verify', exact: true }).waitFor();
    // Hold the OTP call back so the loading state can be looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/otp/send**', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('textbox', { name: /Mobile number/ }).fill(`7${String(Date.now()).slice(-9)}`);
    // Enter submits only once the card is hydrated (before, Verify is disabled and Enter does nothing).
    await expect.poll(() => card.getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => card.getByRole('button', { name: 'Verify', exact: true }).isEnabled()).toBe(true);
    await card.getByRole('textbox', { name: /Mobile number/ }).press('Enter');
    const status = card.getByRole('status').filter({ hasText: 'Loading, please wait…' });
    await status.waitFor();
    // The overlay covers the whole card and takes the taps meant for what is behind it.
    const overlay = await card.locator('.ef-loader[data-busy]').boundingBox();
    const box = await card.boundingBox();
    if (!overlay || !box) throw new Error('no card or overlay');
    // Inside the card's 1 px border, all of it.
    expect(Math.abs(overlay.x - box.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(overlay.y - box.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(overlay.width - box.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(overlay.height - box.height)).toBeLessThanOrEqual(2);
    await expect
      .poll(() => card.locator('.ef-loader[data-busy]').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    release();
    await card.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    expect(await card.locator('.ef-loader[data-busy]').count()).toBe(0);
    // The focus is in the card (on the code's first box), not dropped to the page.
    expect(await page.evaluate(() => document.activeElement?.closest('#register_now') !== null)).toBe(true);
    await page.close();
  });

  it("keeps Apply in place when the coupon error appears, and the step's parts apart (IAT, paid)", async () => {
    const page = await open(phone, '/invictus');
    const card = page.locator('#register_now');
    const mobile = `6${String(Date.now()).slice(-9)}`;
    await card.getByRole('textbox', { name: /Mobile number/ }).fill(mobile);
    await card.getByRole('button', { name: 'Verify', exact: true }).click();
    await card.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    await card
      .getByRole('textbox', { name: 'Digit 1 of 4' })
      .pressSequentially(await sandboxOtp(base, mobile));
    const classStream = card.getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => classStream.locator('option').count()).toBeGreaterThan(1);
    await card.getByRole('textbox', { name: 'Student name' }).fill('Ravi Kumar');
    await card.getByRole('textbox', { name: 'Email ID' }).fill('ravi@example.com');
    await card.getByRole('textbox', { name: /^Date of birth/ }).fill('01/02/2008');
    await classStream.selectOption({ index: 1 });
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('heading', { name: 'Exam details' }).waitFor();
    const coupon = card.getByRole('textbox', { name: /Coupon code/ });
    const apply = card.getByRole('button', { name: 'Apply' });
    await coupon.waitFor();
    // Where Apply is in the card (the page may scroll while typing).
    const place = () =>
      apply.evaluate(
        (el) => el.getBoundingClientRect().top - (el.closest('section')?.getBoundingClientRect().top ?? 0),
      );
    const before = await place();
    await coupon.fill('NOPE');
    await apply.click();
    await card.getByText('Error: Invalid Coupon').waitFor();
    expect(await place()).toBe(before);
    const after = await apply.boundingBox();
    // Apply sits beside the input, not below the message.
    const input = await coupon.boundingBox();
    expect(after && input ? Math.abs(after.y - input.y) : Infinity).toBeLessThanOrEqual(1);
    // The paid programme shows its fee; the rows and the button do not touch.
    const fees = await card.locator('.ef-register__fees').boundingBox();
    const pay = await card.getByRole('button', { name: 'Pay and Register Now' }).boundingBox();
    if (!fees || !pay) throw new Error('no fee rows or pay button');
    expect(pay.y - (fees.y + fees.height)).toBeGreaterThanOrEqual(8);
    await page.close();
  });
});
