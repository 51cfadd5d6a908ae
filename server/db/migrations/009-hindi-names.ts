import { sql, type Kysely, type Migration } from 'kysely';
import names from './009-hindi-names.json' with { type: 'json' };

// The Hindi pages list states and centres in Hindi: a Hindi name beside each English one, in the
// same rows. A database seeded before this migration gets them here, matched by state short code
// and centre code, from the names as they were when it was released (009-hindi-names.json, frozen
// like the migration: the seed may change its names, a released migration never changes). A row
// with no Hindi name keeps null and the lists show its English name.
export const m009HindiNames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('states').addColumn('state_name_hi', 'text').execute();
    await db.schema.alterTable('centres').addColumn('label_hi', 'text').execute();
    for (const [code, nameHi] of Object.entries(names.states))
      await sql`update states set state_name_hi = ${nameHi} where short_code = ${code}`.execute(db);
    for (const [code, labelHi] of Object.entries(names.centres))
      await sql`update centres set label_hi = ${labelHi} where code = ${code}`.execute(db);
  },
};
