// The class & stream list reads in the page's locale: the page maps the master data's codes.
import { describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import { classStreamLabel } from './class-stream-label';

const option = (klass: string, stream: string, display_name = 'from the master data') => ({
  class: klass,
  stream: `${klass}&${stream}`,
  display_name,
});

describe('classStreamLabel', () => {
  it.each([
    ['6', 'SOF', 'Class 6 Foundation', 'कक्षा 6 फाउंडेशन'],
    ['11', 'SOE', 'Class 11 Engineering', 'कक्षा 11 इंजीनियरिंग'],
    ['12', 'SOM', 'Class 12 Medical', 'कक्षा 12 मेडिकल'],
    ['12-passed', 'SOM', 'Class 12 Passed Medical', 'कक्षा 12 पास मेडिकल'],
  ])('class %s, stream %s: "%s" in English, "%s" in Hindi', (klass, stream, inEnglish, inHindi) => {
    expect(classStreamLabel(createTranslator(en.strings as UiStringTable), option(klass, stream))).toBe(
      inEnglish,
    );
    expect(classStreamLabel(createTranslator(hi.strings as UiStringTable), option(klass, stream))).toBe(
      inHindi,
    );
  });

  it("keeps the master data's name for a code the string table does not know", () => {
    const t = createTranslator(hi.strings as UiStringTable);
    expect(classStreamLabel(t, option('12', 'SOX', 'Class 12 Other'))).toBe('Class 12 Other');
    expect(classStreamLabel(t, option('dropper', 'SOM', 'Dropper Medical'))).toBe('Dropper Medical');
  });
});
