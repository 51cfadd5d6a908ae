import type { Kysely, Migration } from 'kysely';

// An exposed visitor's conversions, kept when the funnel's roll-up turns their events into daily
// counts (which name no visitor): see server/db/tables/experiments.ts.
export const m027ExperimentConversions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('experiment_conversions')
      .addColumn('experiment', 'text', (c) => c.notNull())
      .addColumn('arm', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('at_ms', 'bigint', (c) => c.notNull())
      .execute();
    // One row per visitor and step (a day rolled up again adds nothing), read by experiment.
    await db.schema
      .createIndex('experiment_conversions_once')
      .on('experiment_conversions')
      .columns(['experiment', 'visitor', 'step'])
      .unique()
      .execute();
  },
};
