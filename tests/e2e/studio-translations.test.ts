// Translations in step and previews that tell the truth, in a browser against the dev server
// (decision 054): an editor changes an English FAQ answer and finds its Hindi answer marked
// "English changed since this was translated" on the Hindi page (and confirms it still right);
// copies a page with its Hindi page and reads the copied texts that still name the page they came
// from; the card states of the free iACST page offer no payment, and its thank-you says Online; the
// Texts screen changes the card's "Register Now", and once published the landing page says so.
// Screenshots of each new screen at 1280x800 and 390 px go to $STUDIO_SHOTS (when set).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shownField } from './studio-outline';
import { seriousViolations } from './browser';
import { devServerForFile } from './dev-server';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';

const dev = devServerForFile();
const EN = 'landings/neet-repeater.json';
const STALE = 'English changed since this was translated';
const ANSWER = 'Students of class 12 and class 12 passed who are taking NEET again in 2027.';
const shots = process.env.STUDIO_SHOTS;

/** Screenshots at the laptop's size and a phone's width, when asked for. */
async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await focus?.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('Studio: translations in step, copies with their Hindi page, truthful card states', () => {
  let page: Page;
  let faq = '';

  beforeAll(async () => {
    ({ page } = await signInToStudio(dev.browser, dev.base, dev.api.app.ctx, {
      email: 'asha.editor@example.com',
      name: 'Asha Rao',
      role: 'editor',
    }));
    await page.setViewportSize({ width: 1280, height: 800 });
    const blocks = dev.copy.read<{ blocks: { type: string }[] }>(EN).blocks;
    faq = `#root_blocks_${blocks.findIndex((b) => b.type === 'faq')}_items_0_points_0`;
  }, 180_000);

  it('marks the Hindi FAQ answer stale after the English answer changes, until confirmed', async () => {
    await page.goto(`${dev.base}/studio/edit/${EN}`);
    await page.getByRole('navigation', { name: 'Blocks of the page' }).waitFor({ timeout: 60_000 });
    const line = page.getByText(/^Hindi page:/);
    await expect.poll(() => line.textContent(), { timeout: 30_000 }).toMatch(/up to date/);
    await (await shownField(page, faq)).fill(ANSWER);
    await expect
      .poll(() => line.textContent(), { timeout: 20_000 })
      .toMatch(/1 text there needs translating after these changes/);
    await page.getByText(/^Draft saved at/).waitFor({ timeout: 20_000 });
    await line.scrollIntoViewIfNeeded();
    await shoot(page, 'english-hindi-line');

    await line.getByRole('link').click();
    const list = page.getByRole('region', { name: /^Texts to translate/ });
    await list.getByText(STALE).waitFor({ timeout: 30_000 });
    const row = list.getByRole('listitem').filter({ hasText: STALE });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(ANSWER);
    // Beside the Hindi field too.
    await shownField(page, faq);
    await page
      .locator('.st-pair', { has: page.locator(faq) })
      .getByText(STALE)
      .waitFor();
    await list.scrollIntoViewIfNeeded();
    await shoot(page, 'hindi-stale-list');
    await page.evaluate(() => document.querySelector('iframe[title^="Preview"]')?.remove());
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Still right' }).click();
    await expect.poll(() => list.getByText(STALE).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('st-translations-heading');
  }, 180_000);

  it('copies a page with its Hindi page and lists the texts that still name the page it came from', async () => {
    await page.goto(`${dev.base}/studio/`);
    await page.getByRole('heading', { name: 'Landing pages' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^New variant from NEET Repeater Scholarship/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/title of the new page/i).fill('JEE Dropper Scholarship 2027');
    expect(await dialog.getByLabel(/new page address/i).inputValue()).toBe('/jee-dropper-scholarship-2027');
    const twin = dialog.getByRole('checkbox', { name: 'Copy its Hindi page too' });
    await twin.waitFor({ timeout: 20_000 });
    expect(await twin.isChecked()).toBe(true);
    await shoot(page, 'new-variant-form');
    await dialog.getByRole('button', { name: /check and create/i }).click();
    await dialog
      .getByRole('heading', { name: 'Two drafts made: the new page and its Hindi page' })
      .waitFor({ timeout: 30_000 });
    const english = dialog.getByRole('region', { name: 'On the new page' });
    expect(await english.textContent()).toMatch(/Search results description/);
    expect(await english.textContent()).toMatch(/neet repeater/i);
    const hindi = dialog.getByRole('region', { name: 'On its Hindi page' });
    expect(await hindi.textContent()).toMatch(/Search results description/);
    await shoot(page, 'new-variant-leftovers');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Open its Hindi page' }).click();
    await page
      .getByText('Landing page at /jee-dropper-scholarship-2027-hindi · new, not published yet')
      .waitFor({ timeout: 30_000 });
  }, 180_000);

  it('changes "Register Now" in the Texts screen; once a publisher publishes it, the landing page says so', async () => {
    // The landing page as a student's browser loads it (its HTML: the card's first screen is in it).
    const student = await dev.browser.newPage();
    const landingHtml = async () => {
      const answer = await student.goto(`${dev.base}/iacstexam`);
      return (await answer?.text()) ?? '';
    };
    expect(await landingHtml()).toContain('>Register Now<');
    await page.goto(`${dev.base}/studio/`);
    await page.getByRole('link', { name: 'Edit the texts' }).click();
    await page.getByRole('heading', { name: 'Texts students read' }).waitFor({ timeout: 30_000 });
    await shoot(page, 'texts');
    await page.getByLabel('Search the texts (English or Hindi)').fill('Register Now');
    const step1 = page.getByRole('group', { name: 'Registration card · Step 1 (mobile number)' });
    const heading = page
      .locator('details', {
        has: page.getByRole('heading', { name: 'Registration card · Step 1 (mobile number)' }),
      })
      .getByRole('group', { name: '“Register Now”' });
    expect(await step1.count()).toBe(0);
    await heading.getByLabel('English').fill('Register Today');
    await page.getByText(/^Draft saved at/).waitFor({ timeout: 20_000 });
    await shoot(page, 'texts-search', heading);
    // The card with the draft's heading.
    await heading.getByRole('button', { name: 'See “Register Now” in the card' }).click();
    const card = page.getByRole('dialog', { name: '“Register Now” in the registration card' });
    await card.getByRole('heading', { name: 'Register Today' }).waitFor({ timeout: 30_000 });
    await shoot(page, 'texts-card');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Close' }).click();

    // A Hindi text without its {mobile}: marked at the field, and the Hindi texts cannot be submitted.
    await page.getByLabel('Search the texts (English or Hindi)').fill('OTP sent to');
    const otp = page.getByRole('group', { name: '“OTP sent to {mobile}.”' }).first();
    const hindi = otp.getByLabel('Hindi');
    const before = await hindi.inputValue();
    await hindi.fill('ओटीपी भेजा गया।');
    await otp.getByText(/^Keep \{mobile\} in this text/).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Hindi texts for review' }).isDisabled()).toBe(true);
    await shoot(page, 'texts-error', otp);
    expect(await seriousViolations(page)).toEqual([]);
    await hindi.fill(before);

    const submit = page.getByRole('button', { name: 'Submit English texts for review' });
    await expect.poll(() => submit.isDisabled(), { timeout: 20_000 }).toBe(false);
    await submit.click();
    await page.getByText(/^Submitted for review\. A publisher/).waitFor();

    const { page: publisher } = await signInToStudio(dev.browser, dev.base, dev.api.app.ctx, {
      email: 'pia.publisher@example.com',
      name: 'Pia Publisher',
      role: 'publisher',
    });
    await publisher.goto(`${dev.base}/studio/inbox`);
    const waiting = publisher.getByRole('article', { name: /English texts students read/ });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await waiting.getByRole('button', { name: 'Publish now' }).click();
    await publisher.getByText(/Published: students see it now\./).waitFor({ timeout: 30_000 });
    await expect.poll(landingHtml, { timeout: 30_000 }).toContain('>Register Today<');
    await publisher.context().close();
    await student.close();
  }, 240_000);

  it('offers no payment state on the free iACST page, and its thank-you says Online', async () => {
    await page.goto(`${dev.base}/studio/edit/landings/iacst-default.json`);
    const states = page.getByLabel('Registration card state');
    await expect
      .poll(() => states.locator('option').allTextContents(), { timeout: 60_000 })
      .toContain('Thank you');
    const labels = await states.locator('option').allTextContents();
    expect(labels.filter((l) => /payment|coupon/i.test(l))).toEqual([]);
    await states.selectOption({ label: 'Thank you' });
    await expect
      .poll(() => page.locator('.st-card-states__frame').getAttribute('aria-busy'), { timeout: 20_000 })
      .toBe('false');
    const card = page.locator('.st-card-states section.ef-register');
    // The thank-you's rows come with the form steps' code.
    await expect
      .poll(() => card.textContent(), { timeout: 20_000 })
      .toMatch(/Online, any time from 9 AM to 10 PM/);
    expect(await card.textContent()).not.toMatch(/Offline/);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'card-thank-you-online');
  }, 180_000);
});
