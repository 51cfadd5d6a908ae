import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

// Keys every server process shares, made once with the database (decision 038): 'order-return'
// signs the token a gateway's return link carries, so the page it returns to may read its order
// (GET /api/orders/:id) without a login, on any process, after any restart.
export const m013ServerSecrets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await (db as Kysely<{ server_secrets: { name: string; value: string } }>)
      .insertInto('server_secrets')
      .values({ name: 'order-return', value: randomBytes(32).toString('hex') })
      .execute();
  },
};
