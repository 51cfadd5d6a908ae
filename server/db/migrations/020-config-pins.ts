import type { Kysely, Migration } from 'kysely';

// Which programme config version a registration was made against (decision 049): the page the
// student saw, its fee and dates, kept for a grace period after a newer publish. Coupons become
// config documents (coupons/<code>.json): the seeded table goes, and their uses are counted here.
export const m020ConfigPins: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('students').addColumn('config_version', 'integer').execute();
    await db.schema.dropTable('coupons').execute();
    await db.schema
      .createTable('coupon_uses')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('used', 'integer', (c) => c.notNull())
      .execute();
  },
};
