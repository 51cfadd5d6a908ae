import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// An upload belongs to the draft it was made for until a version that uses it is published
// (decision 049): the site serves only published images (published_at set on publish), so a
// discarded draft leaves nothing on the site. Images uploaded before this were served at once:
// they count as published. Width and height are read from the file when it is uploaded.
export const m025DraftImages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('config_images').addColumn('published_at', 'text').execute();
    await db.schema.alterTable('config_images').addColumn('width', 'integer').execute();
    await db.schema.alterTable('config_images').addColumn('height', 'integer').execute();
    await sql`update config_images set published_at = uploaded_at`.execute(db);
  },
};
