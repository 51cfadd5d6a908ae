import { describe, expect, it } from 'vitest';
import { scrollDepthPercent } from './engagement';

describe('scrollDepthPercent', () => {
  it('is the share of the page seen, in tenths; a page that fits is all seen', () => {
    expect(scrollDepthPercent(0, 700, 3_500)).toBe(20);
    expect(scrollDepthPercent(1_049, 700, 3_500)).toBe(40);
    expect(scrollDepthPercent(1_050, 700, 3_500)).toBe(50);
    expect(scrollDepthPercent(2_800, 700, 3_500)).toBe(100);
    expect(scrollDepthPercent(0, 700, 600)).toBe(100);
  });
});
