// The funnel report (issue 24 §2, decision 029): per variant over a date range, for each step the
// visitors who reached it, the conversion from the previous step and from the page view, and the
// median time from the previous step; the same split by UTM source; and two variants compared on
// view → registered and view → paid. The aggregation runs in the database, the same SQL on SQLite
// and PostgreSQL, over the raw events and the daily counts older events were rolled up into.
// It takes a database, not the app: the Studio reads the funnel from the database it is pointed at.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FUNNEL_STEPS, stepCode, stepOfCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import type { Database } from '../../db/schema';
import { compareConversions, type Comparison } from './statistics';

export interface FunnelFilter {
  /** First and last day, YYYY-MM-DD in India time, both included. */
  from: string;
  to: string;
  programme?: string;
  /** Only these variants. */
  variants?: readonly VariantId[];
  /** Only visits from this UTM source ('' for visits without one). */
  utmSource?: string;
}

export interface VariantId {
  programme: string;
  variant: string;
}

export interface StepFigures {
  step: FunnelStep;
  visitors: number;
  /** visitors ÷ the nearest earlier step that anyone reached (a free programme has no payment
   * steps, so its registered step follows exam_chosen); null for the page view or with none before. */
  fromPrevious: number | null;
  /** visitors ÷ page views; null without page views. */
  fromView: number | null;
  /** Median time from each visitor's previous step to this one, ms; null when none is timed. */
  medianMsFromPrevious: number | null;
  /** Visitors with a time from their previous step. */
  timed: number;
}

export interface VariantFunnel extends VariantId {
  steps: StepFigures[];
  bySource: { utmSource: string; steps: StepFigures[] }[];
  /** True when rolled-up days are in the range: their medians are daily medians, combined weighted. */
  medianApproximate: boolean;
}

interface CountRow {
  programme: string;
  variant: string;
  step: number;
  utm_source: string;
  visitors: number | string;
}

interface MedianRow {
  programme: string;
  variant: string;
  step: number;
  utm_source: string;
  n: number | string;
  median_ms: number | string | null;
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
  return sql.join(parts, sql` and `);
}

/**
 * Exact medians of the time from each visitor's previous step (the visitor's nearest earlier step
 * in the range, negative gaps from clock corrections counted as 0), per variant and step, and per
 * source too. The middle one or two of each group's ordered gaps, by row_number over count.
 */
async function rawMedians(
  db: Kysely<Database>,
  filter: FunnelFilter,
  bySource: boolean,
): Promise<MedianRow[]> {
  const group = bySource ? sql`programme, variant, step, utm_source` : sql`programme, variant, step`;
  const source = bySource ? sql`utm_source` : sql`'' as utm_source`;
  const { rows } = await sql<MedianRow>`
    with gaps as (
      select programme, variant, step, utm_source,
        at_ms - lag(at_ms) over (partition by programme, variant, visitor order by step) as gap
      from funnel_events where ${conditions(filter)}
    ), ranked as (
      select programme, variant, step, utm_source,
        case when gap < 0 then 0 else gap end as gap,
        row_number() over (partition by ${group} order by case when gap < 0 then 0 else gap end) as rn,
        count(*) over (partition by ${group}) as n
      from gaps where gap is not null
    )
    select programme, variant, step, ${source}, max(n) as n, avg(gap) as median_ms
    from ranked where rn in ((n + 1) / 2, (n + 2) / 2)
    group by ${group}`.execute(db);
  return rows;
}

interface Weighted {
  median: number;
  weight: number;
}

/** The median of several groups' medians, each weighted by its count (exact for one group). */
function weightedMedian(parts: Weighted[]): number | null {
  const sorted = parts.filter((p) => p.weight > 0).sort((a, b) => a.median - b.median);
  const total = sorted.reduce((sum, p) => sum + p.weight, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const part of sorted) {
    seen += part.weight;
    if (seen * 2 >= total) return part.median;
  }
  return sorted.at(-1)?.median ?? null;
}

interface Tally {
  visitors: number;
  medians: Weighted[];
}

const key = (programme: string, variant: string) => `${programme}\n${variant}`;

