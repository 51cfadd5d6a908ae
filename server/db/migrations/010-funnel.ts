import type { Kysely, Migration } from 'kysely';

// The funnel (issue 24, decision 029): see server/db/tables/funnel.ts. Portable types only; at_ms
// is a bigint (milliseconds overflow PostgreSQL's integer).
export const m010Funnel: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('funnel_events')
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('at_ms', 'bigint', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('utm_source', 'text', (c) => c.notNull())
      .addColumn('utm_medium', 'text', (c) => c.notNull())
      .addColumn('utm_campaign', 'text', (c) => c.notNull())
      .addColumn('has_gclid', 'integer', (c) => c.notNull())
      .execute();
    // A visitor reaches a step of a variant once (a repeat is ignored on insert), and the report
    // reads each visitor's steps in order from here to time them (the previous step of a visitor).
    await db.schema
      .createIndex('funnel_events_reach')
      .on('funnel_events')
      .columns(['programme', 'variant', 'visitor', 'step'])
      .unique()
      .execute();
    // The counts over a date range, by step and source, from the index alone.
    await db.schema
      .createIndex('funnel_events_counts')
      .on('funnel_events')
      .columns(['programme', 'variant', 'day', 'step', 'utm_source'])
      .execute();
    // The roll-up takes whole days, oldest first.
    await db.schema.createIndex('funnel_events_day').on('funnel_events').column('day').execute();

    await db.schema
      .createTable('funnel_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('utm_source', 'text', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addColumn('timed', 'integer', (c) => c.notNull())
      .addColumn('median_ms', 'bigint')
      .addPrimaryKeyConstraint('funnel_daily_key', ['programme', 'variant', 'day', 'step', 'utm_source'])
      .execute();
  },
};
