// The experiment's statistics against published worked examples (GrowthBook's gbstats test cases,
// the FNV and R references quoted below), an SRM case, and an A/A simulation of 1,000 experiments
// looked at every day for 28 days.
import { describe, expect, it } from 'vitest';
import { plannedDays, plannedPerArm } from '../../../src/domain/experiment-plan';
import { twoProportionZTest } from '../funnel/statistics';
import {
  benjaminiHochberg,
  chiSquareSurvival,
  holm,
  sampleRatio,
  sequentialTest,
  shortfall,
  type Arm,
} from './statistics';
import { seededRandom } from '../../../src/engine/seeded-random';

describe('the sequential test (gbstats SequentialTwoSidedTTest)', () => {
  it('gives gbstats’ worked example for proportions', () => {
    // growthbook/growthbook packages/stats/tests/frequentist/test_tests.py,
    // TestSequentialTTest.test_sequential_test_runs_prop: ProportionStatistic(sum=1396, n=3000) vs
    // (sum=2422, n=3461), SequentialConfig() (N* = 5000, α = 0.05):
    // expected=0.50386, ci=(0.40098, 0.60675), uplift stddev 0.03386, pValue=0.0 (to 5 decimals).
    const result = sequentialTest({ x: 1396, n: 3000 }, { x: 2422, n: 3461 });
    expect(result?.relative.estimate).toBeCloseTo(0.50386, 5);
    expect(result?.relative.se).toBeCloseTo(0.03386, 5);
    expect(result?.relative.low).toBeCloseTo(0.40098, 5);
    expect(result?.relative.high).toBeCloseTo(0.60675, 5);
    expect(result?.p).toBeCloseTo(0, 5);
    expect(result?.absolute.estimate).toBeCloseTo(2422 / 3461 - 1396 / 3000, 10);
  });

  it('takes the relative lift’s standard error by the delta method, as gbstats does', () => {
    // Same file, TestTwoSidedTTest.test_two_sided_ttest_binom: ProportionStatistic(sum=14, n=28)
    // vs (sum=16, n=30): expected = (16/30 − 0.5)/0.5 = 0.06667, uplift stddev 0.2717.
    const result = sequentialTest({ x: 14, n: 28 }, { x: 16, n: 30 });
    expect(result?.relative.estimate).toBeCloseTo(0.06667, 5);
    expect(result?.relative.se).toBeCloseTo(0.2717, 4);
    // Far from significant, and the always-valid interval is wider than the fixed one (±1.96 se).
    expect(result?.p).toBe(1);
    expect((result?.relative.high ?? 0) - (result?.relative.estimate ?? 0)).toBeGreaterThan(1.96 * 0.2717);
  });

  it('has no answer for an empty arm or a control at 0 %', () => {
    expect(sequentialTest({ x: 0, n: 0 }, { x: 1, n: 10 })).toBeNull();
    expect(sequentialTest({ x: 0, n: 50 }, { x: 1, n: 10 })).toBeNull();
  });
});

describe('sample-ratio mismatch', () => {
  it('χ² tails: the textbook critical values', () => {
    // χ² table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4): 3.841 (1 df), 5.991 (2), 16.266 (3, p = 0.001).
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 5);
    expect(chiSquareSurvival(5.991465, 2)).toBeCloseTo(0.05, 5);
    expect(chiSquareSurvival(16.26624, 3)).toBeCloseTo(0.001, 6);
    expect(chiSquareSurvival(0, 1)).toBe(1);
  });

  it('flags the 50/50 split that served 1,348 and 1,589 visitors', () => {
    const srm = sampleRatio([1348, 1589], [50, 50]);
    // χ² = 2 × 120.5² / 1,468.5 = 19.78; p ≈ 8.7e-6.
    expect(srm.chiSquare).toBeCloseTo(19.776, 3);
    expect(srm.p).toBeLessThan(1e-5);
    expect(srm.mismatch).toBe(true);
  });

  it('does not flag a fair split, nor one too small to tell', () => {
    expect(sampleRatio([1468, 1469], [50, 50]).mismatch).toBe(false);
    expect(sampleRatio([700, 310], [70, 30]).mismatch).toBe(false);
    // 14 vs 0: p = 0.0002, but an arm expects 7 (< 8): not yet.
    const small = sampleRatio([14, 0], [50, 50]);
    expect(small.p).toBeLessThan(0.001);
    expect(small.mismatch).toBe(false);
    expect(sampleRatio([20, 0], [50, 50]).mismatch).toBe(true);
  });
});

