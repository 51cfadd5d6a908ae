// Recording funnel steps (decision 029): the browser's batches (POST
// /api/funnel/events) and the steps the server records itself, registered and paid. One row per
// visitor, variant and step: the first time counts, a repeat is ignored by the unique index.
import type { Kysely } from 'kysely';
import { indiaDate } from '../../../src/domain/dates';
import { stepCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import type { ConfigBundle } from '../../../src/engine/config-bundle';
import type { FunnelEvent } from '../../../src/generated/api/funnel-events';
import { ApiError } from '../../api/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { FunnelEventsTable } from '../../db/tables/funnel';
import { gapBucket, UNTIMED } from './gap-buckets';

/** How far a corrected browser time may lie from the server's receipt: older is clamped to it. */
const OLDEST_MS = 24 * 60 * 60_000;

/** Where a visitor was when the server records a step: what the page sent with the signup. */
export interface FunnelOrigin {
  visitor: string;
  programme: string;
  variant: string;
  host: string;
  path: string;
  locale: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  has_gclid: boolean;
  /** The landing page's config version the visitor saw, when the page said. */
  page_version?: number | undefined;
}

/** An event as it arrives: its gap bucket is set when it is stored. */
type Arriving = Omit<FunnelEventsTable, 'gap_bucket'>;

function row(origin: FunnelOrigin, step: FunnelStep, atMs: number): Arriving {
  return {
    programme: origin.programme,
    variant: origin.variant,
    visitor: origin.visitor,
    step: stepCode(step),
    at_ms: atMs,
    day: indiaDate(new Date(atMs)),
    host: origin.host,
    path: origin.path,
    locale: origin.locale,
    utm_source: origin.utm_source ?? '',
    utm_medium: origin.utm_medium ?? '',
    utm_campaign: origin.utm_campaign ?? '',
    has_gclid: origin.has_gclid ? 1 : 0,
    // What the server records is a real visitor's: only `npm run demo:traffic` writes 1.
    sandbox: 0,
    page_version: origin.page_version ?? null,
  };
}

/** Whether the site has this variant on this programme (a landing's variantKey). */
export function knownVariant(
  site: Pick<ConfigBundle, 'landings'>,
  programme: string,
  variant: string,
): boolean {
  return site.landings.some((l) => l.landing.programme === programme && l.landing.variantKey === variant);
}

interface VisitorOnVariant {
  programme: string;
  variant: string;
  visitor: string;
}

const journeyKey = (id: VisitorOnVariant) => `${id.programme}\n${id.variant}\n${id.visitor}`;

/** A visitor's steps on one variant, stored and arriving, by step code. */
interface Journey {
  id: VisitorOnVariant;
  steps: Map<number, { atMs: number; bucket: number; row?: Arriving }>;
}

/**
 * Stores arriving events, at most one per visitor, variant and step (the first reach: a step
 * already stored is ignored), each with the gap bucket of its time from the visitor's nearest
 * earlier step on the variant, stored or arriving. An earlier step arriving after a later one (the
 * page's batch after the signup's registered) re-times the later one. One read of the visitors'
 * stored steps, then the writes (an update only for a late earlier step). Returns how many rows
 * were new.
 */
async function storeEvents(db: Kysely<Database>, arriving: readonly Arriving[]): Promise<number> {
  if (arriving.length === 0) return 0;
  const journeys = new Map<string, Journey>();
  const journeyOf = (id: VisitorOnVariant): Journey => {
    const key = journeyKey(id);
    let journey = journeys.get(key);
    if (!journey) {
      journey = {
        id: { programme: id.programme, variant: id.variant, visitor: id.visitor },
        steps: new Map(),
      };
      journeys.set(key, journey);
    }
    return journey;
  };
  for (const r of arriving) journeyOf(r);
  // By visitor alone (the index's first column): a plan as simple as the query, where an OR of
  // (programme, variant, visitor) triples took PostgreSQL longer to plan than to run.
  const stored = await db
    .selectFrom('funnel_events')
    .select(['programme', 'variant', 'visitor', 'step', 'at_ms', 'gap_bucket'])
    .where('visitor', 'in', [...new Set(arriving.map((r) => r.visitor))])
    .execute();
  for (const s of stored)
    journeys.get(journeyKey(s))?.steps.set(Number(s.step), { atMs: Number(s.at_ms), bucket: s.gap_bucket });
  for (const r of arriving) {
    const steps = journeyOf(r).steps;
    const seen = steps.get(r.step);
    // The earliest of the batch; a stored step stands.
    if (!seen || (seen.row && seen.atMs > Number(r.at_ms)))
      steps.set(r.step, { atMs: Number(r.at_ms), bucket: UNTIMED, row: r });
  }
  const inserts: FunnelEventsTable[] = [];
  const retimed: (VisitorOnVariant & { step: number; bucket: number })[] = [];
  for (const { id, steps } of journeys.values()) {
    let previous: number | undefined;
    for (const [step, s] of [...steps.entries()].sort(([a], [b]) => a - b)) {
      const bucket = previous === undefined ? UNTIMED : gapBucket(s.atMs - previous);
      if (s.row) inserts.push({ ...s.row, gap_bucket: bucket });
      else if (bucket !== s.bucket) retimed.push({ ...id, step, bucket });
      previous = s.atMs;
    }
  }
  for (const { bucket, ...where } of retimed)
    await db
      .updateTable('funnel_events')
      .set({ gap_bucket: bucket })
      .where((eb) => eb.and(where))
      .execute();
  if (inserts.length === 0) return 0;
  const result = await db
    .insertInto('funnel_events')
    .values(inserts)
    .onConflict((oc) => oc.columns(['programme', 'variant', 'visitor', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Stores a browser's batch; returns how many rows were new. The browser's clock may be off: its
 * times are moved by the difference between its clock when it sent (sentAt) and the server's
 * now, and kept within the last day and never in the future. A variant the site does not have
 * refuses the batch with a 400 naming it.
 */
export async function recordClientEvents(
  ctx: Pick<AppContext, 'db' | 'site' | 'now'>,
  batch: { sentAt: number; events: readonly FunnelEvent[] },
): Promise<number> {
  const { site } = ctx;
  const nowMs = ctx.now().getTime();
  const offset = nowMs - batch.sentAt;
  const rows: Arriving[] = [];
  for (const event of batch.events) {
    if (!knownVariant(site, event.programme, event.variant))
      throw new ApiError(
        400,
        `Unknown variant: programme "${event.programme}" has no landing variant "${event.variant}".`,
      );
    const atMs = Math.min(nowMs, Math.max(nowMs - OLDEST_MS, event.at + offset));
    rows.push(row(event, event.step, atMs));
  }
  // No transaction around the read and the write: two round trips, not four (BEGIN, COMMIT), which
  // on PostgreSQL is what a batch costs. Two batches of one visitor racing may time a step from a
  // slightly different previous step; the counts stay exact (the unique index keeps one row).
  return storeEvents(ctx.db, rows);
}

/** Steps the server saw itself (registered, paid), in the caller's transaction. */
export async function recordServerSteps(
  db: Kysely<Database>,
  origin: FunnelOrigin,
  steps: readonly FunnelStep[],
  at: Date,
): Promise<void> {
  await storeEvents(
    db,
    steps.map((step) => row(origin, step, at.getTime())),
  );
}

/** A made-up step of the sandbox's demo traffic, with the gap bucket of its time from the step before. */
export interface DemoFunnelEvent {
  origin: FunnelOrigin;
  step: FunnelStep;
  atMs: number;
  gapBucket: number;
}

/** 15 columns a row: 30,000 parameters, under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const DEMO_CHUNK = 2_000;

/**
 * Replaces the demo traffic (every sandbox-marked event and rolled-up daily count) with these
 * events, marked as sandbox data, in one transaction; returns how many rows were deleted. Only the
 * sandbox's demo fill calls it (decision 029).
 */
export async function replaceDemoFunnelEvents(
  ctx: Pick<AppContext, 'db'>,
  events: readonly DemoFunnelEvent[],
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const deletedEvents = await trx.deleteFrom('funnel_events').where('sandbox', '=', 1).executeTakeFirst();
    const deletedDaily = await trx.deleteFrom('funnel_daily').where('sandbox', '=', 1).executeTakeFirst();
    for (let i = 0; i < events.length; i += DEMO_CHUNK)
      await trx
        .insertInto('funnel_events')
        .values(
          events.slice(i, i + DEMO_CHUNK).map((e): FunnelEventsTable => ({
            ...row(e.origin, e.step, e.atMs),
            gap_bucket: e.gapBucket,
            sandbox: 1,
          })),
        )
        .execute();
    return Number(deletedEvents.numDeletedRows) + Number(deletedDaily.numDeletedRows);
  });
}

/** What a signup carries for the funnel (its body's fields of the same names). */
export interface SignupFunnelFields {
  funnel?: { visitor: string; variant: string; host: string; path: string; locale: string };
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  gclid?: string;
}

const UTM_MAX = 100;

/**
 * The funnel origin of a signup on `programme`, or null when the page sent none or names a variant
 * the programme does not have: the signup goes on either way, only the funnel misses it.
 */
export function signupFunnelOrigin(
  site: Pick<ConfigBundle, 'landings'>,
  programme: string,
  body: SignupFunnelFields,
): FunnelOrigin | null {
  const funnel = body.funnel;
  if (!funnel || !knownVariant(site, programme, funnel.variant)) return null;
  // The signup allows longer campaign values than a funnel event: cut them to the events' length.
  const utm = (value: string | undefined) => (value ? value.slice(0, UTM_MAX) : undefined);
  return {
    ...funnel,
    programme,
    utm_source: utm(body.utm_source),
    utm_medium: utm(body.utm_medium),
    utm_campaign: utm(body.utm_campaign),
    has_gclid: Boolean(body.gclid),
  };
}

/** The funnel origin kept in an order's details (signup wrote it), or null. */
export function orderFunnelOrigin(details: string): FunnelOrigin | null {
  const { funnel } = JSON.parse(details) as { funnel?: FunnelOrigin | null };
  return funnel && typeof funnel.visitor === 'string' ? funnel : null;
}

/** Removes the funnel origin (the visitor id) from an order's details once its steps are recorded. */
export async function forgetOrderFunnelOrigin(db: Kysely<Database>, orderId: string): Promise<void> {
  const order = await db.selectFrom('orders').select('details').where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  const details = JSON.parse(order.details) as Record<string, unknown>;
  if (details.funnel === undefined || details.funnel === null) return;
  await db
    .updateTable('orders')
    .set({ details: JSON.stringify({ ...details, funnel: null }) })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Removes the funnel origin from orders made before `before` (an ISO date-time) that were never
 * paid: the roll-up's cutoff, so no visitor id outlives the funnel's own events. Returns how many.
 */
export async function forgetStaleOrderFunnelOrigins(db: Kysely<Database>, before: string): Promise<number> {
  const stale = await db
    .selectFrom('orders')
    .select('id')
    .where('created_at', '<', before)
    .where('details', 'like', '%"visitor":%')
    .execute();
  for (const { id } of stale) await forgetOrderFunnelOrigin(db, id);
  return stale.length;
}
