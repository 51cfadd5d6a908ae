// Demo traffic for the funnel (decision 029): a few weeks of made-up visitors on every
// landing variant with a registration card, so the Studio's funnel is never empty in a demo. Every
// row carries the sandbox mark (1), and a new fill replaces the last one. Only for a sandbox
// install: `npm run demo:traffic` refuses a database whose sandbox is off (demoTrafficRefusal).
import { indiaDate, indiaInstant } from '../../src/domain/dates';
import type { FunnelStep } from '../../src/domain/funnel-steps';
import type { ConfigBundle, LandingFile } from '../../src/engine/config-bundle';
import { overriddenVariant } from '../../src/engine/hosts';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { replaceDemoFunnelEvents, type DemoFunnelEvent, type FunnelOrigin } from '../services/funnel/events';
import { gapBucket, UNTIMED } from '../services/funnel/gap-buckets';
import { seededRandom } from '../../src/engine/seeded-random';

const DAY_MS = 24 * 60 * 60_000;

/** Why demo traffic may not go into this database, or null when it may: only with the sandbox on. */
export function demoTrafficRefusal(config: Pick<ServerConfig, 'sandbox'>): string | null {
  if (config.sandbox) return null;
  return (
    'demo:traffic refused: the sandbox is off (SANDBOX=off, or NODE_ENV=production without SANDBOX=on), ' +
    "so this database may hold real visitors' funnel. Demo traffic goes only into a sandbox install."
  );
}

export interface DemoTrafficOptions {
  /** The fill ends at this moment (today, India time, partly filled up to now). */
  now: Date;
  /** India days, today included. */
  days: number;
  site: Pick<ConfigBundle, 'landings' | 'programmes' | 'hosts'>;
  /** The same seed, now and days make the same data. */
  seed?: number;
}

export interface DemoVariantFigures {
  programme: string;
  variant: string;
  visitors: number;
  registered: number;
  paid: number;
}

export interface DemoTrafficResult {
  /** Earlier demo rows deleted first (events and rolled-up daily rows). */
  replaced: number;
  /** Events written. */
  events: number;
  variants: DemoVariantFigures[];
}

/** FNV-1a: a variant's name as a 32-bit seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Where visits come from: share of visitors, campaign medium and how keen they are (× card_started). */
const SOURCES = [
  { source: 'google', share: 0.42, medium: 'cpc', keen: 1.1 },
  { source: 'facebook', share: 0.2, medium: 'paid_social', keen: 0.8 },
  { source: 'instagram', share: 0.1, medium: 'paid_social', keen: 0.75 },
  { source: 'youtube', share: 0.06, medium: 'video', keen: 0.9 },
  { source: '', share: 0.22, medium: '', keen: 1.2 },
] as const;

/** The chance of each step after the one before, and its typical time from it (ms, a median). */
const WALK: { step: FunnelStep; onward: number; medianMs: number }[] = [
  { step: 'card_started', onward: 0.32, medianMs: 25_000 },
  { step: 'otp_sent', onward: 0.72, medianMs: 40_000 },
  { step: 'otp_verified', onward: 0.82, medianMs: 35_000 },
  { step: 'details_saved', onward: 0.86, medianMs: 95_000 },
  { step: 'exam_chosen', onward: 0.9, medianMs: 45_000 },
  // A paid programme only: the payment page, then the gateway's confirmation.
  { step: 'payment_started', onward: 0.64, medianMs: 30_000 },
  // Free: registered at once after the exam is chosen; paid: with the payment (registered and paid
  // at the same moment, as the paid effect records them).
  { step: 'registered', onward: 0.88, medianMs: 100_000 },
];
const PAYMENT_STEPS: ReadonlySet<FunnelStep> = new Set(['payment_started']);

/** Sunday first: more visits at the weekend, when students browse. */
const WEEKDAY = [1.3, 0.9, 0.95, 0.95, 1, 1, 1.15];

interface Variant {
  programme: string;
  variant: string;
  host: string;
  path: string;
  locale: string;
  free: boolean;
}

/** Every landing variant with a registration card, with the host and path it is served on. */
function cardVariants(site: DemoTrafficOptions['site']): Variant[] {
  return site.landings
    .filter((l) => l.landing.blocks.some((b) => b.type === 'registration-card'))
    .map((file: LandingFile) => {
      const { programme, variantKey, paths, locale } = file.landing;
      const profiles = site.hosts.profiles.filter((p) => p.programme === programme);
      // A variant another profile shows on its hosts (the digital host's adst) is served there.
      const profile =
        profiles.find((p) => p.variantOverride?.variantKey === variantKey) ??
        profiles.find((p) => overriddenVariant(p, file.landing) === undefined) ??
        profiles[0];
      const host = profile?.hosts.find((h) => h.endsWith('.example.com')) ?? profile?.hosts[0] ?? 'localhost';
      return {
        programme,
        variant: variantKey,
        host,
        path: paths[0],
        locale,
        free: (site.programmes[programme]?.fee.amount ?? 0) === 0,
      };
    });
}

