// Random digits for OTPs and roll numbers (server/auth/tokens.ts): the length asked for, only
// digits, and every digit about equally often (bytes of 250 and up are skipped, so 0–5 are not
// favoured).
import { describe, expect, it } from 'vitest';
import { randomDigits } from './tokens';

describe('randomDigits', () => {
  it('gives n digits', () => {
    for (const n of [1, 4, 10, 12, 300]) expect(randomDigits(n)).toMatch(new RegExp(`^\\d{${n}}$`));
  });

  it('gives every digit about a tenth of the time', () => {
    const counts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++)
      for (const digit of randomDigits(10)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // 200,000 digits: each count's standard deviation is about 134, so ±1,000 is over 7 of them.
    for (const count of counts.values()) expect(Math.abs(count - draws)).toBeLessThan(1_000);
  });
});
