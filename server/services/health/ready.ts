// Readiness (GET /health/ready): the database takes a small write within a short time (a database
// that reads but cannot write, full or read-only, turns every registration away: not ready). A
// load balancer or process manager asks often, so it is one statement and never waits long.
import type { AppContext } from '../../context';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable';

/** A not-ready answer asks for a retry after as long as any request during an outage does. */
export const NOT_READY_RETRY_AFTER_SECONDS = DATABASE_RETRY_AFTER_SECONDS;

/** How long the readiness check waits for the database (below the pool's 2 s connect timeout). */
export const READY_TIMEOUT_MS = 1_000;

const READY_PROBE_KEY = 'health:ready-probe';

/** Whether the database takes a write within the time (readiness). */
export async function databaseAnswers(
  { db }: Pick<AppContext, 'db'>,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // A query still pending when the time is up settles later: its failure is caught here. The write
  // is one row of its own in the throttles' table, written anew each time.
  const now = new Date().toISOString();
  const answered = db
    .insertInto('throttles')
    .values({ key: READY_PROBE_KEY, window_start: now, count: 0, locked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now }))
    .execute()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
