// An experiment's statistics (decision 056), pure: GrowthBook's sequential test (asymptotic
// confidence sequences, Waudby-Smith et al. 2023, as gbstats' SequentialTwoSidedTTest with N* =
// 5000), the lift relative by the delta method and absolute, the sample-ratio-mismatch χ² test,
// the minimums before a verdict, and Holm–Bonferroni / Benjamini–Hochberg adjusted p-values.
export const ALPHA = 0.05;
/** gbstats' default sequential tuning parameter N*: the total sample the sequence is tightest at. */
export const SEQUENTIAL_TUNING = 5000;
/** SRM is flagged below this p-value (as GrowthBook and Statsig's strictest level). */
export const SRM_P = 0.001;
/** ... and only when every arm expects at least this many visitors. */
export const SRM_MIN_EXPECTED = 8;
export const MIN_EXPOSED = 100;
export const MIN_CONVERSIONS = 25;
/** Non-conversions each arm needs too, so that n(1 − p) ≥ 5 (a rate near 100 % has no variance). */
export const MIN_NON_CONVERSIONS = 5;
export const MIN_DAYS = 7;

export interface Arm {
  /** Exposed visitors. */
  n: number;
  /** Of them, those who reached the step after their exposure. */
  x: number;
}

export interface Lift {
  estimate: number;
  /** Standard error (delta method for the relative lift). */
  se: number;
  low: number;
  high: number;
}

export interface SequentialResult {
  relative: Lift;
  absolute: Lift;
  /** Always-valid p-value (of the relative lift), safe to read at every look. */
  p: number;
}

/** ρ of the confidence sequence for N* (Waudby-Smith et al. 2023, eq. 161; gbstats sequential_rho). */
export function sequentialRho(alpha = ALPHA, tuning = SEQUENTIAL_TUNING): number {
  const l = -2 * Math.log(alpha);
  return Math.sqrt((l + Math.log(l + 1)) / tuning);
}

/**
 * The half-width of the asymptotic confidence sequence at total sample n for a per-unit variance s²
 * (eq. 9): √s² · √( 2(nρ² + 1) · ln(√(nρ² + 1) / α) / (nρ)² ).
 */
export function sequentialHalfwidth(
  s2: number,
  n: number,
  alpha = ALPHA,
  rho = sequentialRho(alpha),
): number {
  const r = n * rho * rho + 1;
  return Math.sqrt(s2) * Math.sqrt((2 * r * Math.log(Math.sqrt(r) / alpha)) / (n * rho) ** 2);
}

/**
 * Treatment b against control a on one conversion, as gbstats' SequentialTwoSidedTTest with
 * ProportionStatistic: rate variance p(1 − p); relative lift (p_b − p_a)/p_a with variance
 * v_b/(n_b p_a²) + v_a p_b²/(n_a p_a⁴) (delta method); n = n_a + n_b; s² = se² · n; the interval is
 * the estimate ± the half-width; p = min(1, 1/E) with E = exp(ρ² t² / 2(nρ² + 1)) / √(nρ² + 1) and
 * t² = estimate² · n / se². Null when undefined (an empty arm, a control at 0 %, no variance).
 */
export function sequentialTest(
  a: Arm,
  b: Arm,
  alpha = ALPHA,
  tuning = SEQUENTIAL_TUNING,
): SequentialResult | null {
  if (a.n <= 0 || b.n <= 0) return null;
  const pa = a.x / a.n;
  const pb = b.x / b.n;
  const va = pa * (1 - pa);
  const vb = pb * (1 - pb);
  if (pa === 0 || va + vb === 0) return null;
  const n = a.n + b.n;
  const rho = sequentialRho(alpha, tuning);
  const lift = (estimate: number, variance: number): Lift => {
    const se = Math.sqrt(variance);
    const half = sequentialHalfwidth(variance * n, n, alpha, rho);
    return { estimate, se, low: estimate - half, high: estimate + half };
  };
  const relative = lift((pb - pa) / pa, vb / b.n / pa ** 2 + (va / a.n) * (pb ** 2 / pa ** 4));
  const absolute = lift(pb - pa, vb / b.n + va / a.n);
  const t2 = (relative.estimate ** 2 * n) / relative.se ** 2;
  const r = n * rho * rho + 1;
  const evalue = Math.exp((rho * rho * t2) / (2 * r)) / Math.sqrt(r);
  return { relative, absolute, p: Math.min(1, 1 / evalue) };
}

