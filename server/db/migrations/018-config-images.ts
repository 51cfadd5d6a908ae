import type { Kysely, Migration } from 'kysely';
import { isPostgres, type Db } from '../database';

// Images in the database (decision 049): what the Studio uploads is stored here, not on disk, so
// every server process serves it and a discarded draft leaves no file behind. A name uploaded
// again (overwrite) is a new row; the site serves the newest.
export const m018ConfigImages: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = isPostgres(db as unknown as Db);
    await db.schema
      .createTable('config_images')
      .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('config_images_name').on('config_images').columns(['name', 'id']).execute();
  },
};
