import { sql, type Kysely, type Migration } from 'kysely';

// The funnel is filtered by UTM medium and campaign too, not only by source: the daily counts keep
// both as key columns (the table is rebuilt: neither database changes a primary key in place, and
// rows rolled up before keep '' for both, as a visit without them), and the events' day index
// carries the three so the Funnel view's list of campaigns is read from the index alone.
export const m024FunnelCampaigns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('funnel_daily_next')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('utm_source', 'text', (c) => c.notNull())
      .addColumn('utm_medium', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('utm_campaign', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('gap_bucket', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('funnel_daily_campaign_key', [
        'programme',
        'variant',
        'day',
        'step',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'gap_bucket',
        'sandbox',
      ])
      .execute();
    await sql`insert into funnel_daily_next
      (day, programme, variant, step, utm_source, utm_medium, utm_campaign, gap_bucket, visitors, sandbox)
      select day, programme, variant, step, utm_source, '', '', gap_bucket, visitors, sandbox from funnel_daily`.execute(
      db,
    );
    await db.schema.dropTable('funnel_daily').execute();
    await db.schema.alterTable('funnel_daily_next').renameTo('funnel_daily').execute();
    await db.schema.dropIndex('funnel_events_day').execute();
    await db.schema
      .createIndex('funnel_events_day_campaign')
      .on('funnel_events')
      .columns(['day', 'utm_source', 'utm_medium', 'utm_campaign'])
      .execute();
  },
};
