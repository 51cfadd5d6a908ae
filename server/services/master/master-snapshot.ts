// The master rows the busiest calls look up by key (a class-stream, a board, a centre, a state,
// the exam types with per-centre dates) and the short lists the registration card shows (boards,
// states, class-streams, in the tables' order), read once per database. The master tables are
// written only by the seed and the data migrations (server/seed, server/db/migrations), which run
// before a server serves, so a serving process never sees them change. Decision 031.
import type { AppContext } from '../../context';
import type { CentresTable, ClassStreamsTable, ExamBoardsTable, StatesTable } from '../../db/tables/master';

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
  /** The lists, in the order they are shown: boards the default first, states by name. */
  boardList: readonly ExamBoardsTable[];
  stateList: readonly StatesTable[];
  classStreamList: readonly ClassStreamsTable[];
}

const snapshots = new WeakMap<AppContext['db'], Promise<MasterSnapshot>>();

async function read(db: AppContext['db']): Promise<MasterSnapshot> {
  const [classStreams, boards, centres, states, centreDates] = await Promise.all([
    db.selectFrom('class_streams').selectAll().orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('exam_boards')
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('centres').selectAll().execute(),
    db.selectFrom('states').selectAll().orderBy('state_name').execute(),
    db.selectFrom('centre_exam_dates').select('exam_type').distinct().execute(),
  ]);
  return {
    classStreams: new Map(classStreams.map((c) => [`${c.class}&${c.stream}`, c])),
    boards: new Map(boards.map((b) => [b.name.toLowerCase(), b.name])),
    centresByCode: new Map(centres.map((c) => [c.code, c])),
    centresById: new Map(centres.map((c) => [c.id, c])),
    statesByTid: new Map(states.map((s) => [s.tid, s])),
    datesPerCentre: new Set(centreDates.map((d) => d.exam_type)),
    boardList: boards,
    stateList: states,
    classStreamList: classStreams,
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
