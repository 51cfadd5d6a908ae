import type { Kysely, Migration } from 'kysely';

// One verified mobile, one signup: a registration token is bound to the student its signup wrote.
// The signup claims the token with a conditional UPDATE (student_id IS NULL) in the transaction
// that writes the student, so concurrent submits with one token cannot both create a student.
export const m006SignupOnce: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('registration_tokens').addColumn('student_id', 'text').execute();
    await db.schema.alterTable('registration_tokens').addColumn('used_at', 'text').execute();
  },
};
