// Readiness (GET /health/ready): the database answers a trivial query within a short time. A load
// balancer or process manager asks often, so it is one round trip and never waits long.
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable';

/** A not-ready answer asks for a retry after as long as any request during an outage does. */
export const NOT_READY_RETRY_AFTER_SECONDS = DATABASE_RETRY_AFTER_SECONDS;

/** How long the readiness check waits for the database (below the pool's 2 s connect timeout). */
export const READY_TIMEOUT_MS = 1_000;

export async function databaseAnswers(
  { db }: Pick<AppContext, 'db'>,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // A query still pending when the time is up settles later: its failure is caught here.
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
