import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../node/paths';
import type { Landing } from '../../generated/config/landing';
import { keyFromTitle, leftoverTexts, pathFromTitle } from './leftover-texts';

const read = (file: string): Landing =>
  JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as Landing;

const copyOf = (source: Landing, changes: Partial<Landing>): Landing => ({
  ...structuredClone(source),
  ...changes,
});

describe('texts a copied page still takes from the page it was copied from', () => {
  const en = read('landings/neet-repeater.json');

  it('lists the search description and the texts naming the NEET repeater page, not the new title', () => {
    const copy = copyOf(en, {
      title: 'JEE Dropper Scholarship 2027',
      paths: ['/jee-dropper-2027'],
      variantKey: 'iacst_jee_dropper_2027',
    });
    const left = leftoverTexts(en, copy);
    const labels = left.map((t) => t.label);
    expect(labels).toContain('Search results description');
    expect(left.find((t) => t.pointer === '/description')?.phrase).toBe('neet repeater');
    expect(left.map((t) => t.pointer)).not.toContain('/title');
    // Every listed text really holds the phrase.
    for (const t of left)
      expect(t.value.toLowerCase().replace(/\s+/g, ' ')).toContain(t.phrase.split(' ')[0]);
  });

  it('lists nothing when the copy keeps naming what the source names (a copy for the same course)', () => {
    const copy = copyOf(en, {
      title: 'NEET Repeater Scholarship 2027',
      paths: ['/neet-repeater-scholarship-2027'],
      variantKey: 'iacst_repeater_neet_2027',
    });
    expect(leftoverTexts(en, copy)).toEqual([]);
  });

  it('finds the Hindi page’s own name in a Hindi copy', () => {
    const hi = read('landings/neet-repeater-hindi.json');
    const copy = copyOf(hi, {
      title: 'JEE Dropper Scholarship 2027',
      paths: ['/jee-dropper-2027-hindi'],
      variantKey: 'iacst_jee_dropper_2027_hindi',
    });
    const left = leftoverTexts(hi, copy);
    expect(left.find((t) => t.pointer === '/description')?.phrase).toBe('नीट रिपीटर');
  });

  it('suggests a key and an address from a title', () => {
    expect(keyFromTitle('iacst', 'JEE Dropper Scholarship 2027')).toBe('iacst_jee_dropper_scholarship_2027');
    expect(keyFromTitle('iacst', 'iACST for class 9')).toBe('iacst_for_class_9');
    expect(pathFromTitle('JEE Dropper Scholarship 2027')).toBe('/jee-dropper-scholarship-2027');
    expect(pathFromTitle('नीट')).toBe('');
  });
});
