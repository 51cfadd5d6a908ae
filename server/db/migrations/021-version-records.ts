import type { Kysely, Migration } from 'kysely';

// Every order and funnel event records the config version the student's page was rendered from
// (issue 38 §1, decision 049), as registrations do since 020: an order the programme version its
// amount was computed from, a funnel event the landing page's version. Null: made before this
// migration, or from config read from files (no versions).
export const m021VersionRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('config_version', 'integer').execute();
    await db.schema.alterTable('funnel_events').addColumn('page_version', 'integer').execute();
  },
};
