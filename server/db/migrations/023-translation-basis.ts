import type { Kysely, Migration } from 'kysely';

// Translations in step (decision 054): for each version of a Hindi page, the hash of the English text
// each of its texts was translated from. Kept beside the version, not in its text: the version's
// text never changes, while a confirmation ("still right") may come later.
export const m023TranslationBasis: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('config_translation_basis')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('basis', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('config_translation_basis_pk', ['path', 'number'])
      .execute();
  },
};
