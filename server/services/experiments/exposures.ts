// Exposures (decision 056): the server records each visitor a split assigned, once per experiment.
// Serving a page never waits for the database: exposures are queued and written in batches
// (insert-or-ignore on the unique (experiment, visitor) index, SQLite and PostgreSQL alike) every
// FLUSH_MS or every BATCH rows, and on the server's close, so a normal shutdown loses none.
import type { Db } from '../../db/database';
import { indiaDate } from '../../../src/domain/dates';

export interface Exposure {
  experiment: string;
  arm: string;
  visitor: string;
  atMs: number;
}

const FLUSH_MS = 500;
const BATCH = 500;

export class ExposureLog {
  private queue: Exposure[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues one exposure; returns at once. */
  record(exposure: Exposure): void {
    this.queue.push(exposure);
    if (this.queue.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what is queued (batches one after another); resolves when it is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.queue;
    this.queue = [];
    if (rows.length === 0) return this.writing;
    this.writing = this.writing.then(() => writeExposures(this.db, rows).catch(this.onError));
    return this.writing;
  }
}

/** Stores exposures; a visitor already exposed to the experiment is ignored. */
export async function writeExposures(db: Db, rows: readonly Exposure[]): Promise<void> {
  // 5 columns a row: 200 rows stay far below SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('experiment_exposures')
      .values(
        rows.slice(i, i + 200).map((r) => ({
          experiment: r.experiment,
          arm: r.arm,
          visitor: r.visitor,
          at_ms: r.atMs,
          day: indiaDate(new Date(r.atMs)),
        })),
      )
      .onConflict((oc) => oc.columns(['experiment', 'visitor']).doNothing())
      .execute();
}
