import { sql, type Kysely, type Migration } from 'kysely';

// One login, every host: a login on one host that sends the student to her programme's host logs
// in there too, and that second session joins the first one's login (login_id), so logging out
// on either host ends both. handoff_hash is the one-time code the first session hands to the
// second host (in the dashboard_url); revoked_reason says why a session ended, so a page can say so.
export const m008LoginSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('login_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('revoked_reason', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('handoff_hash', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('handoff_expires_at', 'text').execute();
    // Every earlier session was a login of its own.
    await sql`UPDATE sessions SET login_id = id WHERE login_id IS NULL`.execute(db);
    await db.schema.createIndex('sessions_login_id').on('sessions').column('login_id').execute();
    await db.schema.createIndex('sessions_handoff_hash').on('sessions').column('handoff_hash').execute();
  },
};