function figures(tallies: Map<number, Tally>): StepFigures[] {
  const views = tallies.get(stepCode('page_view'))?.visitors ?? 0;
  let previous: number | null = null;
  return FUNNEL_STEPS.map((step) => {
    const tally = tallies.get(stepCode(step));
    const visitors = tally?.visitors ?? 0;
    const medians = tally?.medians ?? [];
    const result: StepFigures = {
      step,
      visitors,
      fromPrevious: step === 'page_view' || previous === null ? null : visitors / previous,
      fromView: views > 0 ? visitors / views : null,
      medianMsFromPrevious: step === 'page_view' ? null : weightedMedian(medians),
      timed: step === 'page_view' ? 0 : medians.reduce((sum, m) => sum + m.weight, 0),
    };
    if (visitors > 0) previous = visitors;
    return result;
  });
}

class VariantTally {
  readonly all = new Map<number, Tally>();
  readonly bySource = new Map<string, Map<number, Tally>>();
  approximate = false;

  private at(map: Map<number, Tally>, step: number): Tally {
    let tally = map.get(step);
    if (!tally) map.set(step, (tally = { visitors: 0, medians: [] }));
    return tally;
  }

  source(utm: string, step: number): Tally {
    let map = this.bySource.get(utm);
    if (!map) this.bySource.set(utm, (map = new Map()));
    return this.at(map, step);
  }

  total(step: number): Tally {
    return this.at(this.all, step);
  }
}

/** The funnel of every variant with events in the range (or of the filter's variants), steps in order. */
export async function funnelReport(db: Kysely<Database>, filter: FunnelFilter): Promise<VariantFunnel[]> {
  const where = conditions(filter);
  const [raw, rolled, exact, exactBySource, rolledMedians] = await Promise.all([
    sql<CountRow>`select programme, variant, step, utm_source, count(*) as visitors from funnel_events
      where ${where} group by programme, variant, step, utm_source`.execute(db),
    sql<CountRow>`select programme, variant, step, utm_source, sum(visitors) as visitors from funnel_daily
      where ${where} group by programme, variant, step, utm_source`.execute(db),
    rawMedians(db, filter, false),
    rawMedians(db, filter, true),
    sql<MedianRow>`select programme, variant, step, utm_source, timed as n, median_ms from funnel_daily
      where ${where} and timed > 0`.execute(db),
  ]);
  const variants = new Map<string, VariantId & { tally: VariantTally }>();
  const tallyOf = (row: { programme: string; variant: string }) => {
    const k = key(row.programme, row.variant);
    let entry = variants.get(k);
    if (!entry)
      variants.set(
        k,
        (entry = { programme: row.programme, variant: row.variant, tally: new VariantTally() }),
      );
    return entry.tally;
  };
  for (const row of [...raw.rows, ...rolled.rows]) {
    if (!stepOfCode(Number(row.step))) continue;
    const tally = tallyOf(row);
    tally.total(Number(row.step)).visitors += Number(row.visitors);
    tally.source(row.utm_source, Number(row.step)).visitors += Number(row.visitors);
  }
  const weighted = (row: MedianRow): Weighted => ({
    median: Math.round(Number(row.median_ms)),
    weight: Number(row.n),
  });
  for (const row of exact) tallyOf(row).total(Number(row.step)).medians.push(weighted(row));
  for (const row of exactBySource)
    tallyOf(row).source(row.utm_source, Number(row.step)).medians.push(weighted(row));
  for (const row of rolledMedians.rows) {
    if (row.median_ms === null) continue;
    const tally = tallyOf(row);
    tally.approximate = true;
    tally.total(Number(row.step)).medians.push(weighted(row));
    tally.source(row.utm_source, Number(row.step)).medians.push(weighted(row));
  }
  return [...variants.values()]
    .sort((a, b) => a.programme.localeCompare(b.programme) || a.variant.localeCompare(b.variant))
    .map(({ programme, variant, tally }) => ({
      programme,
      variant,
      steps: figures(tally.all),
      bySource: [...tally.bySource.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([utmSource, steps]) => ({ utmSource, steps: figures(steps) })),
      medianApproximate: tally.approximate,
    }));
}

export interface VariantComparison {
  a: VariantId;
  b: VariantId;
  /** View → registered and view → paid, each variant's rate with its Wilson 95 % interval, and the
   * two-proportion z-test's p-value, or "not enough data yet". */
  registered: Comparison;
  paid: Comparison;
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
