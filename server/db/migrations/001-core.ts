import type { Kysely, Migration } from 'kysely';

// Tables are created with portable types (text, integer) so the same migration runs on SQLite and
// PostgreSQL. The parameter is Kysely<unknown>: a migration must not depend on today's types.
export const m001Core: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('students')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('roll_number', 'text', (c) => c.notNull().unique())
      .addColumn('psid', 'text', (c) => c.notNull().unique())
      .addColumn('sf_id', 'text', (c) => c.notNull().unique())
      .addColumn('registration_status', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text')
      .addColumn('father_name', 'text')
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('dob', 'text', (c) => c.notNull())
      .addColumn('exam_type', 'text', (c) => c.notNull())
      .addColumn('class_stream', 'text', (c) => c.notNull())
      .addColumn('board', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('pincode', 'text')
      .addColumn('state', 'text')
      .addColumn('school_id', 'text')
      .addColumn('branch_code', 'text', (c) => c.notNull())
      .addColumn('exam_state_id', 'text')
      .addColumn('exam_centre', 'text')
      .addColumn('exam_date', 'text')
      .addColumn('exam_slot_id', 'text')
      .addColumn('exam_mode', 'text', (c) => c.notNull())
      .addColumn('is_payment_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('register_from_third_party', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_exam_edit_allowed', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('exam_attempts_left', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('is_edit_allowed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remove_edit_exam_edit_profile', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('utm', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('students_mobile').on('students').column('mobile').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();

    await db.schema
      .createTable('throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .execute();

    await db.schema
      .createTable('otps')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('login_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'text')
      .execute();
    await db.schema
      .createIndex('otps_mobile')
      .on('otps')
      .columns(['mobile', 'purpose', 'created_at'])
      .execute();

    await db.schema
      .createTable('sms_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('otp', 'text')
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sms_messages_sent')
      .on('sms_messages')
      .columns(['mobile', 'sent_at'])
      .execute();

    await db.schema
      .createTable('analytics_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('exam_type', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
