// Counters with a lock per key (a window of free hits, then a lock that may grow with each hit
// past the limit), in the database so they survive restarts and are shared by every server process.
import { sql } from 'kysely';
import { tooManyRequests, type ApiError } from '../api/errors';
import { message, type MessageId } from '../api/messages';
import type { AppContext } from '../context';
import { addMs, iso } from '../timestamps';

export interface ThrottleRule {
  /** The hit that locks the key: the Nth within one window. Check lockedUntil before acting. */
  lockAfter: number;
  windowMs: number;
  /** How long the key stays locked once it reaches the limit. */
  lockMs: number;
  /**
   * Growing locks: each hit past the limit (allowed once the last lock is over) locks the key for
   * twice as long as the one before, up to this (decision 038). Unset: every lock is lockMs.
   */
  maxLockMs?: number;
}

/** How long the key locks at its `count`th hit of a window (null: below the limit, no lock). */
export function lockMsAt(rule: ThrottleRule, count: number): number | null {
  if (count < rule.lockAfter) return null;
  const cap = rule.maxLockMs ?? rule.lockMs;
  const doublings = Math.min(count - rule.lockAfter, 40);
  return Math.min(cap, rule.lockMs * 2 ** doublings);
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

/** Of these keys, those locked now, with the time each unlocks (one query for them all). */
export async function lockedKeys(ctx: AppContext, keys: readonly string[]): Promise<Map<string, Date>> {
  const rows = await ctx.db
    .selectFrom('throttles')
    .select(['key', 'locked_until'])
    .where('key', 'in', keys)
    .where('locked_until', 'is not', null)
    .execute();
  const now = ctx.now();
  const locked = new Map<string, Date>();
  for (const row of rows) {
    const until = new Date(String(row.locked_until));
    if (until > now) locked.set(row.key, until);
  }
  return locked;
}

/** Counts one hit (unless the key is locked); returns the lock end when this hit locked the key. */
export async function hit(ctx: AppContext, key: string, rule: ThrottleRule): Promise<Date | null> {
  const taken = await takeHit(ctx, key, rule);
  return taken?.lockedUntil ? new Date(taken.lockedUntil) : null;
}

/**
 * Takes one hit if the key is not locked now, and says whether it did. A hit at or past the limit
 * passes and locks the key (for longer each time under growing locks). Atomic: requests that
 * arrive together each see what the others left (a row lock on PostgreSQL, one writer on SQLite),
 * so no more pass than the rule allows, on any number of processes.
 */
export async function take(ctx: AppContext, key: string, rule: ThrottleRule): Promise<boolean> {
  return (await takeHit(ctx, key, rule)) !== null;
}

/** The lock end as stored for the `count`th hit (a CASE over the counts a window can reach). */
function lockSql(rule: ThrottleRule, now: Date, count: ReturnType<typeof sql<number>>) {
  const cap = rule.maxLockMs ?? rule.lockMs;
  const steps: ReturnType<typeof sql>[] = [];
  for (let c = rule.lockAfter; ; c++) {
    const ms = lockMsAt(rule, c) ?? 0;
    if (ms >= cap) break;
    steps.push(sql`when ${count} = ${c} then ${iso(addMs(now, ms))}`);
  }
  return sql<
    string | null
  >`case when ${count} < ${rule.lockAfter} then null ${sql.join(steps, sql` `)} else ${iso(addMs(now, cap))} end`;
}

/** One hit in two statements: open (or start afresh) the key's window, then count it unless locked. */
async function takeHit(
  ctx: AppContext,
  key: string,
  rule: ThrottleRule,
): Promise<{ count: number; lockedUntil: string | null } | null> {
  const now = ctx.now();
  const nowIso = iso(now);
  // A window that is over, with no lock running, starts again from nothing.
  await ctx.db
    .insertInto('throttles')
    .values({ key, window_start: nowIso, count: 0, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ window_start: nowIso, count: 0, locked_until: null })
        .where('throttles.window_start', '<=', iso(addMs(now, -rule.windowMs)))
        .where((eb) =>
          eb.or([eb('throttles.locked_until', 'is', null), eb('throttles.locked_until', '<=', nowIso)]),
        ),
    )
    .execute();
  const next = sql<number>`count + 1`;
  const row = await ctx.db
    .updateTable('throttles')
    .set({ count: next, locked_until: lockSql(rule, now, next) })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .returning(['count', 'locked_until'])
    .executeTakeFirst();
  return row ? { count: Number(row.count), lockedUntil: row.locked_until } : null;
}

