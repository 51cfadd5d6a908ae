import type { Block, Landing } from '../../generated/config/landing';

/** A block the page shows: one hidden in the Studio stays in the config but is not drawn. */
export const isShown = (block: Block): boolean => block.hidden !== true;

/**
 * The block whose heading is the page's one h1: the first hero, or on a page without a hero
 * (e.g. a terms page) the first rich-text block. Every other block heading is an h2, so levels
 * never skip. Hidden blocks do not count. When neither exists, LandingPage adds a visually hidden h1 with the page title.
 */
export function pageHeadingBlock(landing: Landing): Block | undefined {
  const shown = landing.blocks.filter(isShown);
  return shown.find((b) => b.type === 'hero') ?? shown.find((b) => b.type === 'rich-text');
}
