// Fixed-window counters with a lock, in the database so they survive restarts and are shared by
// every server process.
import { sql } from 'kysely';
import { tooManyRequests, type ApiError } from '../api/errors';
import { message, type MessageId } from '../api/messages';
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

/** Counts one hit; returns the lock end when this hit locked the key. */
export async function hit(ctx: AppContext, key: string, rule: ThrottleRule): Promise<Date | null> {
  const { count, lockedUntil: until } = await count1(ctx, key, rule);
  return count === rule.lockAfter && until ? new Date(until) : null;
}

/**
 * Counts one hit in a single statement and says whether it is within the limit (the Nth hit of a
 * window passes and locks the key, as with hit). Unlike lockedUntil-then-hit, requests that arrive
 * together cannot all pass: each sees the count the others left (a row lock on PostgreSQL).
 */
export async function take(ctx: AppContext, key: string, rule: ThrottleRule): Promise<boolean> {
  const { count, lockedUntil: until } = await count1(ctx, key, rule);
  const stillLocked = until !== null && new Date(until) > ctx.now();
  return count < rule.lockAfter ? !stillLocked : count === rule.lockAfter;
}

/** One more hit of the key, counted in one upsert (no read-then-write race between processes). */
async function count1(
  ctx: AppContext,
  key: string,
  rule: ThrottleRule,
): Promise<{ count: number; lockedUntil: string | null }> {
  const now = ctx.now();
  const lock = iso(addMs(now, rule.lockMs));
  // In the upsert's SET, `throttles.` is the row as it was before this hit.
  const expired = sql<boolean>`throttles.window_start <= ${iso(addMs(now, -rule.windowMs))}`;
  const next = sql<number>`case when ${expired} then 1 else throttles.count + 1 end`;
  const row = await ctx.db
    .insertInto('throttles')
    .values({ key, window_start: iso(now), count: 1, locked_until: rule.lockAfter <= 1 ? lock : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: next,
        window_start: sql<string>`case when ${expired} then ${iso(now)} else throttles.window_start end`,
        locked_until: sql<
          string | null
        >`case when ${next} = ${rule.lockAfter} then ${lock} else throttles.locked_until end`,
      }),
    )
    .returning(['count', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), lockedUntil: row.locked_until };
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

/** Takes back one refused hit: it did nothing, so it counts nothing; the lock stays. */
async function uncount(ctx: AppContext, key: string): Promise<void> {
  await ctx.db
    .updateTable('throttles')
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
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

/** A 429 for a resend wait until `until`: the message `id` with {seconds} to wait, and Retry-After. */
export const waitFor = (ctx: AppContext, id: MessageId, until: Date): ApiError =>
  tooManyRequests(
    message(id, { seconds: Math.max(1, Math.ceil((until.getTime() - ctx.now().getTime()) / 1000)) }),
    until,
    ctx.now(),
  );

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
      await uncount(ctx, limit.key);
      await giveBack();
      throw limit.refusal(addMs(ctx.now(), limit.rule.lockMs));
    }
    taken.push(limit);
  }
  return giveBack;
}
