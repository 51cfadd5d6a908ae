// Kysely over better-sqlite3 (embedded default) or PostgreSQL (DATABASE_URL): the same queries on both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  /**
   * Reads only (the Studio's funnel view): SQLite opens the file read-only and never creates it;
   * PostgreSQL sessions refuse writes (default_transaction_read_only).
   */
  readOnly?: boolean;
  /** PostgreSQL: how long a request waits for a free connection before it answers 503 (2 s). */
  connectionWaitMs?: number;
}

export function sqliteFileIn(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return path.join(dataDir, 'examflow.sqlite');
}

export function createDb({
  databaseUrl,
  sqliteFile,
  readOnly = false,
  connectionWaitMs = 2_000,
}: DbOptions): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // During an outage a request waits at most this long for a connection, then answers 503
      // (server/db/unavailable.ts) instead of hanging until the client gives up.
      connectionTimeoutMillis: connectionWaitMs,
      ...(readOnly ? { options: '-c default_transaction_read_only=on' } : {}),
    });
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // The pool listens only to its idle connections: one checked out (a transaction between its
    // queries) that loses its server emits 'error' with no listener, which ends the process. The
    // error reaches the request through its next query ("not queryable"), answered 503.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareOncePerConnection(client);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (readOnly) {
    const reader = new SQLite(sqliteFile ?? ':memory:', { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: reader }) });
  }
  return sqliteDb(openSqlite(sqliteFile ?? ':memory:'));
}

/** The SQLite file opened as the server opens it (its pragmas below). */
export function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  // WAL: readers never wait for the writer; NORMAL sync is safe with WAL (a crash loses at most
  // the last transactions, never consistency). Foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** Kysely over an open SQLite handle (tests that make faults on the handle use this too). */
export function sqliteDb(sqlite: SQLite.Database): Db {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed query.
 * Statements are reusable, so keep them by SQL text (queries are parameterised: the texts are few).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(source) {
      if (source === 'rollback') return rollbackIfOpen(sqlite, sqlite.prepare(source));
      let statement = statements.get(source);
      if (!statement) {
        const prepared = sqlite.prepare(source);
        // Learning a statement's row shape pays off only for a statement that is kept.
        statement = statements.size < 2000 ? withFastRows(prepared) : prepared;
        if (statements.size < 2000) statements.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/**
 * SQLite rolls a transaction back itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY in a
 * write): Kysely's own rollback then fails with "no transaction is active" and that error, not the
 * cause, reaches the request (a 500 for a full disk, which is a 503). Rolled back already is done.
 */
function rollbackIfOpen(sqlite: SQLite.Database, rollback: SQLite.Statement): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
    iterate: () => [][Symbol.iterator](),
  };
}

/**
 * Rows built in JavaScript from better-sqlite3's raw arrays. The driver's own row objects are made
 * property by property in C++ (a 37-column student row took 30 µs, its array 9 µs) and end up
 * slow to read and to copy; a literal of the statement's columns is made in one step with one
 * shape. Same rows: same names, the last of a repeated name wins.
 */
function withFastRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let names: string[] = [];
  let toRow: (values: unknown[]) => unknown = () => ({});
  const learnColumns = () => {
    names = statement.columns().map((column) => column.name);
    // A name that a literal would treat specially keeps the driver's own rows.
    if (names.includes('__proto__')) throw new Error('column named __proto__');
    const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
    toRow = new Function('values', `return { ${fields} };`) as typeof toRow;
  };
  try {
    learnColumns();
  } catch {
    return statement;
  }
  statement.raw(true);
  // The columns of `select *` change when a migration alters the table: learn them again.
  const rowOf = (values: unknown[]) => {
    if (values.length !== names.length) learnColumns();
    return toRow(values);
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(...parameters) as unknown[][]).map(rowOf),
    run: (parameters) => statement.run(...parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(...parameters) as IterableIterator<unknown[]>)
        yield rowOf(values);
    },
  };
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Each statement's name, the same for every connection; at most STATEMENT_NAMES of them. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES = 1_000;

/**
 * The client's queries with arguments become named prepared statements: PostgreSQL parses and
 * plans each once per connection instead of on every call (load:registration: about 30 % less
 * database CPU). Only reads and writes of rows are named (never a transaction's BEGIN or a
 * migration's DDL), and only the first STATEMENT_NAMES texts, so an unusual query cannot grow the
 * map without end.
 */
function prepareOncePerConnection(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: unknown, values?: unknown) => {
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      /^\s*(select|insert|update|delete|with)\b/i.test(text)
    ) {
      let name = statementNames.get(text);
      if (!name && statementNames.size < STATEMENT_NAMES) {
        name = `ef${statementNames.size}`;
        statementNames.set(text, name);
      }
      if (name) return query({ name, text, values });
    }
    return query(text, values);
  };
  Object.assign(client, { query: named });
}
