// Translations in step: a Hindi text is stale when the English text it was made from changed, until
// it is edited or confirmed; a new version keeps the basis of the texts nobody touched.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../node/paths';
import type { FaqBlock, Landing } from '../../generated/config/landing';
import { basisInStep, nextBasis, textHash, textsToTranslate } from './translation-basis';

const read = (file: string): Landing =>
  JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as Landing;
const en = read('landings/neet-repeater.json');
const hi = read('landings/neet-repeater-hindi.json');
const faqIndex = en.blocks.findIndex((b) => b.type === 'faq');
const answer = `/blocks/${faqIndex}/items/0/points/0`;
const withAnswer = (page: Landing, text: string): Landing => {
  const copy = structuredClone(page);
  const faq = copy.blocks[faqIndex] as FaqBlock;
  const first = faq.items[0];
  if (!first?.points) throw new Error('the FAQ has an answer');
  first.points[0] = text;
  return copy;
};

describe('translation basis', () => {
  it('hashes a text the same way every time, and an edit differently', () => {
    expect(textHash('Who can apply?')).toBe(textHash('Who can apply?'));
    expect(textHash('Who can apply?')).not.toBe(textHash('Who can apply!'));
    expect(textHash('')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('marks the Hindi answer stale when the English answer changes, and nothing else', () => {
    const basis = basisInStep(en, hi);
    expect(textsToTranslate(en, hi, basis)).toEqual([]);
    const changed = withAnswer(en, 'Students of class 12 and 12 passed, preparing for NEET again this year.');
    const rows = textsToTranslate(changed, hi, basis);
    expect(rows.map((r) => [r.pointer, r.state])).toEqual([[answer, 'stale']]);
    expect(rows[0]?.label).toMatch(/FAQ/);
  });

  it('is in step again once the Hindi text is edited (before and after the save) or confirmed', () => {
    const basis = basisInStep(en, hi);
    const changed = withAnswer(en, 'A new English answer for the first question of the FAQ.');
    const edited = withAnswer(hi, 'नया हिंदी उत्तर');
    // Typed but not saved yet: the loaded text differs, so it counts as translated again.
    expect(textsToTranslate(changed, edited, basis, hi)).toEqual([]);
    // Saved: the new version's basis is the English text now.
    const saved = nextBasis({ en: changed, hi: edited, previousHi: hi, previousBasis: basis });
    expect(saved[answer]).toBe(textHash('A new English answer for the first question of the FAQ.'));
    expect(textsToTranslate(changed, edited, saved)).toEqual([]);
    // Confirmed without an edit.
    const confirmed = nextBasis({
      en: changed,
      hi,
      previousHi: hi,
      previousBasis: basis,
      confirmed: [answer],
    });
    expect(textsToTranslate(changed, hi, confirmed)).toEqual([]);
    // Another text edited: this one stays stale.
    const other = nextBasis({ en: changed, hi, previousHi: hi, previousBasis: basis });
    expect(other[answer]).toBe(basis[answer]);
    expect(textsToTranslate(changed, hi, other).map((r) => r.state)).toEqual(['stale']);
  });

  it('lists a missing Hindi text as missing', () => {
    const draft = withAnswer(hi, '');
    expect(textsToTranslate(en, draft, basisInStep(en, hi)).map((r) => [r.pointer, r.state])).toEqual([
      [answer, 'missing'],
    ]);
  });
});