describe('adjusted p-values', () => {
  // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02; "BH" = 0.02 0.04 0.04 0.02.
  it('Holm–Bonferroni', () => {
    holm([0.01, 0.04, 0.03, 0.005]).forEach((p, i) =>
      expect(p).toBeCloseTo([0.03, 0.06, 0.06, 0.02][i] ?? -1, 10),
    );
  });
  it('Benjamini–Hochberg', () => {
    benjaminiHochberg([0.01, 0.04, 0.03, 0.005]).forEach((p, i) =>
      expect(p).toBeCloseTo([0.02, 0.04, 0.04, 0.02][i] ?? -1, 10),
    );
  });
});

describe('no verdict before the minimums', () => {
  it('names what is missing first', () => {
    expect(
      shortfall(
        [
          { n: 37, x: 3 },
          { n: 41, x: 5 },
        ],
        2,
      ),
    ).toEqual({ kind: 'visitors', arm: 0, have: 37, need: 100 });
    expect(
      shortfall(
        [
          { n: 137, x: 30 },
          { n: 141, x: 12 },
        ],
        2,
      ),
    ).toEqual({
      kind: 'conversions',
      arm: 1,
      have: 12,
      need: 25,
    });
    expect(
      shortfall(
        [
          { n: 100, x: 97 },
          { n: 100, x: 30 },
        ],
        9,
      ),
    ).toMatchObject({ kind: 'non_conversions', arm: 0 });
    expect(
      shortfall(
        [
          { n: 137, x: 30 },
          { n: 141, x: 32 },
        ],
        6,
      ),
    ).toEqual({ kind: 'days', have: 6, need: 7 });
    expect(
      shortfall(
        [
          { n: 137, x: 30 },
          { n: 141, x: 32 },
        ],
        7,
      ),
    ).toBeNull();
  });
});

describe('the planned sample size', () => {
  it('is the two-proportion power formula', () => {
    // R: power.prop.test(p1 = 0.10, p2 = 0.12, power = 0.8) → n = 3840.847 per group.
    expect(plannedPerArm(0.1, 0.2)).toBe(3841);
    // power.prop.test(p1 = 0.05, p2 = 0.06, power = 0.8) → n = 8157.731.
    expect(plannedPerArm(0.05, 0.2)).toBe(8158);
    expect(plannedPerArm(0, 0.2)).toBeNull();
    expect(plannedDays(3841, 400, 0.5)).toBe(20);
    expect(plannedDays(3841, 0, 0.5)).toBeNull();
  });
});

describe('an A/A simulation: 1,000 experiments, looked at every day for 28 days', () => {
  it('keeps false positives at or under 5 % (where a fixed z-test read daily does not)', () => {
    const random = seededRandom(2026);
    const RATE = 0.1;
    const PER_ARM_PER_DAY = 100;
    let sequentialHits = 0;
    let naiveHits = 0;
    for (let e = 0; e < 1000; e++) {
      const a: Arm = { n: 0, x: 0 };
      const b: Arm = { n: 0, x: 0 };
      let sequential = false;
      let naive = false;
      for (let day = 1; day <= 28; day++) {
        for (const arm of [a, b])
          for (let v = 0; v < PER_ARM_PER_DAY; v++) {
            arm.n++;
            if (random() < RATE) arm.x++;
          }
        sequential ||= (sequentialTest(a, b)?.p ?? 1) < 0.05;
        naive ||= (twoProportionZTest(a.x, a.n, b.x, b.n)?.p ?? 1) < 0.05;
      }
      if (sequential) sequentialHits++;
      if (naive) naiveHits++;
    }
    console.info(`A/A: sequential ${sequentialHits / 10} %, fixed z-test read daily ${naiveHits / 10} %`);
    expect(sequentialHits / 1000).toBeLessThanOrEqual(0.05);
    // The simulation can tell: peeking at a fixed-horizon test finds "winners" far above 5 %.
    expect(naiveHits / 1000).toBeGreaterThan(0.1);
  });
});