/**
 * Takes back one hit that passed but did not count in the end (a right password, an SMS that could
 * not be sent). The key unlocks if it falls below its limit: the lock then came from hits in
 * flight together, not from what happened. (In the SET, `count` is the row before this update.)
 */
export async function refund(ctx: AppContext, key: string, rule: ThrottleRule): Promise<void> {
  await ctx.db
    .updateTable('throttles')
    .set({
      count: sql<number>`case when count > 0 then count - 1 else 0 end`,
      locked_until: sql<string | null>`case when count <= ${rule.lockAfter} then null else locked_until end`,
    })
    .where('key', '=', key)
    .execute();
}

export async function clear(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.deleteFrom('throttles').where('key', '=', key).execute();
}

export const minutesUntil = (ctx: AppContext, date: Date): number =>
  Math.max(1, Math.ceil((date.getTime() - ctx.now().getTime()) / 60_000));

/** A 429 for a key locked until `until`: the message `id` with {minutes} to wait, and Retry-After. */
export const lockedFor = (ctx: AppContext, id: MessageId, until: Date): ApiError =>
  tooManyRequests(message(id, { minutes: minutesUntil(ctx, until) }), until, ctx.now());

/** Whole seconds from now until `until` (at least 1). */
export const secondsUntil = (ctx: AppContext, until: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - ctx.now().getTime()) / 1000));

/**
 * A 429 for a resend wait until `until`: the message `id` with {seconds} to wait, and Retry-After
 * (and `extra` beside msg).
 */
export const waitFor = (
  ctx: AppContext,
  id: MessageId,
  until: Date,
  extra: Record<string, unknown> = {},
): ApiError => tooManyRequests(message(id, { seconds: secondsUntil(ctx, until) }), until, ctx.now(), extra);

/** A wait under two minutes in seconds (`waitId`), a longer one in minutes (`lockId`). */
export const waitOrLockedFor = (
  ctx: AppContext,
  waitId: MessageId,
  lockId: MessageId,
  until: Date,
): ApiError =>
  until.getTime() - ctx.now().getTime() < 2 * 60_000
    ? waitFor(ctx, waitId, until)
    : lockedFor(ctx, lockId, until);

/** A limit a request must pass, and the refusal it answers once the key is locked. */
export interface Limit {
  key: string;
  rule: ThrottleRule;
  refusal: (until: Date) => Error;
}

/**
 * Takes one hit of every limit, all or none: a locked key refuses before any write (a burst costs
 * the database one read a request), a limit that fills gives back what was taken, its own hit
 * included (a refused request counts nothing). Resolves to the give-back, for work that then fails
 * or does not count (an SMS that did not go out, a right password).
 */
export async function takeAll(ctx: AppContext, limits: readonly Limit[]): Promise<() => Promise<void>> {
  const locked = await lockedKeys(
    ctx,
    limits.map((l) => l.key),
  );
  for (const { key, refusal } of limits) {
    const until = locked.get(key);
    if (until) throw refusal(until);
  }
  const taken: Limit[] = [];
  const giveBack = async () => {
    for (const { key, rule } of taken) await refund(ctx, key, rule);
  };
  for (const limit of limits) {
    if (!(await take(ctx, limit.key, limit.rule))) {
      await giveBack();
      throw limit.refusal((await lockedUntil(ctx, limit.key)) ?? addMs(ctx.now(), 1000));
    }
    taken.push(limit);
  }
  return giveBack;
}

/**
 * Takes `units` from a budget of `limit` a day (the key names the day), all or none, atomically
 * across processes: false, and nothing taken, when they do not fit what is left.
 */
export async function takeFromDailyBudget(
  ctx: AppContext,
  key: string,
  limit: number,
  units: number,
): Promise<boolean> {
  await ctx.db
    .insertInto('throttles')
    .values({ key, window_start: iso(ctx.now()), count: 0, locked_until: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await ctx.db
    .updateTable('throttles')
    .set({ count: sql<number>`count + ${units}` })
    .where('key', '=', key)
    .where(sql<boolean>`count + ${units} <= ${limit}`)
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}
