import type { Kysely, Migration } from 'kysely';

// A registration card part-way, kept against the verified mobile number (decision 041): another tab
// or device of the same student resumes it after verifying. One per number and registration page.
export const m015RegistrationDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('registration_drafts')
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('registration_drafts_pk', ['mobile', 'page'])
      .execute();
    // Stale drafts are purged by age.
    await db.schema
      .createIndex('registration_drafts_updated')
      .on('registration_drafts')
      .column('updated_at')
      .execute();
  },
};
