import type { Block, Landing } from '../../generated/config/landing';

/**
 * The block whose heading is the page's one h1: the first hero, or on a page without a hero
 * (e.g. a terms page) the first rich-text block. Every other block heading is an h2, so levels
 * never skip. When neither exists, LandingPage adds a visually hidden h1 with the page title.
 */
export function pageHeadingBlock(landing: Landing): Block | undefined {
  return landing.blocks.find((b) => b.type === 'hero') ?? landing.blocks.find((b) => b.type === 'rich-text');
}
