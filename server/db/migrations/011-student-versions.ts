import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, type Db } from '../database';

/**
 * The tables a student's dashboard and profile answers are read from, beside the students row
 * itself (server/services/dashboard/answer-cache.ts), by student.
 */
export const STUDENT_DATA_TABLES = [
  'exam_bookings',
  'exam_student_state',
  'exam_series',
  'exam_attempts',
  'exam_results',
  'commerce_purchases',
] as const;

/** The reference data they read from the database on each answer, shared by every student. (The
 * centres and the exam papers are read once per process and kept: decision 031, sittings.ts.) */
export const REFERENCE_TABLES = [
  'commerce_branches',
  'states',
  'cities',
  'schools',
  'class_streams',
] as const;

// A version of each student's data, and one of the reference data (issue 26: the dashboard and profile answers kept until it
// changes). Any write to the student's row or to a row of theirs in STUDENT_DATA_TABLES gives the
// student's a new random value; any write to REFERENCE_TABLES, the reference one. By trigger: no
// write path can forget it, on either database, from any server process. Random rather than counted, so that a student deleted and seeded again with the same id
// never finds an answer kept for the old row.
export const m011StudentVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('data_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'text', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO data_versions (name, version) VALUES ('reference', 'initial')`.execute(db);
    if (isPostgres(db as unknown as Db)) {
      const fresh = sql.raw(`md5(random()::text || clock_timestamp()::text)`);
      await sql`ALTER TABLE students ADD COLUMN data_version text NOT NULL DEFAULT ${fresh}`.execute(db);
      await sql`
        CREATE OR REPLACE FUNCTION students_new_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.data_version IS NOT DISTINCT FROM OLD.data_version THEN
            NEW.data_version := ${fresh};
          END IF;
          RETURN NEW;
        END $$`.execute(db);
      await sql`
        CREATE TRIGGER students_data_version BEFORE UPDATE ON students
        FOR EACH ROW EXECUTE FUNCTION students_new_data_version()`.execute(db);
      await sql`
        CREATE OR REPLACE FUNCTION student_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN
            UPDATE students SET data_version = ${fresh} WHERE id = OLD.student_id;
          END IF;
          IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.student_id IS DISTINCT FROM OLD.student_id) THEN
            UPDATE students SET data_version = ${fresh} WHERE id = NEW.student_id;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      for (const table of STUDENT_DATA_TABLES)
        await sql`
          CREATE TRIGGER ${sql.raw(`${table}_data_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
          FOR EACH ROW EXECUTE FUNCTION student_data_changed()`.execute(db);
      await sql`
        CREATE OR REPLACE FUNCTION reference_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE data_versions SET version = ${fresh} WHERE name = 'reference';
          RETURN NULL;
        END $$`.execute(db);
      for (const table of REFERENCE_TABLES)
        await sql`
          CREATE TRIGGER ${sql.raw(`${table}_data_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION reference_data_changed()`.execute(db);
      return;
    }
    // SQLite adds a column only with a constant default: a row inserted without a version (none
    // of the app's: the type asks for one) gets one from the insert trigger.
    const fresh = 'lower(hex(randomblob(8)))';
    await sql`ALTER TABLE students ADD COLUMN data_version text NOT NULL DEFAULT ''`.execute(db);
    await sql`UPDATE students SET data_version = ${sql.raw(fresh)}`.execute(db);
    const trigger = (name: string, when: string, body: string) =>
      sql.raw(
        `CREATE TRIGGER ${name} ${when} BEGIN UPDATE students SET data_version = ${fresh} ${body}; END`,
      );
    await sql`${trigger('students_data_version_insert', "AFTER INSERT ON students WHEN NEW.data_version = ''", 'WHERE id = NEW.id')}`.execute(
      db,
    );
    // (SQLite runs a trigger's own UPDATE without firing the trigger again.)
    await sql`${trigger('students_data_version', 'AFTER UPDATE ON students WHEN NEW.data_version IS OLD.data_version', 'WHERE id = NEW.id')}`.execute(
      db,
    );
    for (const table of STUDENT_DATA_TABLES) {
      await sql`${trigger(`${table}_data_version_insert`, `AFTER INSERT ON ${table}`, 'WHERE id = NEW.student_id')}`.execute(
        db,
      );
      await sql`${trigger(`${table}_data_version_update`, `AFTER UPDATE ON ${table}`, 'WHERE id IN (OLD.student_id, NEW.student_id)')}`.execute(
        db,
      );
      await sql`${trigger(`${table}_data_version_delete`, `AFTER DELETE ON ${table}`, 'WHERE id = OLD.student_id')}`.execute(
        db,
      );
    }
    // (SQLite's triggers are for each row: a seed's insert of many rows sets it many times.)
    for (const table of REFERENCE_TABLES)
      for (const op of ['INSERT', 'UPDATE', 'DELETE'])
        await sql`${sql.raw(`CREATE TRIGGER ${table}_data_version_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN UPDATE data_versions SET version = ${fresh} WHERE name = 'reference'; END`)}`.execute(
          db,
        );
  },
};
