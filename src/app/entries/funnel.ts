// The funnel's reporter (decision 029), a script of its own that only a landing page
// with the registration card loads (its <html> names the programme and variant: the other routes
// never pay for it). It reports the page view now and the card's first touch; the card reports its
// later steps, and asks for the origin its signup carries, through ../funnel-channel.ts.
// It never delays the page and never breaks a flow: steps wait in a queue and leave together with
// navigator.sendBeacon two seconds later, or at once when the page is hidden or left (the browser
// sends it after the page is gone). Nothing is checked here: the server's JSON Schema does, and
// drops a batch it refuses, not the page.
// Privacy: the visitor is a random id this browser made (localStorage, first-party; clearing the
// site's data resets it; a browser that refuses the site storage is not counted); an event carries
// the page and the visit's campaign, never what the student typed.
// Small on purpose (every byte is on each landing page): no option, no fallback, no check.
import { CAMPAIGN_VALUE_MAX, type ClientFunnelStep } from '../../domain/funnel-steps';
import type { FunnelEvent } from '../../generated/api/funnel-events';
import type { SignupFunnelOrigin } from '../../generated/api/registration-signup';
import type { FunnelMessage } from '../funnel-channel';

type Context = Omit<FunnelEvent, 'step' | 'at'>;

/** The campaign of an address without one. */
const NO_CAMPAIGN = '{"has_gclid":false}';

let queue: FunnelEvent[] = [];
const reached = new Set<ClientFunnelStep>();
let origin: SignupFunnelOrigin | undefined;
let context: Context;

function flush(): void {
  if (queue.length)
    navigator.sendBeacon('/api/funnel/events', JSON.stringify({ sent_at: Date.now(), events: queue }));
  queue = [];
}

/** Queues a step of this page's funnel, once per page; nothing on a page without one. */
function reportFunnelStep(step: ClientFunnelStep): void {
  if (!origin || reached.has(step)) return;
  reached.add(step);
  // One batch: a page has 7 steps, the server takes 50.
  if (queue.push({ step, at: Date.now(), ...context }) === 1) setTimeout(flush, 2_000);
}

const root = document.documentElement;
const { funnelProgramme: programme, funnelVariant: variant, funnelVersion: version } = root.dataset;
if (programme && variant)
  try {
    // The visit's campaign: this address's when it has one, else the one this tab arrived with.
    const query = new URLSearchParams(location.search);
    const fresh: Record<string, unknown> = { has_gclid: query.has('gclid') };
    for (const key of ['utm_source', 'utm_medium', 'utm_campaign'])
      fresh[key] = query.get(key)?.slice(0, CAMPAIGN_VALUE_MAX);
    let campaign = JSON.stringify(fresh);
    if (campaign === NO_CAMPAIGN) campaign = sessionStorage.getItem('examflow:funnel-campaign') ?? campaign;
    else sessionStorage.setItem('examflow:funnel-campaign', campaign);
    // The id the server gave with a split page (the ef_vid cookie) is the visitor's from then on,
    // so the funnel's steps join the experiment's exposure (src/engine/experiments.ts).
    const given = /(?:^|; )ef_vid=([A-Za-z0-9_-]{16,64})(?:;|$)/.exec(document.cookie)?.[1];
    let visitor = given ?? localStorage.getItem('examflow:funnel-visitor');
    if (!visitor) visitor = crypto.randomUUID();
    localStorage.setItem('examflow:funnel-visitor', visitor);
    origin = { visitor, variant, host: location.host, path: location.pathname, locale: root.lang };
    if (version) origin.page_version = Number(version);
    context = { programme, ...origin, ...(JSON.parse(campaign) as Pick<Context, 'has_gclid'>) };
    reportFunnelStep('page_view');
    // The channel's FUNNEL_EVENT, written out: importing the constant would make the channel a
    // chunk of its own, shared with the card (funnel.test.ts talks through the channel).
    addEventListener('examflow:funnel', (event) => {
      const message = (event as CustomEvent<FunnelMessage>).detail;
      if (message.step) reportFunnelStep(message.step);
      else message.origin = origin;
    });
    const card = document.querySelector('[data-island="registration-card"]');
    // A field of the card focused before this script ran (it loads after the page's first paint).
    if (card?.contains(document.activeElement)) reportFunnelStep('card_started');
    for (const type of ['focusin', 'pointerdown'])
      card?.addEventListener(type, () => reportFunnelStep('card_started'), { once: true });
    // Hidden (another tab, the home screen) or left: what is queued goes now. Shown again: nothing is.
    for (const type of ['pagehide', 'visibilitychange']) addEventListener(type, flush);
  } catch {
    // A browser that refuses the site storage, or lacks crypto.randomUUID (plain http): not counted.
  }
