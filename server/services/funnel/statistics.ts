// The funnel's statistics (decision 029), pure: a conversion rate's 95 % interval
// (Wilson's score interval) and the two-sided p-value of a pooled two-proportion z-test, with the
// rule that says when there is not enough data yet to compare.
import type { Comparison, Interval, Proportion, RateWithInterval } from '../../../src/domain/funnel-report';

export type { Comparison, Interval, Proportion, RateWithInterval };

/** z for a two-sided 95 % interval: Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

/**
 * Wilson's score interval for x successes in n trials (Wilson 1927; Newcombe 1998, method 3):
 * (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). Unlike p ± z·√(p(1−p)/n) it stays inside
 * [0, 1] and is not degenerate at 0 or n successes, which small funnels hit often.
 */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const scale = 1 + z2 / n;
  return { low: Math.max(0, (centre - spread) / scale), high: Math.min(1, (centre + spread) / scale) };
}

/**
 * The standard normal CDF Φ, from erfc by the Numerical Recipes Chebyshev fit (erfcc; fractional
 * error < 1.2e-7 everywhere), so tail p-values keep their digits.
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

export interface ZTest {
  z: number;
  /** Two-sided. */
  p: number;
}

/**
 * The two-proportion z-test with the pooled proportion: z = (p₁ − p₂) / √(p̂(1−p̂)(1/n₁ + 1/n₂)),
 * p̂ = (x₁ + x₂)/(n₁ + n₂); two-sided p = 2(1 − Φ(|z|)). Null when it is undefined (an empty
 * group, or every trial a success or every one a failure: no variance).
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): ZTest | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/** Conversions needed on each side of the pooled table for the z-test's normal approximation. */
export const MIN_CELL = 5;

const withInterval = ({ x, n }: Proportion): RateWithInterval => ({
  x,
  n,
  rate: n > 0 ? x / n : null,
  interval: wilsonInterval(x, n),
});

/**
 * Variant a against b on one conversion. "Not enough data yet" while either has fewer than
 * `minSample` views, or the two together have fewer than 5 conversions or 5 non-conversions (the
 * usual condition for the z-test's normal approximation); each rate keeps its interval either way.
 */
export function compareConversions(a: Proportion, b: Proportion, minSample: number): Comparison {
  const left = withInterval(a);
  const right = withInterval(b);
  const notEnough = (reason: string): Comparison => ({ enough: false, a: left, b: right, reason });
  if (a.n < minSample || b.n < minSample)
    return notEnough(`Not enough data yet: each variant needs at least ${minSample} page views.`);
  const conversions = a.x + b.x;
  const others = a.n + b.n - conversions;
  if (conversions < MIN_CELL || others < MIN_CELL)
    return notEnough(
      `Not enough data yet: at least ${MIN_CELL} conversions and ${MIN_CELL} non-conversions are needed.`,
    );
  const test = twoProportionZTest(a.x, a.n, b.x, b.n);
  if (!test) return notEnough('Not enough data yet: the conversions do not vary.');
  return { enough: true, a: left, b: right, difference: a.x / a.n - b.x / b.n, z: test.z, p: test.p };
}
