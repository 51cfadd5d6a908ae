// The funnel reporter: one anonymous id per browser (kept, resettable), the visit's campaign, each
// step once, batches sent after a pause or at once on flush, and what it sends is what the server
// takes (the batches are posted to a real app as navigator.sendBeacon would post them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import {
  createFunnelReporter,
  funnelStepOf,
  funnelVisitor,
  resetFunnelVisitor,
  type FunnelPage,
} from './funnel-reporter';
import { memoryStorage } from './session-store';

const PAGE: FunnelPage = {
  programme: 'iacst',
  variant: 'iacst_repeater_neet',
  host: 'iacst.example.com',
  path: '/neet-repeater-scholarship',
  locale: 'en',
};

function harness(search = '', local = memoryStorage(), session = memoryStorage()) {
  const sent: string[] = [];
  const timers: (() => void)[] = [];
  let clock = Date.parse('2025-04-01T06:00:00Z');
  const reporter = createFunnelReporter({
    page: PAGE,
    search,
    storage: { local, session },
    now: () => clock,
    send: (body) => sent.push(body) > 0,
    schedule: (run) => timers.push(run),
  });
  if (!reporter) throw new Error('no reporter');
  return {
    reporter,
    sent,
    local,
    session,
    tick: (ms: number) => void (clock += ms),
    runTimers: () => timers.splice(0).forEach((run) => run()),
    events: () => sent.flatMap((body) => (JSON.parse(body) as { events: Record<string, unknown>[] }).events),
  };
}

describe('the funnel reporter', () => {
  it('keeps one random visitor id per browser until it is reset', () => {
    const local = memoryStorage();
    const first = funnelVisitor(local);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(funnelVisitor(local)).toBe(first);
    expect(funnelVisitor(memoryStorage())).not.toBe(first);
    resetFunnelVisitor(local);
    expect(funnelVisitor(local)).not.toBe(first);
    // A tampered id is replaced, never sent.
    local.setItem('examflow:funnel-visitor', 'x');
    expect(funnelVisitor(local)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('queues each step once and sends them together after a pause, with the visit’s campaign', () => {
    const h = harness('?utm_source=google&utm_medium=cpc&utm_campaign=neet&gclid=G-1&name=Riya');
    h.reporter.report('page_view');
    h.tick(1_500);
    h.reporter.report('card_started');
    h.reporter.report('page_view');
    expect(h.sent).toEqual([]);
    h.runTimers();
    expect(h.sent).toHaveLength(1);
    const visitor = funnelVisitor(h.local);
    expect(h.events()).toEqual([
      {
        step: 'page_view',
        at: Date.parse('2025-04-01T06:00:00Z'),
        visitor,
        ...PAGE,
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'neet',
        has_gclid: true,
      },
      expect.objectContaining({ step: 'card_started', at: Date.parse('2025-04-01T06:00:01.500Z') }),
    ]);
    // Nothing but the page, the campaign and the anonymous id: not the gclid, not other query values.
    expect(h.sent[0]).not.toContain('G-1');
    expect(h.sent[0]).not.toContain('Riya');
  });

  it('a later page of the tab without a campaign keeps the one the visit arrived with', () => {
    const session = memoryStorage();
    harness('?utm_source=facebook', memoryStorage(), session);
    const later = harness('', memoryStorage(), session);
    later.reporter.report('page_view');
    later.reporter.flush();
    expect(later.events()[0]).toMatchObject({ utm_source: 'facebook', has_gclid: false });
  });

  it('flush sends at once (the page is hidden), in batches of at most 50', () => {
    const h = harness();
    h.reporter.report('otp_sent');
    h.reporter.flush();
    expect(h.events().map((e) => e.step)).toEqual(['otp_sent']);
    h.reporter.flush();
    expect(h.sent).toHaveLength(1);
  });

  it('gives the signup its origin, and reports nothing for a page it cannot describe', () => {
    const h = harness();
    expect(h.reporter.origin()).toEqual({ visitor: funnelVisitor(h.local), ...PAGE });
    expect(createFunnelReporter({ page: { ...PAGE, host: '[::1]:3000' }, search: '' })).toBeNull();
  });

  it('maps the card’s analytics events to its steps', () => {
    expect(funnelStepOf('otp_verified')).toBe('otp_verified');
    expect(funnelStepOf('student_details_submitted')).toBe('details_saved');
    expect(funnelStepOf('exam_details_submitted')).toBe('exam_chosen');
    expect(funnelStepOf('coupon_applied')).toBeUndefined();
    expect(funnelStepOf('toString')).toBeUndefined();
  });
});

describe('what the reporter sends, the server takes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
  });
  afterAll(async () => t.close());

  it('stores a whole visit sent as sendBeacon sends it (text/plain)', async () => {
    const h = harness('?utm_source=google');
    for (const step of ['page_view', 'card_started', 'otp_sent', 'otp_verified', 'details_saved'] as const)
      h.reporter.report(step);
    h.reporter.flush();
    for (const body of h.sent) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/funnel/events',
        payload: body,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ recorded: 5 });
    }
  });
});
