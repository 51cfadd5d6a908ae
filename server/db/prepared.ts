// A query compiled once per database and run with new parameters: for the hottest paths (the
// session lookup on every authenticated call), where building and compiling the query each time
// costs more than running it.
import type { CompiledQuery } from 'kysely';
import type { Db } from './database';

export function prepared<Row>(
  build: (db: Db) => CompiledQuery<Row>,
): (db: Db, parameters: readonly unknown[]) => Promise<Row[]> {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, parameters) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db);
      compiled.set(db, query);
    }
    if (query.parameters.length !== parameters.length)
      throw new Error('prepared query: wrong number of parameters');
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
