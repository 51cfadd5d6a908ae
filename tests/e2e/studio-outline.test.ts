// The Studio editor's outline and editing in place (decision 053), in a browser against the
// dev server: an editor clicks the hero heading in the preview and types there, and the form's
// field (brought into view and marked) and the change list follow; at 1280 px a FAQ question is
// edited the same way; focusing a field outlines its block in the preview; the FAQ, chosen in the
// outline, is dragged to position 3, and the form shows that block only.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';
import { devServerForFile } from './dev-server';

const dev = devServerForFile();
const FILE = 'landings/neet-repeater.json';

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview"]');
const outline = (page: Page) => page.getByRole('navigation', { name: 'Blocks of the page' });
const entries = (page: Page) =>
  outline(page)
    .getByRole('button', { name: /^\d+\. / })
    .allTextContents();

/** With STUDIO_SHOTS set, a screenshot of the editor as it is (to look at, not to compare). */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.STUDIO_SHOTS) return;
  writeFileSync(path.join(process.env.STUDIO_SHOTS, `studio-outline-${name}.png`), await page.screenshot());
}

describe('the Studio outline and editing in place', () => {
  let page: Page;
  let blocks: { type: string; items?: { heading: string }[] }[] = [];

  beforeAll(async () => {
    ({ page } = await signInToStudio(
      dev.browser,
      dev.base,
      dev.api.app.ctx,
      { email: 'esha.editor@example.com', name: 'Esha Editor', role: 'editor' },
      { viewport: { width: 1280, height: 800 } },
    ));
    blocks = dev.copy.read<{ blocks: typeof blocks }>(FILE).blocks;
    await page.goto(`${dev.base}/studio/edit/${FILE}`);
    await preview(page).getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  }, 180_000);

  it('types in the hero heading in the preview: the field and the change list follow', async () => {
    const hero = blocks.findIndex((b) => b.type === 'hero');
    const heading = preview(page).getByRole('heading', { level: 1 });
    await heading.click();
    await expect.poll(() => heading.getAttribute('contenteditable')).toBe('plaintext-only');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' 2027');
    // The form shows the hero (chosen in the outline), its heading field in view and marked.
    const field = page.locator(`#root_blocks_${hero}_heading`);
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('NEET repeater scholarship 2027');
    expect(await field.isVisible()).toBe(true);
    expect(await field.evaluate((f) => Boolean(f.closest('.st-field--marked')))).toBe(true);
    expect(await outline(page).locator('[aria-current="true"]').textContent()).toMatch(/^2\. Hero: NEET/);
    const changes = page.getByRole('region', { name: 'What changes for students' });
    await expect
      .poll(() => changes.textContent(), { timeout: 10_000 })
      .toMatch(/Hero · Heading\s*NEET repeater scholarship.*NEET repeater scholarship 2027/s);
    // What was typed stays in the preview's heading while the draft is drawn again.
    await expect
      .poll(() => heading.textContent(), { timeout: 10_000 })
      .toBe('NEET repeater scholarship 2027');
    await shot(page, 'in-place-1280');
  }, 60_000);

  it('edits a FAQ question in place in the desktop preview, and a focused field outlines its block', async () => {
    const faq = blocks.findIndex((b) => b.type === 'faq');
    const question = blocks[faq]?.items?.[1]?.heading ?? '';
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Desktop \(1280 px\)/ }).click();
    const text = preview(page).getByText(question, { exact: true });
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('!');
    const field = page.locator(`#root_blocks_${faq}_items_1_heading`);
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(`${question}!`);

    // The reverse: a field focused in the form outlines its block in the preview.
    await outline(page)
      .getByRole('button', { name: /^2\. Hero/ })
      .click();
    await page.locator(`#root_blocks_1_subheading`).focus();
    const current = preview(page).locator('[data-studio-current]');
    await expect.poll(() => current.getAttribute('data-studio-block')).toBe('/blocks/1');
  }, 60_000);

  it('drags the FAQ, chosen in the outline, to position 3; the form shows that block only', async () => {
    const faq = outline(page)
      .getByRole('listitem')
      .filter({ hasText: /^\d+\. FAQ/ });
    await faq.getByRole('button', { name: /^\d+\. FAQ/ }).click();
    // Both ends of the drag in view: the page and the outline's own scroll at their tops.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelector('.st-editor__outline')?.scrollTo(0, 0);
    });
    // Held by its name (the chosen entry's controls are below it).
    await faq.dragTo(outline(page).getByRole('listitem').nth(3), { sourcePosition: { x: 60, y: 12 } });
    await expect.poll(() => entries(page).then((names) => names[2])).toMatch(/^3\. FAQ: 7 questions/);
    expect(await outline(page).locator('[aria-current="true"]').textContent()).toMatch(/^3\. FAQ/);
    // The form: the FAQ's fields only (the page's title and the hero are not shown).
    expect(await page.locator('#root_blocks_2_items_0_heading').isVisible()).toBe(true);
    expect(await page.locator('#root_title').isVisible()).toBe(false);
    expect(await page.locator('#root_blocks_1_heading').isVisible()).toBe(false);
    await expect
      .poll(() => preview(page).locator('[data-studio-block="/blocks/2"] h2').first().textContent(), {
        timeout: 10_000,
      })
      .toMatch(/Frequently asked questions|FAQ/i);
    await shot(page, 'selected-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await outline(page).scrollIntoViewIfNeeded();
    await shot(page, 'selected-390');
    await preview(page).getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('!');
    await shot(page, 'in-place-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('gives a programme its sections: choosing Fees shows the fee, not the programme’s name', async () => {
    await page.goto(`${dev.base}/studio/edit/programmes/iacst.json`);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('button', { name: /^Facts/ }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#root_name').isVisible()).toBe(true);
    await sections.getByRole('button', { name: 'Fees, payment and scholarship' }).click();
    expect(await page.locator('#root_fee_amount').isVisible()).toBe(true);
    expect(await page.locator('#root_name').isVisible()).toBe(false);
    await shot(page, 'programme-1280');
  }, 60_000);
});
