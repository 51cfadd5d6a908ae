import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../node/paths';
import type { HeroBlock, Landing } from '../../generated/config/landing';
import { landingTexts, missingTranslations, translationPairs } from './translations';

const read = (file: string): Landing =>
  JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as Landing;
const pairs = ['landings/neet-repeater-hindi.json', 'landings/medical-engineering-repeater-hindi.json'].map(
  (file) => {
    const hi = read(file);
    if (!hi.translationOf) throw new Error(`${file} names the page it translates`);
    return { file, hi, en: read(hi.translationOf) };
  },
);

describe('Hindi pages and their English counterparts (translationOf)', () => {
  it('pairs every text of the shipped Hindi pages, with none missing', () => {
    for (const { file, en, hi } of pairs) {
      expect(en.locale, file).toBe('en');
      const rows = translationPairs(en, hi);
      expect(
        rows.filter((r) => r.missing),
        file,
      ).toEqual([]);
      // Every English text has its row, and every row of a text both pages have shows both.
      expect(rows.filter((r) => r.en !== undefined)).toHaveLength(landingTexts(en).length);
      const heading = rows.find((r) => r.label === 'Hero · Heading');
      expect(heading?.en).toBe((en.blocks.find((b) => b.type === 'hero') as HeroBlock).heading);
      expect(heading?.hi).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('marks a text absent, empty or left in English as missing', () => {
    const { en, hi } = pairs[0] ?? {
      en: read('landings/neet-repeater.json'),
      hi: read('landings/neet-repeater-hindi.json'),
    };
    const draft = structuredClone(hi);
    const hero = draft.blocks.find((b) => b.type === 'hero') as HeroBlock;
    hero.heading = 'NEET repeater scholarship';
    delete hero.subheading;
    draft.title = ' ';
    const missing = missingTranslations(draft, en);
    expect(missing.map((r) => [r.label, r.reason])).toEqual([
      ['Page title (browser tab, search results)', 'empty'],
      ['Hero · Heading', 'not-hindi'],
      ['Hero · Sub-heading', 'absent'],
    ]);
    expect(missing[2]).toMatchObject({
      pointer: `/blocks/${draft.blocks.indexOf(hero)}/subheading`,
      en: expect.any(String),
    });
  });

  it('pairs blocks by type and order, not by position', () => {
    const { en, hi } = pairs[0] ?? {
      en: read('landings/neet-repeater.json'),
      hi: read('landings/neet-repeater-hindi.json'),
    };
    const draft = structuredClone(hi);
    const stats = draft.blocks.findIndex((b) => b.type === 'stats');
    const [block] = draft.blocks.splice(stats, 1);
    if (block) draft.blocks.splice(1, 0, block);
    expect(missingTranslations(draft, en)).toEqual([]);
  });

  it('without the English page, still finds a Hindi page’s texts with no Devanagari', () => {
    const hi = structuredClone(pairs[0]?.hi ?? read('landings/neet-repeater-hindi.json'));
    expect(missingTranslations(hi)).toEqual([]);
    (hi.blocks.find((b) => b.type === 'hero') as HeroBlock).heading = 'Register now';
    expect(missingTranslations(hi).map((r) => r.label)).toEqual(['Hero · Heading']);
  });
});
