// The Studio editor's form shows one part of the page at a time, chosen in its outline (decision
// 053-outline): a browser test that fills a field first chooses the part holding it.
import type { Locator, Page } from 'playwright-core';

/** The field for an @rjsf id selector (`#root_blocks_3_heading`), its part chosen in the outline. */
export async function shownField(page: Page, selector: string): Promise<Locator> {
  const field = page.locator(selector);
  if (await field.isVisible()) return field;
  const block = /^#root_blocks_(\d+)/.exec(selector);
  const outline = page.getByRole('navigation', { name: 'Blocks of the page' });
  await outline
    .getByRole('button', { name: block ? new RegExp(`^${Number(block[1]) + 1}\\. `) : /^Page settings/ })
    .click();
  return field;
}
