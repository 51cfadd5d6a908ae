// The Studio's experiments through the real routes and database: an editor makes one from a page
// and may pause it, not start it; a publisher's start publishes site.json with the split (a
// version in its history); the results count only exposed visitors' steps after their exposure,
// hide nothing until the minimums and say what is missing; declaring a winner gives it the path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepCode } from '../../../src/domain/funnel-steps';
import { writeExposures } from '../../services/experiments/exposures';
import { rollupFunnel } from '../../services/funnel/rollup';
import { contentApp, type ContentApp } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const PATH = '/neet-repeater-scholarship';
const NEW = {
  name: 'Shorter hero',
  hypothesis: 'A shorter first screen gets more repeaters to register.',
  path: PATH,
  arms: [
    { variantKey: 'iacst_repeater_neet', weight: 50 },
    { variantKey: 'iacst_repeater_neet_hindi', weight: 50 },
  ],
  goal: 'registered',
  secondary: ['otp_verified'],
  minEffect: 0.2,
  plannedPerArm: 3841,
  baselineRate: 0.1,
};

describe('experiments in the Studio', () => {
  let id = '';

  it('plans from the page: the other pages of its programme, free or paid, its traffic', async () => {
    const plan = await c.s.as(c.people.esha, {
      method: 'GET',
      url: `/studio/api/experiments/plan?path=${PATH}`,
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.data).toMatchObject({ variantKey: 'iacst_repeater_neet', paid: false, dailyVisitors: 0 });
    const offered = (plan.data.variants as { variantKey: string }[]).map((v) => v.variantKey);
    expect(offered).toContain('iacst_repeater_neet_hindi');
    // Only pages a visitor can register on: not the programme's terms page.
    expect(offered).not.toContain('terms');
    const none = await c.s.as(c.people.esha, {
      method: 'GET',
      url: '/studio/api/experiments/plan?path=/nowhere',
    });
    expect(none.statusCode).toBe(404);
  });

  it('an editor creates a draft; refused in words when the goal does not fit', async () => {
    const paidOnFree = await c.post(c.people.esha, '/experiments', { ...NEW, goal: 'paid' });
    expect(paidOnFree.statusCode).toBe(422);
    expect(paidOnFree.data.message).toMatch(/free/);
    const created = await c.post(c.people.esha, '/experiments', NEW);
    expect(created.statusCode).toBe(200);
    expect(created.data).toMatchObject({ status: 'draft', programme: 'iacst', createdBy: 'Test editor' });
    id = String(created.data.id);
    expect(id).toMatch(/^shorter-hero-[0-9a-f]{4}$/);
  });

  it('only a publisher starts it: site.json is published with the split, as a version in its history', async () => {
    const refused = await c.post(c.people.esha, `/experiments/${id}/action`, { action: 'start' });
    expect(refused.statusCode).toBe(403);
    const started = await c.post(c.people.pia, `/experiments/${id}/action`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.data).toMatchObject({ status: 'running' });
    expect(c.t.app.ctx.site.site.experiments).toEqual([{ id, path: PATH, variants: NEW.arms }]);
    const history = await c.s.as(c.people.pia, { method: 'GET', url: '/studio/api/history?path=site.json' });
    expect(JSON.stringify(history.data)).toContain('Start the experiment “Shorter hero”');
  });

  it('counts only exposed visitors, and their steps after the exposure; not enough data yet', async () => {
    const at = c.t.clock.now().getTime();
    await writeExposures(c.t.db, [
      ...Array.from({ length: 40 }, (_, i) => ({
        experiment: id,
        arm: 'iacst_repeater_neet',
        visitor: `visitor-a-${i}-xxxxxxxx`,
        atMs: at,
      })),
      ...Array.from({ length: 37 }, (_, i) => ({
        experiment: id,
        arm: 'iacst_repeater_neet_hindi',
        visitor: `visitor-b-${i}-xxxxxxxx`,
        atMs: at,
      })),
    ]);
    const event = (visitor: string, variant: string, step: 'registered' | 'otp_verified', atMs: number) => ({
      programme: 'iacst',
      variant,
      visitor,
      step: stepCode(step),
      at_ms: atMs,
      day: '2026-12-07',
      host: 'localhost',
      path: PATH,
      locale: 'en',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      has_gclid: 0,
      gap_bucket: -1,
      sandbox: 0,
      page_version: null,
    });
    await c.t.db
      .insertInto('funnel_events')
      .values([
        ...Array.from({ length: 6 }, (_, i) =>
          event(`visitor-a-${i}-xxxxxxxx`, 'iacst_repeater_neet', 'registered', at + 1000),
        ),
        ...Array.from({ length: 9 }, (_, i) =>
          event(`visitor-b-${i}-xxxxxxxx`, 'iacst_repeater_neet_hindi', 'registered', at + 1000),
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          event(`visitor-b-${i}-xxxxxxxx`, 'iacst_repeater_neet_hindi', 'otp_verified', at + 500),
        ),
        // Not counted: a step before the exposure, a step on the other arm's page, a visitor never exposed.
        event('visitor-a-30-xxxxxxxx', 'iacst_repeater_neet', 'registered', at - 3_600_000),
        event('visitor-a-31-xxxxxxxx', 'iacst_repeater_neet_hindi', 'registered', at + 1000),
        event('someone-not-exposed-xx', 'iacst_repeater_neet', 'registered', at + 1000),
      ])
      .execute();
    const results = await c.s.as(c.people.esha, { method: 'GET', url: `/studio/api/experiments/${id}` });
    expect(results.statusCode).toBe(200);
    const { arms, shortfall, verdict, srm } = results.data.results as {
      arms: {
        variantKey: string;
        exposed: number;
        steps: { step: string; conversions: number; test?: { p: number } }[];
      }[];
      shortfall: unknown;
      verdict: unknown;
      srm: { mismatch: boolean };
    };
    expect(arms.map((a) => [a.variantKey, a.exposed, a.steps.map((s) => s.conversions)])).toEqual([
      ['iacst_repeater_neet', 40, [6, 0]],
      ['iacst_repeater_neet_hindi', 37, [9, 12]],
    ]);
    expect(arms[1]?.steps[0]?.test?.p).toBeGreaterThan(0);
    expect(shortfall).toEqual({ kind: 'visitors', arm: 1, have: 37, need: 100 });
    expect(verdict).toBeNull();
    expect(srm.mismatch).toBe(false);

    // An experiment longer than the funnel keeps its events: the roll-up turns them into daily
    // counts that name no visitor, and the conversions are kept beside them (twice: nothing doubles).
    const counted = async () => {
      const again = await c.s.as(c.people.esha, { method: 'GET', url: `/studio/api/experiments/${id}` });
      const { arms } = again.data.results as {
        arms: { exposed: number; steps: { conversions: number }[] }[];
      };
      return arms.map((a) => [a.exposed, a.steps.map((s) => s.conversions)]);
    };
    const later = new Date(at + 100 * 86_400_000);
    for (let i = 0; i < 2; i++) await rollupFunnel(c.t.db, { now: later, afterDays: 90 });
    expect(
      await c.t.db.selectFrom('funnel_events').select('visitor').where('day', '=', '2026-12-07').execute(),
    ).toEqual([]);
    expect(await counted()).toEqual([
      [40, [6, 0]],
      [37, [9, 12]],
    ]);
  });

  it('an editor may pause it (everyone sees the page again); a publisher declares the winner, which takes the path', async () => {
    const paused = await c.post(c.people.esha, `/experiments/${id}/action`, { action: 'pause' });
    expect(paused.statusCode).toBe(200);
    expect(paused.data.status).toBe('paused');
    expect(c.t.app.ctx.site.site.experiments ?? []).toEqual([]);
    const refused = await c.post(c.people.esha, `/experiments/${id}/action`, {
      action: 'declare',
      winner: 'iacst_repeater_neet_hindi',
    });
    expect(refused.statusCode).toBe(403);
    const declared = await c.post(c.people.pia, `/experiments/${id}/action`, {
      action: 'declare',
      winner: 'iacst_repeater_neet_hindi',
    });
    expect(declared.statusCode).toBe(200);
    expect(declared.data).toMatchObject({ status: 'decided', winner: 'iacst_repeater_neet_hindi' });
    const pathsOf = (key: string) =>
      c.t.app.ctx.site.landings.find((l) => l.landing.variantKey === key)?.landing.paths;
    expect(pathsOf('iacst_repeater_neet_hindi')).toEqual([PATH]);
    expect(pathsOf('iacst_repeater_neet')).toEqual(['/neet-repeater-scholarship-hindi']);
    const list = await c.s.as(c.people.esha, { method: 'GET', url: '/studio/api/experiments' });
    expect((list.data.experiments as { id: string; status: string }[])[0]).toMatchObject({
      id,
      status: 'decided',
    });
  });
});
