// Translations in step: for each Hindi text of a page, a short hash of the English text it was
// translated from (its "basis"). When the English text changes, its hash no longer matches and the
// Hindi text is stale ("English changed since this was translated") until someone edits it or
// confirms it. The server records a basis with every Hindi version (server/services/content/
// translation-basis.ts); the Studio shows the marks. Pure: one rule for both.
import type { Landing } from '../../generated/config/landing';
import { valueAt } from './pointer';
import { translationPairs, type TranslationRow } from './translations';

/** Hindi pointer → the hash of the English text the Hindi text was made from. */
export type TranslationBasis = Record<string, string>;

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell one text from its edit, the same everywhere. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const pairs = (en: Landing, hi: Landing) =>
  translationPairs(en, hi).filter(
    (row): row is TranslationRow & { en: string; hi: string } => row.en !== undefined && row.hi !== undefined,
  );

/** Every Hindi text in step with the English page as it is now. */
export function basisInStep(en: Landing, hi: Landing): TranslationBasis {
  return Object.fromEntries(pairs(en, hi).map((row) => [row.pointer, textHash(row.en)]));
}

/**
 * The basis of a new Hindi version: a text edited since the previous version, or confirmed, or
 * never recorded, is in step with the English text now; every other keeps its previous basis.
 */
export function nextBasis(request: {
  en: Landing;
  hi: Landing;
  previousHi?: Landing;
  previousBasis: TranslationBasis;
  confirmed?: readonly string[];
}): TranslationBasis {
  const { en, hi, previousHi, previousBasis, confirmed = [] } = request;
  const basis: TranslationBasis = {};
  for (const row of pairs(en, hi)) {
    const before = previousBasis[row.pointer];
    const edited = previousHi === undefined || valueAt(previousHi, row.pointer) !== row.hi;
    basis[row.pointer] =
      before === undefined || edited || confirmed.includes(row.pointer) ? textHash(row.en) : before;
  }
  return basis;
}

export interface TextToTranslate extends TranslationRow {
  /** missing: no Hindi text yet; stale: the English text changed since the Hindi one was made. */
  state: 'missing' | 'stale';
}

/**
 * Every text of a Hindi page missing or stale against its English page. `loadedHi`: the Hindi text
 * as last saved; a text edited since counts as translated again (the save records it).
 */
export function textsToTranslate(
  en: Landing,
  hi: Landing,
  basis: TranslationBasis,
  loadedHi?: Landing,
): TextToTranslate[] {
  return translationPairs(en, hi).flatMap((row): TextToTranslate[] => {
    if (row.missing) return [{ ...row, state: 'missing' }];
    if (row.en === undefined || row.hi === undefined) return [];
    const recorded = basis[row.pointer];
    const editedSince = loadedHi !== undefined && valueAt(loadedHi, row.pointer) !== row.hi;
    return recorded !== undefined && recorded !== textHash(row.en) && !editedSince
      ? [{ ...row, state: 'stale' }]
      : [];
  });
}
