import type { Kysely, Migration } from 'kysely';

// A browser a student has logged in from holds a device cookie (decision 038). Tries of a roll
// number and date of birth from it count against that device, not against the roll number's
// shared budget, so failures an attacker causes elsewhere never keep the owner out on her phone.
// Only the token's sha256 is stored.
export const m012TrustedDevices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('trusted_devices')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('trusted_devices_student')
      .on('trusted_devices')
      .column('student_id')
      .execute();
  },
};
