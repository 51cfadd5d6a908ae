// What counts as an experiment's conversion (decisions 056, 059): a funnel step its exposed visitor
// reached on their arm's variant (the experiment's programme) at or after the exposure, with a
// minute's grace for the browser's clock. Read live from funnel_events, and kept in
// experiment_conversions when the funnel's roll-up turns old events into daily counts.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

/** Funnel events may carry a browser time a little before the server's exposure. */
const CLOCK_GRACE_MS = 60_000;

/**
 * The join of f (funnel_events) and e (experiment_exposures) that is a conversion, once f is on
 * the experiment's programme and e is of the experiment.
 */
const IS_CONVERSION: RawBuilder<unknown> = sql`e.visitor = f.visitor and e.arm = f.variant
  and f.at_ms >= e.at_ms - ${CLOCK_GRACE_MS}`;

/**
 * Copies the conversions among the events before `cutoff` (a day, YYYY-MM-DD) into
 * experiment_conversions; the caller then deletes those events in the same transaction.
 */
export async function keepConversionsBefore(trx: Db, cutoff: string): Promise<number> {
  // Experiments first (a handful), then each event's exposure by the unique (experiment, visitor)
  // index; CROSS JOIN keeps SQLite's planner to that order.
  const result = await sql`
    insert into experiment_conversions (experiment, arm, visitor, step, at_ms)
    select e.experiment, e.arm, f.visitor, f.step, f.at_ms
    from experiments x cross join funnel_events f cross join experiment_exposures e
    where f.day < ${cutoff} and f.programme = x.programme and e.experiment = x.id and ${IS_CONVERSION}
    on conflict (experiment, visitor, step) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Conversions per arm and step code: the events still in funnel_events, and those kept. */
export async function countConversions(
  db: Db,
  experiment: { id: string; programme: string; arms: { variantKey: string }[] },
  stepCodes: number[],
): Promise<{ arm: string; step: number; n: number }[]> {
  const arms = sql.join(experiment.arms.map((a) => a.variantKey));
  const steps = sql.join(stepCodes);
  // The arms' conversion events drive the join (far fewer than the exposures), each finding its
  // visitor's exposure by the unique (experiment, visitor) index; CROSS JOIN keeps SQLite's planner
  // to that order (PostgreSQL reads it as an inner join).
  const rows = await sql<{ arm: string; step: number | string; n: number | string }>`
    select arm, step, sum(n) as n from (
      select e.arm as arm, f.step as step, count(*) as n
      from funnel_events f cross join experiment_exposures e
      where f.programme = ${experiment.programme} and f.variant in (${arms}) and f.step in (${steps})
        and e.experiment = ${experiment.id} and ${IS_CONVERSION}
      group by e.arm, f.step
      union all
      select arm, step, count(*) as n from experiment_conversions
      where experiment = ${experiment.id} and step in (${steps})
      group by arm, step
    ) both_sources
    group by arm, step`.execute(db);
  return rows.rows.map((r) => ({ arm: r.arm, step: Number(r.step), n: Number(r.n) }));
}
