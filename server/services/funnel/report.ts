// The funnel report (decision 029): per variant over a date range, for each step the
// visitors who reached it, the conversion from the previous step and from the page view, and the
// median time from the previous step; the same split by UTM source; and two variants compared on
// view → registered and view → paid. The aggregation runs in the database, the same SQL on SQLite
// and PostgreSQL, over the raw events and the daily counts older events were rolled up into: counts
// per gap bucket (each event's time from the visitor's previous step, stored when it arrived), from
// which the medians are read.
// It takes a database, not the app: the Studio reads the funnel from the database it is pointed at.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FUNNEL_STEPS, stepCode, stepOfCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import type { Database } from '../../db/schema';
import type {
  Campaign,
  FunnelFilter,
  StepFigures,
  VariantComparison,
  VariantFunnel,
  VariantId,
} from '../../../src/domain/funnel-report';
import { bucketMedian, UNTIMED } from './gap-buckets';
import { compareConversions } from './statistics';

export type { Campaign, FunnelFilter, StepFigures, VariantComparison, VariantFunnel, VariantId };

interface CountRow {
  programme: string;
  variant: string;
  step: number;
  utm_source: string;
  gap_bucket: number;
  sandbox: number;
  visitors: number | string;
}

/** The filter as SQL conditions on either table (both have the columns). */
function conditions(filter: FunnelFilter): RawBuilder<unknown> {
  const parts = [sql`day >= ${filter.from}`, sql`day <= ${filter.to}`];
  if (filter.programme !== undefined) parts.push(sql`programme = ${filter.programme}`);
  if (filter.variants) {
    if (filter.variants.length === 0) parts.push(sql`1 = 0`);
    else
      parts.push(
        sql`(${sql.join(
          filter.variants.map((v) => sql`(programme = ${v.programme} and variant = ${v.variant})`),
          sql` or `,
        )})`,
      );
  }
  if (filter.utmSource !== undefined) parts.push(sql`utm_source = ${filter.utmSource}`);
  if (filter.utmMedium !== undefined) parts.push(sql`utm_medium = ${filter.utmMedium}`);
  if (filter.utmCampaign !== undefined) parts.push(sql`utm_campaign = ${filter.utmCampaign}`);
  return sql.join(parts, sql` and `);
}

/** A step's visitors, and of them the timed ones by gap bucket. */
interface Tally {
  visitors: number;
  gaps: Map<number, number>;
}

/** Each of the funnel's steps with its figures; "from previous step" is from the step before it. */
function figures(tallies: Map<number, Tally>, steps: readonly FunnelStep[]): StepFigures[] {
  const views = tallies.get(stepCode('page_view'))?.visitors ?? 0;
  let previous: number | null = null;
  return steps.map((step) => {
    const tally = tallies.get(stepCode(step));
    const visitors = tally?.visitors ?? 0;
    const gaps =
      step === 'page_view' ? new Map<number, number>() : (tally?.gaps ?? new Map<number, number>());
    let timed = 0;
    for (const [bucket, n] of gaps) if (bucket !== UNTIMED) timed += n;
    const result: StepFigures = {
      step,
      visitors,
      fromPrevious: previous ? visitors / previous : null,
      fromView: views > 0 ? visitors / views : null,
      medianMsFromPrevious: bucketMedian(gaps),
      timed,
    };
    previous = visitors;
    return result;
  });
}

/** Adds `n` visitors of a step in a gap bucket to a step map. */
function add(map: Map<number, Tally>, step: number, bucket: number, n: number): void {
  let tally = map.get(step);
  if (!tally) map.set(step, (tally = { visitors: 0, gaps: new Map() }));
  tally.visitors += n;
  tally.gaps.set(bucket, (tally.gaps.get(bucket) ?? 0) + n);
}

/** The steps of a programme's funnel (a free one has no payment steps: funnelStepsOf). */
export type StepsOf = (programme: string) => readonly FunnelStep[];

/**
 * The funnel of every variant with events in the range (or of the filter's variants), steps in
 * order. Two grouped counts, the events' and the rolled-up days', each in the order of its table's
 * index (programme, variant, step, source, gap bucket, sandbox mark): no visitor's steps are read
 * one by one. Demo traffic (the sandbox mark) is counted with the rest and its page views are told
 * apart (sandboxVisitors).
 */
