// @vitest-environment jsdom
// The funnel's reporter as a landing page runs it: one anonymous id per browser, the visit's
// campaign (never the gclid or other query values), each step once, one beacon after a pause or at
// once when the page is hidden or left, and nothing on a page that is not in the funnel. That the
// server takes what it sends: funnel-accepted.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { funnelOrigin, reportFunnelStep } from '../funnel-channel';

type Sent = { sent_at: number; events: Record<string, unknown>[] };

const START = Date.parse('2025-04-01T06:00:00Z');
let beacons: { url: string; body: string }[] = [];

/** The listeners of the reporters loaded so far: a new page load drops the last page's. */
let listeners: EventListener[] = [];

/**
 * Loads the reporter afresh on a page at `address` (a new page load), in the funnel when `funnel`.
 * The card's side talks to it as the card does, through the channel.
 */
async function openPage(address: string, funnel = true, focusFirst = false): Promise<void> {
  vi.resetModules();
  window.history.replaceState(null, '', address);
  const root = document.documentElement;
  root.lang = 'en';
  if (funnel) {
    root.dataset.funnelProgramme = 'iacst';
    root.dataset.funnelVariant = 'iacst_repeater_neet';
  } else {
    delete root.dataset.funnelProgramme;
    delete root.dataset.funnelVariant;
  }
  document.body.innerHTML = '<section data-island="registration-card"><input aria-label="Mobile"></section>';
  // The student is already in the card's field (the page loads this script after its first paint).
  if (focusFirst) document.querySelector('input')?.focus();
  for (const listener of listeners) window.removeEventListener('examflow:funnel', listener);
  const add = vi.spyOn(window, 'addEventListener');
  await import('./funnel');
  listeners = add.mock.calls
    .filter(([type]) => type === 'examflow:funnel')
    .map(([, l]) => l as EventListener);
  add.mockRestore();
}

const sent = (): Sent[] => beacons.map((b) => JSON.parse(b.body) as Sent);
const steps = () => sent().flatMap((batch) => batch.events.map((e) => e.step));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  vi.setSystemTime(START);
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body }) > 0,
  });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  // The page this file made is not left for the next file of the worker (its focus order).
  document.body.innerHTML = '';
});

describe('the funnel reporter on a landing page', () => {
  it('reports the view and the card’s first touch once, together after a pause, with the visit’s campaign', async () => {
    await openPage(
      '/neet-repeater-scholarship?utm_source=google&utm_medium=cpc&utm_campaign=neet&gclid=G-1&name=Riya',
    );
    expect(beacons).toEqual([]);
    vi.advanceTimersByTime(1_500);
    const field = document.querySelector('input');
    field?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    field?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(499);
    expect(beacons).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(beacons.map((b) => b.url)).toEqual(['/api/funnel/events']);
    const visitor = localStorage.getItem('examflow:funnel-visitor');
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    const page = {
      visitor,
      programme: 'iacst',
      variant: 'iacst_repeater_neet',
      host: location.host,
      path: '/neet-repeater-scholarship',
      locale: 'en',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'neet',
      has_gclid: true,
    };
    expect(sent()).toEqual([
      {
        sent_at: START + 2_000,
        events: [
          { step: 'page_view', at: START, ...page },
          { step: 'card_started', at: START + 1_500, ...page },
        ],
      },
    ]);
    // Nothing but the page, the campaign and the anonymous id: not the gclid, not other query values.
    expect(beacons[0]?.body).not.toContain('G-1');
    expect(beacons[0]?.body).not.toContain('Riya');
  });

  it('counts the card as started when its field had the focus before the reporter ran', async () => {
    await openPage('/neet-repeater-scholarship', true, true);
    vi.advanceTimersByTime(2_000);
    expect(steps()).toEqual(['page_view', 'card_started']);
    // Without the focus: the view only.
    beacons = [];
    await openPage('/neet-repeater-scholarship');
    vi.advanceTimersByTime(2_000);
    expect(steps()).toEqual(['page_view']);
  });

  it('keeps the visitor across pages, and the campaign the tab arrived with', async () => {
    await openPage('/neet-repeater-scholarship?utm_source=facebook');
    vi.advanceTimersByTime(2_000);
    await openPage('/neet-repeater-scholarship');
    vi.advanceTimersByTime(2_000);
    const [first, second] = sent().map((batch) => batch.events[0]);
    expect(second).toMatchObject({ utm_source: 'facebook', has_gclid: false, visitor: first?.visitor });
    expect(funnelOrigin()).toEqual({
      visitor: first?.visitor,
      variant: 'iacst_repeater_neet',
      host: location.host,
      path: '/neet-repeater-scholarship',
      locale: 'en',
    });
    // Cleared site data: a new, unrelated visitor.
    localStorage.clear();
    await openPage('/neet-repeater-scholarship');
    vi.advanceTimersByTime(2_000);
    expect(sent()[2]?.events[0]?.visitor).not.toBe(first?.visitor);
  });

  it('takes the id the server gave with a split page (ef_vid), so its steps join the experiment’s exposure', async () => {
    await openPage('/neet-repeater-scholarship');
    vi.advanceTimersByTime(2_000);
    const before = sent()[0]?.events[0]?.visitor;
    const given = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';
    document.cookie = `ef_vid=${given}; path=/`;
    try {
      await openPage('/neet-repeater-scholarship');
      vi.advanceTimersByTime(2_000);
    } finally {
      document.cookie = 'ef_vid=; path=/; max-age=0';
    }
    expect(before).not.toBe(given);
    expect(sent()[1]?.events[0]).toMatchObject({ step: 'page_view', visitor: given });
    expect(funnelOrigin()).toMatchObject({ visitor: given });
    // Kept as the browser's id from then on, the cookie gone or not.
    expect(localStorage.getItem('examflow:funnel-visitor')).toBe(given);
  });

  it('names the page version the page was rendered from, in its events and its signup origin', async () => {
    document.documentElement.dataset.funnelVersion = '7';
    try {
      await openPage('/neet-repeater-scholarship');
    } finally {
      delete document.documentElement.dataset.funnelVersion;
    }
    vi.advanceTimersByTime(2_000);
    expect(sent()[0]?.events[0]).toMatchObject({ step: 'page_view', page_version: 7 });
    expect(funnelOrigin()).toMatchObject({ page_version: 7 });
  });

  it('sends at once when the page is hidden or left, and a step reported again is not sent again', async () => {
    await openPage('/neet-repeater-scholarship');
    reportFunnelStep('otp_sent');
    reportFunnelStep('otp_sent');
    // The browser fires it at the document, bubbling to the window.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(steps()).toEqual(['page_view', 'otp_sent']);
    reportFunnelStep('payment_started');
    reportFunnelStep('otp_sent');
    window.dispatchEvent(new Event('pagehide'));
    expect(steps()).toEqual(['page_view', 'otp_sent', 'payment_started']);
    // The pause's timer finds nothing left to send.
    vi.advanceTimersByTime(2_000);
    expect(beacons).toHaveLength(2);
  });

  it('reports nothing, and gives the signup no origin, on a page outside the funnel', async () => {
    await openPage('/exam/login', false);
    reportFunnelStep('otp_sent');
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(2_000);
    expect(beacons).toEqual([]);
    expect(funnelOrigin()).toBeUndefined();
  });

  it('does not count a browser that refuses the site storage', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await openPage('/neet-repeater-scholarship?utm_source=google');
    reportFunnelStep('otp_sent');
    vi.advanceTimersByTime(2_000);
    expect(beacons).toEqual([]);
    expect(funnelOrigin()).toBeUndefined();
  });
});
