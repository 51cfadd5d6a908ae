import { describe, expect, it } from 'vitest';
import type { UiStringTable } from '../generated/config/i18n';
import { createTranslator } from './i18n';

describe('createTranslator', () => {
  const strings = {
    'carousel.slide': '{current} of {total}',
    'header.home': '{brand} home',
  } as Partial<UiStringTable>;
  const t = createTranslator(strings as UiStringTable);
  it('replaces {placeholders} from vars', () => {
    expect(t('carousel.slide', { current: 2, total: 5 })).toBe('2 of 5');
  });
  it('leaves unknown placeholders visible rather than inventing text', () => {
    expect(t('header.home')).toBe('{brand} home');
  });
});
