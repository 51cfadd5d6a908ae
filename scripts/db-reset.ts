// npm run db:reset — drops every table, migrates and seeds again (SQLite file or DATABASE_URL).
import { sql } from 'kysely';
import { configFromEnv } from '../server/config';
import { createDb, isPostgres, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import { seedIfEmpty } from '../server/seed/index';
import { seedContentIfEmpty } from '../server/services/content/versions';
import { configDir } from '../src/engine/node/paths';
import { directoryReader } from '../src/engine/node/validate-config';

const config = configFromEnv();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
try {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  // Tables come in name order, not in the order their foreign keys allow: PostgreSQL drops the
  // dependants with CASCADE; SQLite has no CASCADE, so its key checks pause for the drop (the
  // pragma works only outside a transaction, and the SQLite dialect has one connection).
  const postgres = isPostgres(db);
  if (!postgres) await sql`PRAGMA foreign_keys = OFF`.execute(db);
  for (const table of tables) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table.name)}${sql.raw(postgres ? ' CASCADE' : '')}`.execute(
      db,
    );
  }
  if (!postgres) await sql`PRAGMA foreign_keys = ON`.execute(db);
  const migrations = await migrateToLatest(db);
  // Demo students only while the sandbox is on (NODE_ENV=production resets to reference data only).
  await seedIfEmpty(db, { now: new Date(), demo: config.sandbox });
  // The config's first published versions, from config/ (decision 049).
  await seedContentIfEmpty(db, directoryReader(configDir()), new Date());
  const students = await db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `Database reset: ${migrations.length} migrations, ${Number(students.n)} demo students (${config.databaseUrl ? 'PostgreSQL' : sqliteFileIn(config.dataDir)}).`,
  );
} finally {
  await db.destroy();
}
