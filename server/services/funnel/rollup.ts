// The funnel's roll-up (issue 24 §2, decision 029): events older than the configured number of
// days become daily counts per variant, step and UTM source (with each day's median time from
// the previous step), in one transaction with their deletion, so the report's totals are the same
// before and after and the events table does not grow without bound.
import { sql, type Kysely } from 'kysely';
import { indiaDate } from '../../../src/domain/dates';
import { isPostgres } from '../../db/database';
import type { Database } from '../../db/schema';
import type { FunnelDailyTable } from '../../db/tables/funnel';

const DAY_MS = 24 * 60 * 60_000;
/** An arbitrary constant naming the roll-up's advisory lock on PostgreSQL. */
const ROLLUP_LOCK = 240_024;
/** Rows per insert (8 parameters each: far under either database's limit). */
const CHUNK = 500;

export interface RollupResult {
  /** Events rolled up (and deleted). */
  events: number;
  /** Daily rows written or added to. */
  dailyRows: number;
}

/** The first day that is kept as events: days before it are rolled up. */
export const rollupCutoff = (now: Date, afterDays: number): string =>
  indiaDate(new Date(now.getTime() - afterDays * DAY_MS));

export async function rollupFunnel(
  db: Kysely<Database>,
  { now, afterDays }: { now: Date; afterDays: number },
): Promise<RollupResult> {
  const cutoff = rollupCutoff(now, afterDays);
  return db.transaction().execute(async (trx) => {
    // Two servers rolling up at once would count the same events twice: one at a time. (SQLite
    // writes one transaction at a time already.)
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    const counts = await trx
      .selectFrom('funnel_events')
      .where('day', '<', cutoff)
      .select(['day', 'programme', 'variant', 'step', 'utm_source'])
      .select((eb) => eb.fn.countAll<number | string>().as('visitors'))
      .groupBy(['day', 'programme', 'variant', 'step', 'utm_source'])
      .execute();
    if (counts.length === 0) return { events: 0, dailyRows: 0 };
    const { rows: medians } = await sql<{
      day: string;
      programme: string;
      variant: string;
      step: number;
      utm_source: string;
      n: number | string;
      median_ms: number | string;
    }>`
      with gaps as (
        select day, programme, variant, step, utm_source,
          at_ms - lag(at_ms) over (partition by programme, variant, visitor order by step) as gap
        from funnel_events where day < ${cutoff}
      ), ranked as (
        select day, programme, variant, step, utm_source,
          case when gap < 0 then 0 else gap end as gap,
          row_number() over (partition by day, programme, variant, step, utm_source
            order by case when gap < 0 then 0 else gap end) as rn,
          count(*) over (partition by day, programme, variant, step, utm_source) as n
        from gaps where gap is not null
      )
      select day, programme, variant, step, utm_source, max(n) as n, avg(gap) as median_ms
      from ranked where rn in ((n + 1) / 2, (n + 2) / 2)
      group by day, programme, variant, step, utm_source`.execute(trx);
    const groupKey = (r: {
      day: string;
      programme: string;
      variant: string;
      step: number;
      utm_source: string;
    }) => `${r.day}\n${r.programme}\n${r.variant}\n${Number(r.step)}\n${r.utm_source}`;
    const medianOf = new Map(medians.map((m) => [groupKey(m), m]));
    let events = 0;
    const rows: FunnelDailyTable[] = counts.map((c) => {
      const median = medianOf.get(groupKey(c));
      events += Number(c.visitors);
      return {
        day: c.day,
        programme: c.programme,
        variant: c.variant,
        step: Number(c.step),
        utm_source: c.utm_source,
        visitors: Number(c.visitors),
        timed: median ? Number(median.n) : 0,
        median_ms: median ? Math.round(Number(median.median_ms)) : null,
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('funnel_daily')
        .values(rows.slice(i, i + CHUNK))
        // A day rolled up again (an event that arrived late for it) adds to its counts; its median
        // stays the larger group's.
        .onConflict((oc) =>
          oc.columns(['programme', 'variant', 'day', 'step', 'utm_source']).doUpdateSet((eb) => ({
            visitors: eb('funnel_daily.visitors', '+', eb.ref('excluded.visitors')),
            timed: eb('funnel_daily.timed', '+', eb.ref('excluded.timed')),
            median_ms: eb
              .case()
              .when('excluded.timed', '>', eb.ref('funnel_daily.timed'))
              .then(eb.ref('excluded.median_ms'))
              .else(eb.ref('funnel_daily.median_ms'))
              .end(),
          })),
        )
        .execute();
    await trx.deleteFrom('funnel_events').where('day', '<', cutoff).execute();
    return { events, dailyRows: rows.length };
  });
}
