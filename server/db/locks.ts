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
