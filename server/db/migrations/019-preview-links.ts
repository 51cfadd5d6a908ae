import type { Kysely, Migration } from 'kysely';

// Preview links (decision 049): a version's page opened without a session, by an unguessable token
// of which only the SHA-256 is kept, until it expires.
export const m019PreviewLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('config_preview_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
