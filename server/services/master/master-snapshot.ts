// The master rows the busiest calls look up by key (a class-stream, a board, a centre, a state,
// the exam types with per-centre dates), read once per database. The master tables are written
// only by the seed and the data migrations (server/seed, server/db/migrations), which run before a
// server serves, so a serving process never sees them change; the lists the option screens show
// are still read from the tables. Decision 031.
import type { AppContext } from '../../context';
import type { CentresTable, ClassStreamsTable, StatesTable } from '../../db/tables/master';

export interface MasterSnapshot {
  /** By "class&stream" (11&SOM). */
  classStreams: ReadonlyMap<string, ClassStreamsTable>;
  /** A board's name by its name in lower case. */
  boards: ReadonlyMap<string, string>;
  centresByCode: ReadonlyMap<string, CentresTable>;
  centresById: ReadonlyMap<string, CentresTable>;
  statesByTid: ReadonlyMap<string, StatesTable>;
  /** The exam types whose dates are set per centre (they have centre_exam_dates rows). */
  datesPerCentre: ReadonlySet<string>;
}

const snapshots = new WeakMap<AppContext['db'], Promise<MasterSnapshot>>();

async function read(db: AppContext['db']): Promise<MasterSnapshot> {
  const [classStreams, boards, centres, states, centreDates] = await Promise.all([
    db.selectFrom('class_streams').selectAll().execute(),
    db.selectFrom('exam_boards').select('name').execute(),
    db.selectFrom('centres').selectAll().execute(),
    db.selectFrom('states').selectAll().execute(),
    db.selectFrom('centre_exam_dates').select('exam_type').distinct().execute(),
  ]);
  return {
    classStreams: new Map(classStreams.map((c) => [`${c.class}&${c.stream}`, c])),
    boards: new Map(boards.map((b) => [b.name.toLowerCase(), b.name])),
    centresByCode: new Map(centres.map((c) => [c.code, c])),
    centresById: new Map(centres.map((c) => [c.id, c])),
    statesByTid: new Map(states.map((s) => [s.tid, s])),
    datesPerCentre: new Set(centreDates.map((d) => d.exam_type)),
  };
}

/** The snapshot of the context's database; a failed read (the database down) is tried again next time. */
export function masterSnapshot(ctx: Pick<AppContext, 'db'>): Promise<MasterSnapshot> {
  let snapshot = snapshots.get(ctx.db);
  if (!snapshot) {
    snapshot = read(ctx.db);
    snapshots.set(ctx.db, snapshot);
    snapshot.catch(() => snapshots.delete(ctx.db));
  }
  return snapshot;
}
