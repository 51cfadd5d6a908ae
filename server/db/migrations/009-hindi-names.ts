import { sql, type Kysely, type Migration } from 'kysely';
import { centres, states } from '../../seed/master';

// The Hindi pages list states and centres in Hindi (issue 21): a Hindi name beside each English one,
// in the same rows. The names live in the seed beside the English ones (one home); a database seeded
// before this migration gets them here, matched by state short code and centre code. A row with no
// Hindi name keeps null and the lists show its English name.
export const m009HindiNames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('states').addColumn('state_name_hi', 'text').execute();
    await db.schema.alterTable('centres').addColumn('label_hi', 'text').execute();
    for (const [, code, nameHi] of states)
      await sql`update states set state_name_hi = ${nameHi} where short_code = ${code}`.execute(db);
    for (const c of centres)
      await sql`update centres set label_hi = ${c.labelHi} where code = ${c.code}`.execute(db);
  },
};
