import type { Kysely, Migration } from 'kysely';

// Which programme config version a registration was made against (decision 049): the page the
// student saw, its fee and dates, kept for a grace period after a newer publish.
export const m019ConfigPins: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('students').addColumn('config_version', 'integer').execute();
  },
};
