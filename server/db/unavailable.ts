// Which database errors mean "the database cannot answer right now" (a restart, a failover, a full
// or read-only disk) rather than "this request is wrong" or "the code is wrong". Those are answered
// 503 with Retry-After (server/api/errors.ts) and the readiness check fails on them: nothing was
// saved, and the same request can succeed a few seconds later.

/** Seconds a client is asked to wait before retrying after a 503 of the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL SQLSTATEs of an unavailable server: its classes 08 (connection exception) and 57P
 * (operator intervention: admin shutdown, crash shutdown, cannot connect now, database dropped),
 * too many connections, and a read-only standby after a failover. */
const PG_UNAVAILABLE = /^(08...|57P0[1-4]|53300|25006)$/;

/** SQLite result codes (better-sqlite3 names them, extended codes included): a read-only or full
 * disk, a file that cannot be opened, an I/O error, a lock not released within busy_timeout. */
const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|FULL|CANTOPEN|IOERR|BUSY|LOCKED|PROTOCOL)(_|$)/;

/** Socket errors of a connection to the database server. */
const SOCKET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres' own texts for a lost or refused connection (they carry no code). */
const PG_CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_UNAVAILABLE.test(code);
    if (PG_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code)) return true;
  }
  if (PG_CONNECTION_TEXTS.some((text) => error.message.includes(text))) return true;
  // Node's connect() to several addresses fails with an AggregateError of each attempt's error.
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
