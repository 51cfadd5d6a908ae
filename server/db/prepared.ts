// A query compiled once per database and run with new arguments: for the hot paths (the session
// lookup on every authenticated call, the dashboard's reads), where building and compiling the
// query each time costs more than running it. The builder marks each argument with p(i); every
// other parameter (a limit, a constant) keeps its compiled value.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const MARK = '\u0000arg:';
/** The i-th argument's place; typed as whatever the query expects there. */
const p = <T = string>(i: number): T => `${MARK}${i}` as T;

export function prepared<Row>(
  build: (db: Kysely<Database>, arg: <T = string>(i: number) => T) => CompiledQuery<Row>,
): (db: Kysely<Database>, ...args: unknown[]) => Promise<Row[]> {
  // By the dialect's adapter, which a database shares with its transactions (each transaction is
  // a new Kysely object): the SQL text depends only on the dialect.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter;
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, p);
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? args[Number(value.slice(MARK.length))] : value,
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/**
 * An INSERT of a row with these `columns`, each one an argument, compiled once per dialect; `build`
 * adds what follows the values (an ON CONFLICT, a RETURNING) and compiles. A column the row lacks is
 * sent as null; a key the row has that is not a column is refused (it would be dropped silently).
 */
export function preparedInsert<Row extends object, Out = unknown>(
  columns: readonly (keyof Row & string)[],
  build: (db: Kysely<Database>, values: Record<string, unknown>) => CompiledQuery<Out>,
): (db: Kysely<Database>, row: Row) => Promise<Out[]> {
  const run = prepared((db, arg) =>
    build(db, Object.fromEntries(columns.map((column, i) => [column, arg<unknown>(i)]))),
  );
  const known = new Set<string>(columns);
  return async (db, row) => {
    const unknown = Object.keys(row).find((key) => !known.has(key));
    if (unknown) throw new Error(`preparedInsert: "${unknown}" is not one of its columns`);
    return run(db, ...columns.map((column) => row[column] ?? null));
  };
}
