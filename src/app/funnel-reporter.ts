// The funnel's reporter (issue 24 §1, decision 029): the steps a visitor reaches on a landing page,
// sent in batches to POST /api/funnel/events. It never delays the page and never breaks a flow:
// events wait in a queue and leave in one request a moment later, or at once with
// navigator.sendBeacon when the page is hidden or left (the browser sends it after the page is
// gone); any failure is dropped silently.
// Privacy: the visitor is a random id this browser made (localStorage, first-party, resettable);
// an event carries the page (programme, variant, host, path, locale) and the visit's campaign
// (utm source, medium, campaign, whether a gclid came), never what the student typed.
import type { ClientFunnelStep } from '../domain/funnel-steps';
import type { FunnelEvent, FunnelEventsBody } from '../generated/api/funnel-events';
import type { SignupFunnelOrigin } from '../generated/api/registration-signup';

const ENDPOINT = '/api/funnel/events';
const VISITOR_KEY = 'examflow:funnel-visitor';
const CAMPAIGN_KEY = 'examflow:funnel-campaign';
/** The server takes 50 events a request. */
const BATCH = 50;
/** How long an event waits for company before the queue is sent. */
const FLUSH_AFTER_MS = 2_000;

// The server's rules for these fields (schemas/api/funnel-events.schema.json): a value that would
// fail there is never sent, so a signup that carries the origin is never refused for it.
const VISITOR = /^[A-Za-z0-9_-]{16,64}$/;
const VARIANT = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const PROGRAMME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$/;
const PATH = /^\/([a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*)?$/;
const LOCALE = /^[a-z]{2}$/;
const UTM = /^[\x20-\x7E]{1,100}$/;

export interface FunnelPage {
  programme: string;
  variant: string;
  host: string;
  path: string;
  locale: string;
}

interface Campaign {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  has_gclid: boolean;
}

export interface FunnelReporterOptions {
  page: FunnelPage;
  /** The page's query, for the visit's campaign. */
  search: string;
  storage?: { local?: Storage; session?: Storage };
  now?: () => number;
  /** Sends a batch's JSON; true when the browser took it. */
  send?: (body: string) => boolean;
  schedule?: (run: () => void, ms: number) => unknown;
}

export interface FunnelReporter {
  /** Queues a step (each step once per page: a repeat is not queued again). */
  report(step: ClientFunnelStep): void;
  /** Sends what is queued now (the page is being hidden or left). */
  flush(): void;
  /** What a signup carries so the server records registered and paid on this visit's variant. */
  origin(): SignupFunnelOrigin;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's anonymous visitor id, made on first use. Without storage, an id for this page only. */
export function funnelVisitor(local?: Storage): string {
  const kept = safe(() => local?.getItem(VISITOR_KEY) ?? null, null);
  if (kept && VISITOR.test(kept)) return kept;
  const made = randomId();
  safe(() => local?.setItem(VISITOR_KEY, made), undefined);
  return made;
}

/** Forgets the visitor id: the next page is a new, unrelated visitor. */
export function resetFunnelVisitor(
  local: Storage | undefined = safe(() => window.localStorage, undefined),
): void {
  safe(() => local?.removeItem(VISITOR_KEY), undefined);
}

/** The visit's campaign: this URL's when it has one, else the one this tab arrived with. */
function campaignOf(search: string, session?: Storage): Campaign {
  const query = new URLSearchParams(search);
  const found: Campaign = { has_gclid: query.has('gclid') };
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign'] as const) {
    const value = query.get(key);
    if (value && UTM.test(value)) found[key] = value;
  }
  const fresh = found.has_gclid || found.utm_source || found.utm_medium || found.utm_campaign;
  if (fresh) {
    safe(() => session?.setItem(CAMPAIGN_KEY, JSON.stringify(found)), undefined);
    return found;
  }
  return safe(() => JSON.parse(session?.getItem(CAMPAIGN_KEY) ?? 'null') as Campaign | null, null) ?? found;
}

const pageIsValid = (page: FunnelPage) =>
  PROGRAMME.test(page.programme) &&
  VARIANT.test(page.variant) &&
  HOST.test(page.host) &&
  page.host.length <= 255 &&
  PATH.test(page.path) &&
  page.path.length <= 200 &&
  LOCALE.test(page.locale);

const beacon = (body: string): boolean =>
  typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body);

export function createFunnelReporter(options: FunnelReporterOptions): FunnelReporter | null {
  const { page, storage = {}, now = Date.now, send = beacon, schedule = setTimeout } = options;
  if (!pageIsValid(page)) return null;
  const visitor = funnelVisitor(storage.local);
  const campaign = campaignOf(options.search, storage.session);
  const reported = new Set<ClientFunnelStep>();
  let queue: FunnelEvent[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (queue.length > 0) {
      const events = queue.slice(0, BATCH) as FunnelEventsBody['events'];
      queue = queue.slice(BATCH);
      safe(() => send(JSON.stringify({ sent_at: now(), events } satisfies FunnelEventsBody)), false);
    }
  };

  return {
    report(step) {
      if (reported.has(step)) return;
      reported.add(step);
      queue.push({ step, at: now(), visitor, ...page, ...campaign });
      if (!scheduled) {
        scheduled = true;
        schedule(flush, FLUSH_AFTER_MS);
      }
    },
    flush,
    origin: () => ({ visitor, ...page }),
  };
}

let shared: FunnelReporter | null | undefined;

/**
 * The page's reporter, when the page is a landing variant (its <html> names the programme and
 * variant: data-funnel-programme, data-funnel-variant); null elsewhere. Made on first use; sends
 * what is queued when the page is hidden or left.
 */
export function pageFunnelReporter(): FunnelReporter | null {
  if (shared !== undefined) return shared;
  shared = safe(() => {
    const root = document.documentElement;
    const programme = root.dataset.funnelProgramme;
    const variant = root.dataset.funnelVariant;
    if (!programme || !variant) return null;
    const reporter = createFunnelReporter({
      page: {
        programme,
        variant,
        host: location.host.toLowerCase(),
        path: location.pathname,
        locale: root.lang,
      },
      search: location.search,
      storage: {
        local: safe(() => window.localStorage, undefined),
        session: safe(() => window.sessionStorage, undefined),
      },
    });
    if (reporter) {
      window.addEventListener('pagehide', reporter.flush);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') reporter.flush();
      });
    }
    return reporter;
  }, null);
  return shared;
}

/** The funnel step an analytics event of the registration card marks, if any (the events keep their own names). */
const STEP_OF_EVENT: Readonly<Record<string, ClientFunnelStep>> = {
  otp_sent: 'otp_sent',
  otp_verified: 'otp_verified',
  student_details_submitted: 'details_saved',
  exam_details_submitted: 'exam_chosen',
};

export const funnelStepOf = (event: string): ClientFunnelStep | undefined =>
  Object.hasOwn(STEP_OF_EVENT, event) ? STEP_OF_EVENT[event] : undefined;
