// An experiment's results (decision 056): per arm, the exposed visitors and, for each step, those
// who reached it (conversions.ts says what counts), with the sequential test against the first
// arm, the SRM check, the minimums and the adjusted p-values. The same SQL on SQLite and PostgreSQL.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { stepCode, stepOfCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import {
  benjaminiHochberg,
  holm,
  sampleRatio,
  sequentialTest,
  shortfall,
  type SampleRatio,
  type SequentialResult,
  type Shortfall,
} from './statistics';
import type { AppContext } from '../../context';
import { getExperiment, type ExperimentRecord } from './experiments';
import { countConversions } from './conversions';

const DAY_MS = 86_400_000;

export interface StepResult {
  step: string;
  conversions: number;
  rate: number;
  /** Against the first arm (absent on the first arm itself, or when undefined). */
  test?: SequentialResult & { adjustedP: number };
}

export interface ArmResult {
  variantKey: string;
  weight: number;
  exposed: number;
  steps: StepResult[];
}

export interface ExperimentResults {
  arms: ArmResult[];
  srm: SampleRatio;
  days: number;
  /** What is missing before a verdict (null: enough). */
  shortfall: Shortfall | null;
  /** The arm that beats the first on the goal (adjusted p < 0.05 and a positive lift), when there is a verdict. */
  verdict: { kind: 'winner'; variantKey: string } | { kind: 'no_difference' } | null;
}

export async function exposureCounts(db: Db, experiment: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('experiment_exposures')
    .select(['arm', sql<number | string>`count(*)`.as('n')])
    .where('experiment', '=', experiment)
    .groupBy('arm')
    .execute();
  return new Map(rows.map((r) => [r.arm, Number(r.n)]));
}

async function conversionCounts(db: Db, experiment: ExperimentRecord, steps: FunnelStep[]) {
  const counts = new Map<string, number>();
  for (const r of await countConversions(db, experiment, steps.map(stepCode)))
    counts.set(`${r.arm}\n${stepOfCode(r.step) ?? ''}`, r.n);
  return counts;
}

export async function experimentResults(
  db: Db,
  experiment: ExperimentRecord,
  now: Date,
): Promise<ExperimentResults> {
  const steps = [experiment.goal, ...experiment.secondary] as FunnelStep[];
  const [exposed, converted] = await Promise.all([
    exposureCounts(db, experiment.id),
    conversionCounts(db, experiment, steps),
  ]);
  const arms: ArmResult[] = experiment.arms.map(({ variantKey, weight }) => {
    const n = exposed.get(variantKey) ?? 0;
    return {
      variantKey,
      weight,
      exposed: n,
      steps: steps.map((step) => {
        const x = converted.get(`${variantKey}\n${step}`) ?? 0;
        return { step, conversions: x, rate: n > 0 ? x / n : 0 };
      }),
    };
  });
  const [control, ...treatments] = arms;
  // Adjusted p-values: Holm over the arms on the goal, Benjamini–Hochberg over arms × secondary steps.
  const families = [[0], steps.slice(1).map((_, i) => i + 1)];
  for (const family of families) {
    const tests = treatments.flatMap((arm) =>
      family.flatMap((s) => {
        const a = control?.steps[s];
        const b = arm.steps[s];
        const test =
          a && b && control
            ? sequentialTest({ n: control.exposed, x: a.conversions }, { n: arm.exposed, x: b.conversions })
            : null;
        return test && b ? [{ step: b, test }] : [];
      }),
    );
    const adjusted = (family[0] === 0 ? holm : benjaminiHochberg)(tests.map((t) => t.test.p));
    tests.forEach((t, i) => (t.step.test = { ...t.test, adjustedP: adjusted[i] ?? 1 }));
  }
  const startedMs = experiment.startedAt ? Date.parse(experiment.startedAt) : now.getTime();
  const endMs = experiment.stoppedAt ? Date.parse(experiment.stoppedAt) : now.getTime();
  const days = Math.max(0, Math.floor((endMs - startedMs) / DAY_MS));
  const srm = sampleRatio(
    arms.map((a) => a.exposed),
    arms.map((a) => a.weight),
  );
  const missing = shortfall(
    arms.map((a) => ({ n: a.exposed, x: a.steps[0]?.conversions ?? 0 })),
    days,
  );
  let verdict: ExperimentResults['verdict'] = null;
  if (!missing && !srm.mismatch) {
    const best = treatments
      .filter(
        (a) => (a.steps[0]?.test?.adjustedP ?? 1) < 0.05 && (a.steps[0]?.test?.relative.estimate ?? 0) > 0,
      )
      .sort((a, b) => (b.steps[0]?.rate ?? 0) - (a.steps[0]?.rate ?? 0))[0];
    const worse = treatments.every(
      (a) => (a.steps[0]?.test?.adjustedP ?? 1) < 0.05 && (a.steps[0]?.test?.relative.estimate ?? 0) < 0,
    );
    verdict = best
      ? { kind: 'winner', variantKey: best.variantKey }
      : worse && control
        ? { kind: 'winner', variantKey: control.variantKey }
        : { kind: 'no_difference' };
  }
  return { arms, srm, days, shortfall: missing, verdict };
}

/** One experiment with its results, as the Studio's results screen reads it. */
export async function experimentWithResults(ctx: Pick<AppContext, 'db' | 'now'>, id: string) {
  const experiment = await getExperiment(ctx, id);
  return { experiment, results: await experimentResults(ctx.db, experiment, ctx.now()) };
}
