// Kysely over better-sqlite3 (embedded default) or PostgreSQL (DATABASE_URL): the same queries on both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
}

export function sqliteFileIn(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return path.join(dataDir, 'examflow.sqlite');
}

export function createDb({ databaseUrl, sqliteFile }: DbOptions): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(sqliteFile ?? ':memory:');
  // WAL: readers never wait for the writer; NORMAL sync is safe with WAL (a crash loses at most
  // the last transactions, never consistency). Foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed query.
 * Statements are reusable, so keep them by SQL text (queries are parameterised: the texts are few).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return Object.assign(Object.create(sqlite) as SQLite.Database, {
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = prepare(source);
        if (statements.size < 2000) statements.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  });
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}
