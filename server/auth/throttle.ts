// Fixed-window counters with a lock, in the database so they survive restarts and are shared by
// every server process.
import type { AppContext } from '../context';
import { addMs, iso } from '../timestamps';

export interface ThrottleRule {
  /** The hit that locks the key: the Nth within one window. Check lockedUntil before acting. */
  lockAfter: number;
  windowMs: number;
  /** How long the key stays locked once over the limit. */
  lockMs: number;
}

/** When the key is locked, the time it unlocks; otherwise null. */
export async function lockedUntil(ctx: AppContext, key: string): Promise<Date | null> {
  const row = await ctx.db
    .selectFrom('throttles')
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.locked_until) return null;
  const until = new Date(row.locked_until);
  return until > ctx.now() ? until : null;
}

/** Counts one hit; returns the lock end when this hit locked the key. */
export async function hit(ctx: AppContext, key: string, rule: ThrottleRule): Promise<Date | null> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
    const fresh = !row || new Date(row.window_start).getTime() + rule.windowMs <= now.getTime();
    const count = fresh ? 1 : row.count + 1;
    const locked = count >= rule.lockAfter ? addMs(now, rule.lockMs) : null;
    const values = {
      window_start: fresh ? iso(now) : row.window_start,
      count,
      locked_until: locked ? iso(locked) : (row?.locked_until ?? null),
    };
    if (row) await trx.updateTable('throttles').set(values).where('key', '=', key).execute();
    else
      await trx
        .insertInto('throttles')
        .values({ key, ...values })
        .execute();
    return locked;
  });
}

export async function clear(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.deleteFrom('throttles').where('key', '=', key).execute();
}

export const minutesUntil = (ctx: AppContext, date: Date): number =>
  Math.max(1, Math.ceil((date.getTime() - ctx.now().getTime()) / 60_000));
