// Once is once: a write that must happen once per student (an exam edit, an order: openOrder)
// runs in a transaction that first takes this lock, so a repeated or concurrent twin waits until
// the first commits and then sees what it wrote.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './database';
import type { Database } from './schema';

export async function lockStudent(trx: Kysely<Database>, studentId: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`.execute(trx);
  // SQLite locks the whole database for a write: this no-op write takes the lock now, not at the
  // transaction's first real write (other connections and processes wait on busy_timeout).
  else await sql`UPDATE students SET id = id WHERE id = ${studentId}`.execute(trx);
}

/**
 * Takes a registration token's row for the rest of the transaction: a draft save (drafts.ts) and
 * the signup's claim of the token (signup.ts) then run one after the other, never interleaved.
 */
export async function lockRegistrationToken(trx: Kysely<Database>, tokenId: string): Promise<void> {
  if (isPostgres(trx))
    await sql`SELECT id FROM registration_tokens WHERE id = ${tokenId} FOR UPDATE`.execute(trx);
  // As lockStudent: SQLite's write lock, taken now.
  else await sql`UPDATE registration_tokens SET id = id WHERE id = ${tokenId}`.execute(trx);
}

/**
 * Serialises the changes of staff roles and disabled flags (the last enabled admin must stay): on
 * PostgreSQL a transaction-scoped advisory lock; on SQLite the write lock, taken by a no-op write.
 */
export async function lockStaffRoles(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext('examflow staff roles'))`.execute(trx);
  else await sql`UPDATE staff SET id = id WHERE role = 'admin'`.execute(trx);
}
