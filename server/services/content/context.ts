// What the Studio's content services need of the app: its database. Routes pass the app's context
// (they never hold the database themselves: routes → services → db).
import type { Db } from '../../db/database';

export interface ContentCtx {
  db: Db;
}
