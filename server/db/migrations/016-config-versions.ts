import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, type Db } from '../database';

// Config as content (decision 049): documents, their immutable versions, and the generation every
// server process watches. A version's text never changes: a trigger refuses it on either database.
export const m016ConfigVersions: Migration = {
  async up(db: Kysely<unknown>) {
    const run = (text: string) => sql.raw(text).execute(db);
    await db.schema
      .createTable('config_documents')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('published_number', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('config_versions')
      .addColumn('path', 'text', (c) => c.notNull().references('config_documents.path'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('parent_number', 'integer')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('touches_money', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('publish_at', 'text')
      .addColumn('unpublish_at', 'text')
      .addColumn('published_at', 'text')
      .addPrimaryKeyConstraint('config_versions_pk', ['path', 'number'])
      .execute();
    await db.schema.createIndex('config_versions_state').on('config_versions').column('state').execute();
    await db.schema
      .createTable('config_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .execute();
    await run(
      `INSERT INTO config_generation (id, generation, changed_at) VALUES (1, 0, '1970-01-01T00:00:00.000Z')`,
    );

    const refuse = 'A config version is immutable: make a new version instead.';
    if (isPostgres(db as unknown as Db)) {
      await run(`CREATE OR REPLACE FUNCTION config_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' OR NEW.content IS DISTINCT FROM OLD.content OR NEW.path IS DISTINCT FROM OLD.path
             OR NEW.number IS DISTINCT FROM OLD.number OR NEW.parent_number IS DISTINCT FROM OLD.parent_number
             OR NEW.author_id IS DISTINCT FROM OLD.author_id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
            RAISE EXCEPTION '${refuse}';
          END IF;
          RETURN NEW;
        END $$`);
      await run(`CREATE TRIGGER config_versions_immutable BEFORE UPDATE OR DELETE ON config_versions
        FOR EACH ROW EXECUTE FUNCTION config_version_immutable()`);
      return;
    }
    await run(`CREATE TRIGGER config_versions_immutable BEFORE UPDATE OF content, path, number, parent_number,
      author_id, created_at ON config_versions BEGIN SELECT RAISE(ABORT, '${refuse}'); END`);
    await run(`CREATE TRIGGER config_versions_kept BEFORE DELETE ON config_versions
      BEGIN SELECT RAISE(ABORT, '${refuse}'); END`);
  },
};
