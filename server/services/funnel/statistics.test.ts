// The funnel's statistics against worked examples.
import { describe, expect, it } from 'vitest';
import { compareConversions, normalCdf, twoProportionZTest, wilsonInterval } from './statistics';

describe("Wilson's score interval (95 %)", () => {
  // Newcombe R.G. (1998), "Two-sided confidence intervals for the single proportion: comparison of
  // seven methods", Statistics in Medicine 17:857–872, Table II, method 3 (score, no continuity
  // correction), to the 4 decimals printed there.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%i of %i: %f to %f', (x, n, low, high) => {
    const interval = wilsonInterval(x, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('is the whole range with no trials', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('the standard normal CDF', () => {
  // Tabled values (any normal table, e.g. Abramowitz & Stegun 1964, table 26.1).
  it.each([
    [0, 0.5],
    [1, 0.841345],
    [1.959964, 0.975],
    [-2.575829, 0.005],
    [3, 0.99865],
  ])('Φ(%f) = %f', (z, expected) => {
    expect(normalCdf(z)).toBeCloseTo(expected, 6);
  });
});

describe('the two-proportion z-test (pooled), two-sided', () => {
  it('60 of 200 against 40 of 200, worked by hand', () => {
    // p₁ = 0.30, p₂ = 0.20, pooled p̂ = 100/400 = 0.25;
    // SE = √(0.25 × 0.75 × (1/200 + 1/200)) = √0.001875 = 0.0433013;
    // z = 0.10 / 0.0433013 = 2.3094; p = 2 × (1 − Φ(2.3094)) = 2 × 0.010461 = 0.02092.
    const test = twoProportionZTest(60, 200, 40, 200);
    expect(test?.z).toBeCloseTo(2.3094, 4);
    expect(test?.p).toBeCloseTo(0.02092, 5);
  });

  it('56 of 400 against 48 of 400, worked by hand: no evidence of a difference', () => {
    // p₁ = 0.14, p₂ = 0.12, p̂ = 104/800 = 0.13; SE = √(0.13 × 0.87 × 2/400) = √0.0005655 = 0.023780;
    // z = 0.02 / 0.023780 = 0.8410; p = 2 × (1 − Φ(0.8410)) = 2 × 0.20017 = 0.4003.
    const test = twoProportionZTest(56, 400, 48, 400);
    expect(test?.z).toBeCloseTo(0.841, 3);
    expect(test?.p).toBeCloseTo(0.4003, 3);
  });

  it('is symmetric, and undefined without variance or trials', () => {
    const forward = twoProportionZTest(60, 200, 40, 200);
    const back = twoProportionZTest(40, 200, 60, 200);
    expect(back?.z).toBeCloseTo(-(forward?.z ?? 0), 10);
    expect(back?.p).toBeCloseTo(forward?.p ?? 0, 10);
    expect(twoProportionZTest(0, 100, 0, 100)).toBeNull();
    expect(twoProportionZTest(5, 0, 1, 10)).toBeNull();
  });
});

describe('comparing two variants', () => {
  it('gives rates, intervals, the difference and the p-value once there is enough data', () => {
    const result = compareConversions({ x: 60, n: 200 }, { x: 40, n: 200 }, 100);
    expect(result).toMatchObject({ enough: true, a: { x: 60, n: 200, rate: 0.3 }, b: { rate: 0.2 } });
    if (!result.enough) throw new Error('expected enough data');
    expect(result.difference).toBeCloseTo(0.1, 10);
    expect(result.p).toBeCloseTo(0.02092, 5);
    expect(result.a.interval.low).toBeLessThan(0.3);
  });

  it('says "not enough data yet" under the minimum sample, and with too few conversions', () => {
    const small = compareConversions({ x: 30, n: 99 }, { x: 40, n: 200 }, 100);
    expect(small).toMatchObject({
      enough: false,
      reason: expect.stringMatching(/^Not enough data yet: .*100 page views/) as unknown,
    });
    // The rates and intervals are still given.
    expect(small.a.rate).toBeCloseTo(30 / 99, 10);
    const rare = compareConversions({ x: 2, n: 500 }, { x: 2, n: 500 }, 100);
    expect(rare).toMatchObject({ enough: false, reason: expect.stringMatching(/5 conversions/) as unknown });
    expect(compareConversions({ x: 0, n: 0 }, { x: 0, n: 0 }, 0)).toMatchObject({ enough: false });
  });
});