export async function funnelReport(
  db: Kysely<Database>,
  filter: FunnelFilter,
  stepsOf: StepsOf = () => FUNNEL_STEPS,
): Promise<VariantFunnel[]> {
  const where = conditions(filter);
  const [raw, rolled] = await Promise.all([
    sql<CountRow>`select programme, variant, step, utm_source, gap_bucket, sandbox, count(*) as visitors
      from funnel_events where ${where}
      group by programme, variant, step, utm_source, gap_bucket, sandbox`.execute(db),
    sql<CountRow>`select programme, variant, step, utm_source, gap_bucket, sandbox, sum(visitors) as visitors
      from funnel_daily where ${where}
      group by programme, variant, step, utm_source, gap_bucket, sandbox`.execute(db),
  ]);
  const variants = new Map<
    string,
    VariantId & {
      all: Map<number, Tally>;
      bySource: Map<string, Map<number, Tally>>;
      sandboxVisitors: number;
    }
  >();
  const pageView = stepCode('page_view');
  for (const row of [...raw.rows, ...rolled.rows]) {
    const step = Number(row.step);
    if (!stepOfCode(step)) continue;
    const k = `${row.programme}\n${row.variant}`;
    let entry = variants.get(k);
    if (!entry)
      variants.set(
        k,
        (entry = {
          programme: row.programme,
          variant: row.variant,
          all: new Map(),
          bySource: new Map(),
          sandboxVisitors: 0,
        }),
      );
    let source = entry.bySource.get(row.utm_source);
    if (!source) entry.bySource.set(row.utm_source, (source = new Map()));
    const n = Number(row.visitors);
    add(entry.all, step, Number(row.gap_bucket), n);
    add(source, step, Number(row.gap_bucket), n);
    if (step === pageView && Number(row.sandbox) !== 0) entry.sandboxVisitors += n;
  }
  return [...variants.values()]
    .sort((a, b) => a.programme.localeCompare(b.programme) || a.variant.localeCompare(b.variant))
    .map(({ programme, variant, all, bySource, sandboxVisitors }) => ({
      programme,
      variant,
      steps: figures(all, stepsOf(programme)),
      sandboxVisitors,
      bySource: [...bySource.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([utmSource, steps]) => ({ utmSource, steps: figures(steps, stepsOf(programme)) })),
    }));
}

/** The campaigns (UTM source, medium, campaign) with visits in the filter's days, sorted. */
export async function funnelCampaigns(
  db: Kysely<Database>,
  filter: Pick<FunnelFilter, 'from' | 'to'>,
): Promise<Campaign[]> {
  const where = conditions({ from: filter.from, to: filter.to });
  const { rows } = await sql<{ utm_source: string; utm_medium: string; utm_campaign: string }>`
    select utm_source, utm_medium, utm_campaign from funnel_events where ${where}
    union select utm_source, utm_medium, utm_campaign from funnel_daily where ${where}`.execute(db);
  return rows
    .map((r) => ({ utmSource: r.utm_source, utmMedium: r.utm_medium, utmCampaign: r.utm_campaign }))
    .sort(
      (a, b) =>
        a.utmSource.localeCompare(b.utmSource) ||
        a.utmMedium.localeCompare(b.utmMedium) ||
        a.utmCampaign.localeCompare(b.utmCampaign),
    );
}

/** Two variants over the same range: view → registered and view → paid. */
export async function compareVariants(
  db: Kysely<Database>,
  filter: Omit<FunnelFilter, 'variants' | 'programme'>,
  a: VariantId,
  b: VariantId,
  minSample: number,
): Promise<VariantComparison> {
  const report = await funnelReport(db, { ...filter, variants: [a, b] });
  const count = (id: VariantId, step: FunnelStep) =>
    report
      .find((v) => v.programme === id.programme && v.variant === id.variant)
      ?.steps.find((s) => s.step === step)?.visitors ?? 0;
  // A visitor whose page view was lost (a blocked beacon) may still register: never more
  // conversions than views.
  const proportion = (id: VariantId, step: FunnelStep) => {
    const n = count(id, 'page_view');
    return { x: Math.min(n, count(id, step)), n };
  };
  return {
    a,
    b,
    registered: compareConversions(proportion(a, 'registered'), proportion(b, 'registered'), minSample),
    paid: compareConversions(proportion(a, 'paid'), proportion(b, 'paid'), minSample),
  };
}
