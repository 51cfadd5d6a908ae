// The funnel as the Studio reads it: from the database the portal is pointed at (the
// embedded SQLite file under DATA_DIR by default, DATABASE_URL for the team's PostgreSQL), opened
// read-only (server/db/database.ts) on first use and never migrated or created here: a Studio on
// a fresh clone, before the portal has run, says there is nothing to read yet.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { createDb, type Db } from '../../server/db/database';
import { compareVariants, funnelReport } from '../../server/services/funnel/report';
import type { StudioFunnel, Unavailable } from '../../src/studio/node/funnel-api';

const NOT_YET: Unavailable = {
  unavailable:
    'No visits are recorded yet: the portal has not run on this computer. Start it with npm start.',
};
const NO_TABLES: Unavailable = {
  unavailable: 'The portal’s database has no funnel yet: start the portal once (npm start) to update it.',
};

/** A missing table: SQLite's message, PostgreSQL's undefined_table. */
const isMissingTable = (error: unknown): boolean =>
  /no such table/i.test(String((error as Error).message)) || (error as { code?: string }).code === '42P01';

export function studioFunnel(
  config: ServerConfig = configFromEnv(),
): StudioFunnel & { close(): Promise<void> } {
  const sqliteFile = path.join(config.dataDir, 'examflow.sqlite');
  let db: Db | undefined;
  const open = (): Db | undefined => {
    if (db) return db;
    if (!config.databaseUrl && !existsSync(sqliteFile)) return undefined;
    db = createDb({ databaseUrl: config.databaseUrl, sqliteFile, readOnly: true });
    return db;
  };
  const read = async <T>(run: (db: Db) => Promise<T>): Promise<T | Unavailable> => {
    const reader = open();
    if (!reader) return NOT_YET;
    try {
      return await run(reader);
    } catch (error) {
      if (isMissingTable(error)) return NO_TABLES;
      throw error;
    }
  };
  const source = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).pathname.slice(1) || 'database'} on ${new URL(config.databaseUrl).hostname})`
    : 'the portal’s database on this computer';
  return {
    source,
    report: (filter) => read((reader) => funnelReport(reader, filter)),
    compare: (filter, a, b) =>
      read((reader) => compareVariants(reader, filter, a, b, config.funnel.minSample)),
    close: async () => {
      await db?.destroy();
      db = undefined;
    },
  };
}
