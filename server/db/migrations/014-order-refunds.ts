import type { Kysely, Migration } from 'kysely';

// A payment the student must get back (the gateway confirmed an order late, after another order
// had bought the same thing) is a recorded state, not a log line (decision 038): refund_status
// 'due' until the gateway refunds it ('refunded', with its refund transaction), so the support
// desk can list what is owed (npm run orders:refunds).
export const m014OrderRefunds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('refund_status', 'text').execute();
    await db.schema.alterTable('orders').addColumn('refund_reason', 'text').execute();
    await db.schema.alterTable('orders').addColumn('refund_txn', 'text').execute();
    await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
    await db.schema.createIndex('orders_refund_status').on('orders').column('refund_status').execute();
  },
};
