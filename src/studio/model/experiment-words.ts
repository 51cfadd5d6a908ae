// An experiment's figures in plain words for marketing (decision 056): statuses, what is missing
// before a verdict, rates, lifts with their range, the plan. No statistics vocabulary on screen.
import type { StudioExperimentResults } from '../../generated/api/studio-experiment';
import type { StudioExperiment } from '../../generated/api/studio-experiments';

export const STATUS_WORDS: Record<StudioExperiment['status'], string> = {
  draft: 'Not started',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  decided: 'Winner chosen',
};

const count = (n: number) => Math.round(n).toLocaleString('en-IN');

/** 0.1234 → "12.3 %". */
export const percent = (rate: number, digits = 1): string => `${(rate * 100).toFixed(digits)} %`;

/** A signed change in percent: 0.24 → "+24 %", −0.05 → "−5 %". */
export function signedPercent(value: number): string {
  const text = `${Math.abs(value * 100).toFixed(Math.abs(value) < 0.1 ? 1 : 0)} %`;
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** A signed change in percentage points: 0.024 → "+2.4 points". */
export function signedPoints(value: number): string {
  const text = `${Math.abs(value * 100).toFixed(1)} points`;
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** "+24 % (somewhere between −3 % and +51 %)". */
export const liftWords = (lift: { estimate: number; low: number; high: number }): string =>
  `${signedPercent(lift.estimate)} (somewhere between ${signedPercent(lift.low)} and ${signedPercent(lift.high)})`;

const STEP_GOAL_WORDS: Record<string, string> = {
  registered: 'registrations',
  paid: 'payments',
};

/** Why there is no verdict yet, or null when the minimums are met. */
export function shortfallWords(
  shortfall: StudioExperimentResults['shortfall'],
  armName: (index: number) => string,
  goal: string,
): string | null {
  if (!shortfall) return null;
  const where = shortfall.arm === undefined ? '' : ` on “${armName(shortfall.arm)}”`;
  const goalWord = STEP_GOAL_WORDS[goal] ?? 'conversions';
  switch (shortfall.kind) {
    case 'visitors':
      return `Not enough data yet: ${count(shortfall.have)} of ${count(shortfall.need)} visitors${where}. Each version needs at least ${count(shortfall.need)} visitors before the Studio says which does better.`;
    case 'conversions':
      return `Not enough data yet: ${count(shortfall.have)} of ${count(shortfall.need)} ${goalWord}${where}. Each version needs at least ${count(shortfall.need)}.`;
    case 'non_conversions':
      return `Not enough data yet: almost everyone${where} converts, so the versions cannot be told apart. Wait for more visitors.`;
    case 'days':
      return `Not enough data yet: the experiment has run ${count(shortfall.have)} of ${count(shortfall.need)} days. Visitors on different days of the week behave differently, so it runs a full week first.`;
  }
}

/** The planned size, in visitors and days. */
export function planWords(perArm: number | null, days: number | null): string {
  if (perArm === null)
    return 'The Studio cannot plan this yet: the page has no registrations in the last 14 days.';
  const time =
    days === null
      ? 'the page had no visitors in the last 14 days, so the time cannot be estimated'
      : `about ${count(days)} ${days === 1 ? 'day' : 'days'} at the last 14 days’ traffic`;
  return `Each version needs about ${count(perArm)} visitors: ${time}.`;
}
