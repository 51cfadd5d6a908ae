import type { Kysely, Migration } from 'kysely';

// Commerce tables (see server/db/tables/commerce.ts). Portable types only: text and integer.
export const m003Commerce: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('commerce_branches')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('fee_basis', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('commerce_centres')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('branch_code', 'text', (c) =>
        c.notNull().references('commerce_branches.code').onDelete('cascade'),
      )
      .addColumn('center_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('contact_numbers', 'text', (c) => c.notNull())
      .addColumn('location_url', 'text', (c) => c.notNull())
      .addColumn('latitude', 'text', (c) => c.notNull())
      .addColumn('longitude', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('commerce_centres_branch')
      .on('commerce_centres')
      .columns(['branch_code', 'position'])
      .execute();

    await db.schema
      .createTable('commerce_payment_options')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('branch_code', 'text', (c) =>
        c.notNull().references('commerce_branches.code').onDelete('cascade'),
      )
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addUniqueConstraint('commerce_payment_options_branch_value', ['branch_code', 'value'])
      .execute();

    await db.schema
      .createTable('commerce_courses')
      .addColumn('product_id', 'text', (c) => c.primaryKey())
      .addColumn('class', 'text', (c) => c.notNull())
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('career_type', 'text', (c) => c.notNull())
      .addColumn('product_title', 'text', (c) => c.notNull())
      .addColumn('product_course_term', 'text', (c) => c.notNull())
      .addColumn('course_category', 'text', (c) => c.notNull())
      .addColumn('course_highlights', 'text', (c) => c.notNull())
      .addColumn('course_description', 'text', (c) => c.notNull())
      .addColumn('course_features', 'text', (c) => c.notNull())
      .addColumn('price_list', 'text', (c) => c.notNull())
      .addColumn('has_content', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('commerce_courses_class_stream')
      .on('commerce_courses')
      .columns(['class', 'stream', 'channel'])
      .execute();

    await db.schema
      .createTable('commerce_fee_waivers')
      .addColumn('roll_number', 'text', (c) => c.primaryKey())
      .addColumn('admfee', 'text', (c) => c.notNull())
      .addColumn('tuitionfee', 'text', (c) => c.notNull())
      .addColumn('technology_examination_fee', 'text', (c) => c.notNull())
      .addColumn('classroom_service', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('commerce_purchases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      // The orders table comes later (005-payments), so no foreign key; one purchase per order.
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('commerce_purchases_student')
      .on('commerce_purchases')
      .columns(['student_id', 'kind', 'product_id'])
      .execute();
  },
};
