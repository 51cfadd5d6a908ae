// Which errors answer 503 (the database cannot answer now) and which stay 500 (a fault of the code).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL starting up', withCode('the database system is starting up', '57P03')],
    ['PostgreSQL connection failure', withCode('connection failure', '08006')],
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      'refused on every address',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
    ['wrapped', new Error('query failed', { cause: withCode('x', '57P01') })],
    ['SQLite read-only', withCode('attempt to write a readonly database', 'SQLITE_READONLY')],
    ['SQLite read-only, moved', withCode('x', 'SQLITE_READONLY_DBMOVED')],
    ['SQLite full', withCode('database or disk is full', 'SQLITE_FULL')],
    ['SQLite cannot open', withCode('unable to open database file', 'SQLITE_CANTOPEN')],
    ['SQLite I/O', withCode('disk I/O error', 'SQLITE_IOERR_WRITE')],
    ['SQLite busy past its timeout', withCode('database is locked', 'SQLITE_BUSY')],
  ])('%s: unavailable', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['unique violation', withCode('duplicate key value', '23505')],
    ['syntax error', withCode('syntax error at or near', '42601')],
    ['SQLite constraint', withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['SQLite error', withCode('no such table', 'SQLITE_ERROR')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
  ])('%s: not unavailable', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
