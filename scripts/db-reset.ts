// npm run db:reset — drops every table, migrates and seeds again (SQLite file or DATABASE_URL).
import { sql } from 'kysely';
import { configFromEnv } from '../server/config';
import { createDb, isPostgres, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import { seedIfEmpty } from '../server/seed/index';

const config = configFromEnv();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
try {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  for (const table of tables) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table.name)}${sql.raw(isPostgres(db) ? ' CASCADE' : '')}`.execute(
      db,
    );
  }
  const migrations = await migrateToLatest(db);
  await seedIfEmpty(db, { now: new Date() });
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
