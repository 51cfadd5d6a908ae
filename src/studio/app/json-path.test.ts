import { describe, expect, it } from 'vitest';
import { pathOfFieldId } from './json-path';
import type { Json } from './studio-api';

describe('pathOfFieldId', () => {
  const draft: Json = {
    title: 'T',
    blocks: [
      { type: 'hero', heading: 'H' },
      { type: 'faq', items: [{ q: 'a', a: 'b' }] },
    ],
    seo_meta: { og_title: 'x', og: { title: 'y' } },
  };

  it("follows rjsf's ids through objects and arrays", () => {
    expect(pathOfFieldId(draft, 'root_title')).toEqual(['title']);
    expect(pathOfFieldId(draft, 'root_blocks_0_heading')).toEqual(['blocks', 0, 'heading']);
    expect(pathOfFieldId(draft, 'root_blocks_1_items_0_q')).toEqual(['blocks', 1, 'items', 0, 'q']);
    expect(pathOfFieldId(draft, 'root')).toEqual([]);
  });

  it('matches names that hold "_" against the names the draft has', () => {
    expect(pathOfFieldId(draft, 'root_seo_meta_og_title', (v) => v === 'x')).toEqual([
      'seo_meta',
      'og_title',
    ]);
    expect(pathOfFieldId(draft, 'root_seo_meta_og_title', (v) => v === 'y')).toEqual([
      'seo_meta',
      'og',
      'title',
    ]);
    expect(pathOfFieldId(draft, 'root_seo_meta_og_title', (v) => v === 'z')).toBeUndefined();
    expect(pathOfFieldId(draft, 'root_seo_meta_og_title_x')).toBeUndefined();
  });

  it('gives undefined for a field the draft does not have', () => {
    expect(pathOfFieldId(draft, 'root_subtitle')).toBeUndefined();
    expect(pathOfFieldId(draft, 'root_blocks_2_heading')).toBeUndefined();
    expect(pathOfFieldId(draft, 'other_title')).toBeUndefined();
  });
});