/** ln Γ(x) (Lanczos, g = 7, n = 9; Numerical Recipes' coefficients): enough digits for χ² tails. */
function logGamma(x: number): number {
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61503916999186,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0] ?? 1;
  for (let i = 1; i < 9; i++) sum += (c[i] ?? 0) / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularised upper incomplete gamma Q(s, x) (Numerical Recipes gammq: series or continued fraction). */
function upperGamma(s: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let k = 1; k < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; k++) sum += term *= x / (s + k);
    return Math.max(0, 1 - sum * front);
  }
  // Lentz's method on the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return front * h;
}

/** P(χ²_df ≥ x). */
export const chiSquareSurvival = (x: number, df: number): number => upperGamma(df / 2, x / 2);

export interface SampleRatio {
  chiSquare: number;
  p: number;
  /** p < SRM_P with every arm expecting at least SRM_MIN_EXPECTED visitors. */
  mismatch: boolean;
}

/** The exposures against the configured weights: Pearson's χ² with k − 1 degrees of freedom (gbstats check_srm). */
export function sampleRatio(exposures: readonly number[], weights: readonly number[]): SampleRatio {
  const total = exposures.reduce((s, v) => s + v, 0);
  const weight = weights.reduce((s, v) => s + v, 0);
  if (total === 0 || weight <= 0) return { chiSquare: 0, p: 1, mismatch: false };
  let chiSquare = 0;
  let smallest = Infinity;
  exposures.forEach((observed, i) => {
    const expected = ((weights[i] ?? 0) / weight) * total;
    if (expected <= 0) return;
    smallest = Math.min(smallest, expected);
    chiSquare += (observed - expected) ** 2 / expected;
  });
  const p = chiSquareSurvival(chiSquare, exposures.length - 1);
  return { chiSquare, p, mismatch: p < SRM_P && smallest >= SRM_MIN_EXPECTED };
}

/** Holm–Bonferroni adjusted p-values (family-wise), in the input's order. */
export function holm(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(ps.length);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (ps.length - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Benjamini–Hochberg adjusted p-values (false discovery rate), in the input's order. */
export function benjaminiHochberg(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => b.p - a.p);
  const adjusted = new Array<number>(ps.length);
  let running = 1;
  order.forEach(({ p, i }, k) => {
    running = Math.min(running, Math.min(1, (ps.length / (ps.length - k)) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

export type Shortfall =
  | { kind: 'visitors'; arm: number; have: number; need: number }
  | { kind: 'conversions'; arm: number; have: number; need: number }
  | { kind: 'non_conversions'; arm: number; have: number; need: number }
  | { kind: 'days'; have: number; need: number };

/** What is still missing before a verdict: the first shortfall (the one furthest from its minimum), or null. */
export function shortfall(arms: readonly Arm[], days: number): Shortfall | null {
  const worst = <K extends 'visitors' | 'conversions' | 'non_conversions'>(
    kind: K,
    need: number,
    value: (a: Arm) => number,
  ) => {
    let found: { kind: K; arm: number; have: number; need: number } | null = null;
    arms.forEach((a, arm) => {
      const have = value(a);
      if (have < need && (!found || have < found.have)) found = { kind, arm, have, need };
    });
    return found as { kind: K; arm: number; have: number; need: number } | null;
  };
  return (
    worst('visitors', MIN_EXPOSED, (a) => a.n) ??
    worst('conversions', MIN_CONVERSIONS, (a) => a.x) ??
    worst('non_conversions', MIN_NON_CONVERSIONS, (a) => a.n - a.x) ??
    (days < MIN_DAYS ? { kind: 'days', have: days, need: MIN_DAYS } : null)
  );
}
