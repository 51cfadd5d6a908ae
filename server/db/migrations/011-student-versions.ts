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

// A version of each student's data, and one of the reference data (the dashboard and
// profile answers are kept until it changes). Any write to the student's row, or to a row of theirs
// in STUDENT_DATA_TABLES, gives the student's a new random value; any write to REFERENCE_TABLES,
// the reference one. By trigger: no write path can forget it, on either database, from any server
// process. Random rather than counted, so that a student deleted and seeded again with the same id
// never finds an answer kept for the old row.
export const m011StudentVersions: Migration = {
  async up(db: Kysely<unknown>) {
    const run = (text: string) => sql.raw(text).execute(db);
    await db.schema
      .createTable('data_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'text', (c) => c.notNull())
      .execute();
    await run(`INSERT INTO data_versions (name, version) VALUES ('reference', 'initial')`);
    const newReference = (fresh: string) =>
      `UPDATE data_versions SET version = ${fresh} WHERE name = 'reference'`;

    if (isPostgres(db as unknown as Db)) {
      const fresh = 'md5(random()::text || clock_timestamp()::text)';
      await run(`ALTER TABLE students ADD COLUMN data_version text NOT NULL DEFAULT ${fresh}`);
      const fn = (name: string, body: string) =>
        run(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN ${body} END $$`);
      await fn(
        'students_new_data_version',
        `IF NEW.data_version IS NOT DISTINCT FROM OLD.data_version THEN
           NEW.data_version := ${fresh};
         END IF;
         RETURN NEW;`,
      );
      await run(`CREATE TRIGGER students_data_version BEFORE UPDATE ON students
        FOR EACH ROW EXECUTE FUNCTION students_new_data_version()`);
      await fn(
        'student_data_changed',
        `IF TG_OP <> 'INSERT' THEN
           UPDATE students SET data_version = ${fresh} WHERE id = OLD.student_id;
         END IF;
         IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.student_id IS DISTINCT FROM OLD.student_id) THEN
           UPDATE students SET data_version = ${fresh} WHERE id = NEW.student_id;
         END IF;
         RETURN NULL;`,
      );
      await fn('reference_data_changed', `${newReference(fresh)}; RETURN NULL;`);
      const watched = [
        [STUDENT_DATA_TABLES, 'ROW', 'student_data_changed'],
        [REFERENCE_TABLES, 'STATEMENT', 'reference_data_changed'],
      ] as const;
      for (const [tables, each, changed] of watched)
        for (const table of tables)
          await run(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
            FOR EACH ${each} EXECUTE FUNCTION ${changed}()`);
      return;
    }

    // SQLite adds a column only with a constant default: a row inserted without a version (none
    // of the app's: the type asks for one) gets one from the insert trigger. Its triggers are for
    // each row (a seed's insert of many reference rows sets the reference version many times), and
    // a trigger's own UPDATE does not fire the trigger again.
    const fresh = 'lower(hex(randomblob(8)))';
    await run(`ALTER TABLE students ADD COLUMN data_version text NOT NULL DEFAULT ''`);
    await run(`UPDATE students SET data_version = ${fresh}`);
    const trigger = (name: string, when: string, update: string) =>
      run(`CREATE TRIGGER ${name} ${when} BEGIN ${update}; END`);
    const newVersion = (where: string) => `UPDATE students SET data_version = ${fresh} WHERE ${where}`;
    await trigger(
      'students_data_version_insert',
      `AFTER INSERT ON students WHEN NEW.data_version = ''`,
      newVersion('id = NEW.id'),
    );
    await trigger(
      'students_data_version',
      'AFTER UPDATE ON students WHEN NEW.data_version IS OLD.data_version',
      newVersion('id = NEW.id'),
    );
    for (const table of STUDENT_DATA_TABLES) {
      await trigger(
        `${table}_data_version_insert`,
        `AFTER INSERT ON ${table}`,
        newVersion('id = NEW.student_id'),
      );
      await trigger(
        `${table}_data_version_update`,
        `AFTER UPDATE ON ${table}`,
        newVersion('id IN (OLD.student_id, NEW.student_id)'),
      );
      await trigger(
        `${table}_data_version_delete`,
        `AFTER DELETE ON ${table}`,
        newVersion('id = OLD.student_id'),
      );
    }
    for (const table of REFERENCE_TABLES)
      for (const op of ['insert', 'update', 'delete'])
        await trigger(
          `${table}_data_version_${op}`,
          `AFTER ${op.toUpperCase()} ON ${table}`,
          newReference(fresh),
        );
  },
};
