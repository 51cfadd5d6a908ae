// The funnel's roll-up (decision 029): events older than the configured number of
// days become daily counts per variant, step, UTM source, medium and campaign, gap bucket (the time from the previous
// step) and sandbox mark (demo traffic stays apart from real), in one transaction with their
// deletion, so the report's totals and medians are the same before and after and the events table
// does not grow without bound.
import { sql, type Kysely } from 'kysely';
import { indiaDate } from '../../../src/domain/dates';
import { isPostgres } from '../../db/database';
import type { Database } from '../../db/schema';
import type { FunnelDailyTable } from '../../db/tables/funnel';
import { forgetStaleOrderFunnelOrigins } from './events';
import { keepConversionsBefore } from '../experiments/conversions';

const DAY_MS = 24 * 60 * 60_000;
/** An arbitrary constant naming the roll-up's advisory lock on PostgreSQL. */
const ROLLUP_LOCK = 240_024;
/** Rows per insert (10 parameters each: far under either database's limit). */
const CHUNK = 500;

/** What a daily row is counted by (each funnel_daily row: one of these combinations; its unique key). */
const DAILY_KEY = [
  'day',
  'programme',
  'variant',
  'step',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'gap_bucket',
  'sandbox',
] as const;

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
  // An order never paid keeps its signup's visitor id no longer than the funnel keeps its events.
  await forgetStaleOrderFunnelOrigins(db, cutoff);
  return db.transaction().execute(async (trx) => {
    // Two servers rolling up at once would count the same events twice: one at a time. (SQLite
    // writes one transaction at a time already.)
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    const counts = await trx
      .selectFrom('funnel_events')
      .where('day', '<', cutoff)
      .select(DAILY_KEY)
      .select((eb) => eb.fn.countAll<number | string>().as('visitors'))
      .groupBy(DAILY_KEY)
      .execute();
    if (counts.length === 0) return { events: 0, dailyRows: 0 };
    let events = 0;
    const rows: FunnelDailyTable[] = counts.map((c) => {
      events += Number(c.visitors);
      return {
        ...c,
        step: Number(c.step),
        gap_bucket: Number(c.gap_bucket),
        sandbox: Number(c.sandbox),
        visitors: Number(c.visitors),
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('funnel_daily')
        .values(rows.slice(i, i + CHUNK))
        // A day rolled up again (an event that arrived late for it) adds to its counts.
        .onConflict((oc) =>
          oc.columns([...DAILY_KEY]).doUpdateSet((eb) => ({
            visitors: eb('funnel_daily.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
    // Daily counts name no visitor: an experiment's conversions among these events are kept first.
    await keepConversionsBefore(trx, cutoff);
    await trx.deleteFrom('funnel_events').where('day', '<', cutoff).execute();
    return { events, dailyRows: rows.length };
  });
}
