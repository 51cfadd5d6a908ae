import type { Kysely, Migration } from 'kysely';

// Tables for master data and registration (see server/db/tables/master.ts). Portable types only.
export const m002Master: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('exam_boards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('states')
      .addColumn('tid', 'text', (c) => c.primaryKey())
      .addColumn('state_name', 'text', (c) => c.notNull().unique())
      .addColumn('short_code', 'text', (c) => c.notNull().unique())
      .execute();

    await db.schema
      .createTable('cities')
      .addColumn('tid', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('state_tid', 'text', (c) => c.notNull().references('states.tid'))
      .execute();

    await db.schema
      .createTable('schools')
      .addColumn('school_code', 'text', (c) => c.primaryKey())
      .addColumn('city_tid', 'text', (c) => c.notNull().references('cities.tid'))
      .addColumn('short_school_name', 'text', (c) => c.notNull())
      .addColumn('full_school_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('schools_city').on('schools').column('city_tid').execute();

    await db.schema
      .createTable('class_streams')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('class', 'text', (c) => c.notNull())
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addUniqueConstraint('class_streams_class_stream', ['class', 'stream'])
      .execute();

    await db.schema
      .createTable('centres')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('state_tid', 'text', (c) => c.notNull().references('states.tid'))
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('phones', 'text', (c) => c.notNull())
      .addColumn('latitude_e6', 'integer', (c) => c.notNull())
      .addColumn('longitude_e6', 'integer', (c) => c.notNull())
      .addColumn('exam_types', 'text', (c) => c.notNull())
      .addColumn('modes', 'text', (c) => c.notNull())
      .addColumn('streams', 'text', (c) => c.notNull())
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('default_online', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('centres_state').on('centres').column('state_tid').execute();

    await db.schema
      .createTable('centre_exam_dates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('exam_type', 'text', (c) => c.notNull())
      .addColumn('centre_id', 'text', (c) => c.notNull().references('centres.id'))
      .addColumn('exam_date', 'text', (c) => c.notNull())
      .addUniqueConstraint('centre_exam_dates_unique', ['exam_type', 'centre_id', 'exam_date'])
      .execute();

    await db.schema
      .createTable('coupons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('exam_type', 'text', (c) => c.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off', 'integer')
      .addColumn('classes', 'text')
      .addColumn('lead_term', 'text')
      .addColumn('valid_from', 'text', (c) => c.notNull())
      .addColumn('valid_until', 'text', (c) => c.notNull())
      .addUniqueConstraint('coupons_code_exam', ['code', 'exam_type'])
      .execute();

    await db.schema
      .createTable('pincodes')
      .addColumn('pincode', 'text', (c) => c.primaryKey())
      .addColumn('place_name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state_desc', 'text', (c) => c.notNull())
      .addColumn('latitude_e6', 'integer', (c) => c.notNull())
      .addColumn('longitude_e6', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('geo_ip_ranges')
      .addColumn('prefix', 'text', (c) => c.primaryKey())
      .addColumn('postal', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('latitude_e6', 'integer', (c) => c.notNull())
      .addColumn('longitude_e6', 'integer', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('registration_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('registrations')
      .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
      .addColumn('registration_page', 'text', (c) => c.notNull())
      .addColumn('whatsapp_opt_in', 'integer', (c) => c.notNull())
      .addColumn('gclid', 'text')
      .addColumn('payment_mode', 'text')
      .addColumn('coupon_code', 'text')
      .addColumn('exam_fee', 'integer', (c) => c.notNull())
      .addColumn('discount_amount', 'integer', (c) => c.notNull())
      .addColumn('amount_payable', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('registration_mobiles')
      .addColumn('mobile', 'text', (c) => c.primaryKey())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('caller_identity_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('token_issued_at', 'text')
      .execute();
  },
};
