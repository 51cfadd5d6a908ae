// A copied page's texts that still name the page it was copied from ("NEET repeater course" on
// a copy made for JEE droppers): every text a student reads (search title and description
// included) holding a pair of words that names the source (from its addresses, variant key and
// the name its title starts with, before any "|") and names the copy in none of its own (its new
// title, addresses and key). Pure: the Studio's "New variant from…" lists them.
import type { Landing } from '../../generated/config/landing';
import { labelAt } from './schema-labels';
import { landingTexts } from './translations';

export interface LeftoverText {
  pointer: string;
  label: string;
  value: string;
  /** The words that name the source page. */
  phrase: string;
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** The pairs of neighbouring words of each text (a page is named by a phrase, not a word). */
function pairsOf(texts: string[]): Set<string> {
  const pairs = new Set<string>();
  for (const text of texts) {
    const words = wordsOf(text);
    for (let i = 0; i + 1 < words.length; i++) pairs.add(`${words[i]} ${words[i + 1]}`);
  }
  return pairs;
}

/** What names a page: its addresses, its variant key, and its title's name (before "|", "–" or ":"). */
const namesOf = (page: Landing, title = page.title.split(/\s[|–:]\s/)[0] ?? ''): string[] => [
  title,
  ...page.paths.map((p) => p.replace(/[/-]+/g, ' ')),
  page.variantKey.replace(/_+/g, ' '),
];

export function leftoverTexts(source: Landing, copy: Landing): LeftoverText[] {
  const own = pairsOf(namesOf(copy, copy.title));
  const sourceNames = [...pairsOf(namesOf(source))].filter((pair) => !own.has(pair));
  return landingTexts(copy).flatMap(({ pointer, value }) => {
    if (pointer === '/title') return [];
    const pairs = pairsOf([value]);
    const phrase = sourceNames.find((pair) => pairs.has(pair));
    return phrase ? [{ pointer, label: labelAt('landing', pointer, copy), value, phrase }] : [];
  });
}

/** A variant key suggested by a page's title: its programme, then the title's words. */
export function keyFromTitle(programme: string, title: string): string {
  const words = wordsOf(title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).filter((w) =>
    /^[a-z0-9]+$/.test(w),
  );
  const prefix = programme.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const rest = words.filter((w, i) => !(i === 0 && w === prefix)).slice(0, 6);
  return [prefix, ...rest].join('_');
}

/** An address suggested by a page's title: /its-words. */
export const pathFromTitle = (title: string): string => {
  const words = wordsOf(title).filter((w) => /^[a-z0-9]+$/.test(w));
  return words.length > 0 ? `/${words.slice(0, 6).join('-')}` : '';
};
