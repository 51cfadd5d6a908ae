import type { Kysely, Migration } from 'kysely';

// Experiments made in the Studio and their exposures: see server/db/tables/experiments.ts.
export const m026Experiments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('experiments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('hypothesis', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('arms', 'text', (c) => c.notNull())
      .addColumn('goal', 'text', (c) => c.notNull())
      .addColumn('secondary', 'text', (c) => c.notNull())
      .addColumn('min_effect', 'real', (c) => c.notNull())
      .addColumn('planned_per_arm', 'integer', (c) => c.notNull())
      .addColumn('baseline_rate', 'real', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
      .addColumn('started_at_ms', 'bigint')
      .addColumn('stopped_at_ms', 'bigint')
      .addColumn('winner', 'text')
      .execute();
    await db.schema
      .createTable('experiment_exposures')
      .addColumn('experiment', 'text', (c) => c.notNull())
      .addColumn('arm', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('at_ms', 'bigint', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .execute();
    // A visitor is exposed to an experiment once (insert-or-ignore), and the results read each
    // arm's exposures from this index in order (experiment first, then arm).
    await db.schema
      .createIndex('experiment_exposures_once')
      .on('experiment_exposures')
      .columns(['experiment', 'visitor'])
      .unique()
      .execute();
    await db.schema
      .createIndex('experiment_exposures_arm')
      .on('experiment_exposures')
      .columns(['experiment', 'arm', 'visitor', 'at_ms'])
      .execute();
  },
};
