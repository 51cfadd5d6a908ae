// Recording funnel steps (issue 24 §1, decision 029): the browser's batches (POST
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
}

function row(origin: FunnelOrigin, step: FunnelStep, atMs: number): FunnelEventsTable {
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

async function insertRows(db: Kysely<Database>, rows: FunnelEventsTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('funnel_events')
    .values(rows)
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
  const first = new Map<string, FunnelEventsTable>();
  for (const event of batch.events) {
    if (!knownVariant(site, event.programme, event.variant))
      throw new ApiError(
        400,
        `Unknown variant: programme "${event.programme}" has no landing variant "${event.variant}".`,
      );
    const atMs = Math.min(nowMs, Math.max(nowMs - OLDEST_MS, event.at + offset));
    const candidate = row(event, event.step, atMs);
    // One row per visitor, variant and step: the earliest of the batch (the index keeps the first stored).
    const key = `${event.programme}\n${event.variant}\n${event.visitor}\n${event.step}`;
    const seen = first.get(key);
    if (!seen || Number(seen.at_ms) > atMs) first.set(key, candidate);
  }
  return insertRows(ctx.db, [...first.values()]);
}

/** A step the server saw itself (registered, paid), in the caller's transaction. */
export async function recordServerStep(
  db: Kysely<Database>,
  origin: FunnelOrigin,
  step: FunnelStep,
  at: Date,
): Promise<void> {
  await insertRows(db, [row(origin, step, at.getTime())]);
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
