import type { Kysely, Migration } from 'kysely';

// Tables for test launches, attempts, results and the dashboard state (see server/db/tables/exams.ts).
export const m004Exams: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('exam_papers')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('exam_type', 'text', (c) => c.notNull())
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subjects', 'text', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('exam_bookings')
      .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
      .addColumn('class_stream', 'text', (c) => c.notNull())
      .addColumn('exam_mode', 'text', (c) => c.notNull())
      .addColumn('exam_state_id', 'text')
      .addColumn('exam_centre', 'text')
      .addColumn('exam_date', 'text', (c) => c.notNull())
      .addColumn('exam_slot_id', 'text')
      .addColumn('exam_attempts_left', 'integer', (c) => c.notNull())
      .addColumn('is_offline_sf_exam_date', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('offline_fee_paid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('exam_edit_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('change', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('exam_student_state')
      .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
      .addColumn('student_city', 'text')
      .addColumn('school_board', 'text')
      .addColumn('school_id', 'text')
      .addColumn('school_name', 'text')
      .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('course_purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mock_purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('testplayer_down', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dashboard_msg', 'text')
      .addColumn('admit_card_id', 'text', (c) => c.notNull().unique())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('exam_series')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('series_no', 'integer', (c) => c.notNull())
      .addColumn('series_name', 'text', (c) => c.notNull())
      .addColumn('opens_at', 'text', (c) => c.notNull())
      .addColumn('closes_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('exam_series_student_no', ['student_id', 'series_no'])
      .execute();

    await db.schema
      .createTable('exam_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('paper_code', 'text', (c) => c.notNull())
      .addColumn('schedule_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source_type', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('answers', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('exam_attempts_sitting')
      .on('exam_attempts')
      .columns(['student_id', 'paper_code', 'schedule_id'])
      .execute();

    await db.schema
      .createTable('exam_results')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('attempt_id', 'text', (c) => c.unique())
      .addColumn('paper_code', 'text', (c) => c.notNull())
      .addColumn('schedule_id', 'text', (c) => c.notNull())
      .addColumn('subjects', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('max_score', 'integer', (c) => c.notNull())
      .addColumn('scholarship_percent', 'integer', (c) => c.notNull())
      .addColumn('message_html', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('release_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('exam_results_sitting', ['student_id', 'paper_code', 'schedule_id'])
      .execute();
    await db.schema
      .createIndex('exam_results_paper')
      .on('exam_results')
      .columns(['paper_code', 'score'])
      .execute();

    await db.schema
      .createTable('test_platform_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