/** The made-up events of every variant, and what each came to. */
function generate(
  variants: readonly Variant[],
  { now, days, seed = 24 }: Pick<DemoTrafficOptions, 'now' | 'days' | 'seed'>,
): { rows: DemoFunnelEvent[]; figures: DemoVariantFigures[] } {
  let random = seededRandom(seed);
  /** A log-normal time around a median (most within a factor of 2–3 of it). */
  const around = (medianMs: number) => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(1_000, Math.round(medianMs * Math.exp(0.7 * normal)));
  };
  const nowMs = now.getTime();
  const today = indiaDate(now);
  const rows: DemoFunnelEvent[] = [];
  const figures: DemoVariantFigures[] = [];
  let visitorNo = 0;
  for (const v of variants) {
    // Each variant its own sequence, from its name: its size and its rates stay the same from one
    // fill to the next, whatever the other variants drew.
    random = seededRandom(seed ^ hash(`${v.programme}/${v.variant}`));
    // Each variant its own size (300–2,500 visitors a week) and a slightly better or worse card
    // (± 4 % on every step, up to about ± 30 % from view to registered), so a comparison has
    // something to show.
    const weekly = 300 + Math.floor(random() * 2_200);
    const quality = 0.96 + random() * 0.08;
    const figure = { programme: v.programme, variant: v.variant, visitors: 0, registered: 0, paid: 0 };
    figures.push(figure);
    for (let back = days - 1; back >= 0; back--) {
      const day = indiaDate(new Date(indiaInstant(today, '12:00').getTime() - back * DAY_MS));
      const dayStart = indiaInstant(day).getTime();
      const dayEnd = Math.min(dayStart + DAY_MS, nowMs);
      if (dayEnd <= dayStart) continue;
      // A slow rise over the weeks (campaigns warming up), the weekday's pattern, some noise; today
      // only up to now.
      const trend = 0.85 + (0.3 * (days - back)) / days;
      const weekday = WEEKDAY[new Date(dayStart + DAY_MS / 2).getUTCDay()] ?? 1;
      const visitors = Math.round(
        (weekly / 7) * trend * weekday * (0.85 + random() * 0.3) * ((dayEnd - dayStart) / DAY_MS),
      );
      for (let i = 0; i < visitors; i++) {
        const visitor = `sandbox-${seed.toString(36)}-${(visitorNo++).toString(36).padStart(8, '0')}`;
        let pick = random();
        const from = SOURCES.find((s) => (pick -= s.share) < 0) ?? SOURCES[4];
        const origin: FunnelOrigin = {
          programme: v.programme,
          variant: v.variant,
          visitor,
          host: v.host,
          path: v.path,
          locale: v.locale,
          utm_source: from.source,
          utm_medium: from.medium,
          utm_campaign: from.source ? `${v.programme}-admissions` : '',
          has_gclid: from.source === 'google',
        };
        const push = (step: FunnelStep, atMs: number, bucket: number) =>
          rows.push({ origin, step, atMs, gapBucket: bucket });
        // Students browse from morning to late evening, more in the evening.
        let at = dayStart + Math.floor((7 + 16.5 * Math.sqrt(random())) * 3_600_000);
        if (at > dayEnd) at = dayStart + Math.floor(random() * (dayEnd - dayStart));
        push('page_view', at, UNTIMED);
        figure.visitors++;
        for (const { step, onward, medianMs } of WALK) {
          if (v.free && PAYMENT_STEPS.has(step)) continue;
          const chance = Math.min(0.97, onward * quality * (step === 'card_started' ? from.keen : 1));
          if (random() >= chance) break;
          // A free registration is recorded as the details are sent: seconds, not a payment's minutes.
          const gap = around(step === 'registered' && v.free ? 3_000 : medianMs);
          // A visitor still on the page now has not got further yet.
          if (at + gap > nowMs) break;
          at += gap;
          push(step, at, gapBucket(gap));
          if (step === 'registered') {
            figure.registered++;
            if (!v.free) {
              push('paid', at, gapBucket(0));
              figure.paid++;
            }
          }
        }
      }
    }
  }
  return { rows, figures };
}

/**
 * Replaces the demo traffic (every sandbox-marked event and rolled-up count) with `days` days of
 * made-up visitors ending at `now`, in one transaction. The caller checks the sandbox is on.
 */
export async function fillDemoTraffic(
  ctx: Pick<AppContext, 'db'>,
  options: DemoTrafficOptions,
): Promise<DemoTrafficResult> {
  const { rows, figures } = generate(cardVariants(options.site), options);
  const replaced = await replaceDemoFunnelEvents(ctx, rows);
  return { replaced, events: rows.length, variants: figures };
}
