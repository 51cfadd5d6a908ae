// How many visitors an experiment needs (decision 056): the two-proportion sample size per arm
// for a two-sided test at α = 0.05 with power 0.8 (Fleiss, Statistical Methods for Rates and
// Proportions, 3rd ed., eq. 4.14 without continuity correction):
//   n = ( z₁₋α/₂ √(2 p̄ (1 − p̄)) + z₁₋β √(p₁(1 − p₁) + p₂(1 − p₂)) )² / (p₂ − p₁)²,
// p₂ = p₁ (1 + minimum effect), p̄ = (p₁ + p₂) / 2. Shared by the Studio's form and the server.

/** Φ⁻¹(0.975) and Φ⁻¹(0.8). */
const Z_ALPHA = 1.959963984540054;
const Z_POWER = 0.8416212335729143;

/** Visitors each arm needs to detect a relative lift of `minEffect` over `baseline`; null when it cannot be planned. */
export function plannedPerArm(baseline: number, minEffect: number): number | null {
  const p1 = baseline;
  const p2 = baseline * (1 + minEffect);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1 && minEffect !== 0)) return null;
  const mean = (p1 + p2) / 2;
  const top = Z_ALPHA * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil(top ** 2 / (p2 - p1) ** 2);
}

/** Days the plan takes at `dailyVisitors` to the path, shared among `arms` by weight (the smallest arm decides). */
export function plannedDays(perArm: number, dailyVisitors: number, smallestShare: number): number | null {
  const perDay = dailyVisitors * smallestShare;
  return perDay > 0 ? Math.ceil(perArm / perDay) : null;
}

/** Why an experiment's shares cannot be used, or null: they add up to 100 %, each at least 1 %. */
export function sharesProblem(weights: readonly number[]): string | null {
  if (weights.some((w) => !Number.isInteger(w) || w < 1))
    return 'Give each version a whole share of at least 1 %.';
  const total = weights.reduce((s, w) => s + w, 0);
  return total === 100 ? null : `The shares add up to ${total} %: they must add up to 100 %.`;
}

/** Shares as equal as whole percents allow, the first taking what is left: 3 → [34, 33, 33]. */
export function equalShares(count: number): number[] {
  const each = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 100 - each * (count - 1) : each));
}
