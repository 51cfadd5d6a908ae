import type { Kysely, Migration } from 'kysely';

export const m005Payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('return_path', 'text', (c) => c.notNull())
      .addColumn('success_query', 'text', (c) => c.notNull())
      .addColumn('failure_query', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('gateway_txn', 'text')
      .execute();
    await db.schema
      .createIndex('orders_student')
      .on('orders')
      .columns(['student_id', 'kind', 'status'])
      .execute();
  },
};
