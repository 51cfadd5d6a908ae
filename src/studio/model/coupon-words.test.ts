import { describe, expect, it } from 'vitest';
import { couponSentence } from './coupon-words';

const names: Record<string, string> = { 'mock-neet': 'Mock NEET', iacst: 'iACST' };
const name = (id: string) => names[id] ?? id;

describe('a coupon in one sentence', () => {
  it('says who gets what, with which code, when', () => {
    expect(
      couponSentence(
        {
          code: 'SAVE10',
          programmes: ['mock-neet'],
          discount: { amount: 500 },
          validFrom: '2027-01-01',
          validUntil: '2027-01-31',
        },
        name,
      ),
    ).toBe('Students of Mock NEET who type SAVE10 between 1 Jan and 31 Jan 2027 get ₹500 off the exam fee.');
  });

  it('names the classes, the term, the limit of uses, and days across a year', () => {
    expect(
      couponSentence(
        {
          code: 'DROP25',
          programmes: ['mock-neet', 'iacst'],
          classes: ['12', '12-passed'],
          leadTerm: '2026-27',
          discount: { percent: 25 },
          validFrom: '2026-12-20',
          validUntil: '2027-01-10',
          uses: 200,
        },
        name,
      ),
    ).toBe(
      'Students of Mock NEET or iACST in class 12 or 12 (passed) of the 2026-27 academic term who type DROP25 between 20 Dec 2026 and 10 Jan 2027 get 25% off the exam fee. Only the first 200 registrations with it pay less.',
    );
  });

  it('says what a draft still lacks, and days that cannot work', () => {
    expect(couponSentence({ code: 'NEW1' }, name)).toBe(
      'Students of (no programme chosen yet) who type NEW1 (no days chosen yet) get (no discount set yet).',
    );
    expect(
      couponSentence(
        {
          code: 'X',
          programmes: ['iacst'],
          discount: { percent: 5 },
          validFrom: '2027-02-01',
          validUntil: '2027-01-01',
        },
        name,
      ),
    ).toMatch(/The last day is before the first: nobody can use it\.$/);
  });
});
