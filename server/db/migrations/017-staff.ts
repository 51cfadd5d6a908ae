import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, type Db } from '../database';

// examflow Studio's staff (decision 048): accounts with a role, a password (scrypt) and a TOTP
// second factor, their recovery codes, the tickets between the password and the code, their
// sessions (apart from the students'), the browsers they signed in on, and the audit log, which
// the database itself keeps append-only: a trigger refuses every UPDATE and DELETE of its rows (and
// on PostgreSQL a TRUNCATE), whatever code or console asks.
export const m017Staff: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = isPostgres(db as unknown as Db);
    const run = (text: string) => sql.raw(text).execute(db);
    await db.schema
      .createTable('staff')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'publisher', 'admin')`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('password_changed_at', 'text', (c) => c.notNull())
      .addColumn('totp_secret', 'text')
      .addColumn('totp_confirmed_at', 'text')
      .addColumn('totp_last_step', 'integer')
      .addColumn('disabled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('staff_recovery_codes')
      .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('staff_tickets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('enrol_secret', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('ip', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_tickets_expires').on('staff_tickets').column('expires_at').execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
    await db.schema
      .createTable('staff_devices')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_devices_staff').on('staff_devices').column('staff_id').execute();

    await db.schema
      .createTable('staff_audit')
      .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('versions', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    // The list filters by action, newest first.
    await db.schema.createIndex('staff_audit_action').on('staff_audit').columns(['action', 'id']).execute();

    const refusal = 'staff_audit is append-only';
    if (postgres) {
      await run(`CREATE OR REPLACE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '${refusal}'; END $$`);
      await run(`CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit
        FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only()`);
      await run(`CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
        FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only()`);
      return;
    }
    for (const op of ['UPDATE', 'DELETE'])
      await run(`CREATE TRIGGER staff_audit_no_${op.toLowerCase()} BEFORE ${op} ON staff_audit
        BEGIN SELECT RAISE(ABORT, '${refusal}'); END`);
  },
};
