import type { Kysely, Migration } from 'kysely';

// The funnel (decision 029): see server/db/tables/funnel.ts. Portable types only; at_ms
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
      // The time from the visitor's previous step on the variant, as a log-scale bucket (-1: none),
      // set when the event arrives (server/services/funnel/gap-buckets.ts).
      .addColumn('gap_bucket', 'integer', (c) => c.notNull())
      // 1: made up by `npm run demo:traffic` (sandbox only), so a report can say it includes demo
      // traffic and the next fill replaces it; events the server records are always 0.
      .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A visitor reaches a step of a variant once (a repeat is ignored on insert), and an arriving
    // event finds the visitor's earlier steps here (its gap from the previous one). The visitor
    // first: the most selective column, so that look-up never strays to the counts index below
    // (PostgreSQL did, on a young table without statistics: 15 ms a batch instead of 0.1).
    await db.schema
      .createIndex('funnel_events_reach')
      .on('funnel_events')
      .columns(['visitor', 'programme', 'variant', 'step'])
      .unique()
      .execute();
    // The report: counts per variant, step, source and gap bucket over a date range, read from the
    // index alone and in its order (a streaming GROUP BY, no sort of a million rows); the sandbox
    // mark is grouped too, so it sits before the day.
    await db.schema
      .createIndex('funnel_events_counts')
      .on('funnel_events')
      .columns(['programme', 'variant', 'step', 'utm_source', 'gap_bucket', 'sandbox', 'day'])
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
      .addColumn('gap_bucket', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      // The events' sandbox mark, kept apart by the roll-up (a key column).
      .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('funnel_daily_key', [
        'programme',
        'variant',
        'day',
        'step',
        'utm_source',
        'gap_bucket',
        'sandbox',
      ])
      .execute();
  },
};
