// The funnel's aggregation with known events: counts, conversions, medians (read from the gap
// buckets stored as events arrive, also out of order), the UTM split, the comparison of two
// variants, the roll-up keeping the totals and medians, and demo traffic (the sandbox mark) told
// apart before and after the roll-up. On SQLite and, with
// TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL: the same queries on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, funnelStepsOf, stepCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import { freshPostgresDatabase } from '../../../tests/support/server-harness';
import { createDb, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrations/index';
import type { FunnelEventsTable } from '../../db/tables/funnel';
import { recordServerSteps } from './events';
import { bucketMedian, gapBucket, UNTIMED } from './gap-buckets';
import { compareVariants, funnelCampaigns, funnelReport, type StepFigures } from './report';
import { rollupFunnel } from './rollup';

let db: Db;
let drop = async () => {};
beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const fresh = await freshPostgresDatabase(admin);
    db = createDb({ databaseUrl: fresh.url });
    drop = fresh.drop;
  } else db = createDb({ sqliteFile: ':memory:' });
  await migrateToLatest(db);
  await seed();
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const A = { programme: 'iacst', variant: 'iacst_repeater_neet' };
const B = { programme: 'iacst', variant: 'iacst_adst' };
/** 10 March 2025, 10:30 in India. */
const T0 = Date.parse('2025-03-10T05:00:00Z');
const S = 1_000;

/** A visitor's steps, each recorded as it arrives (in this order), `after` ms from `start`. */
async function visit(
  id: { programme: string; variant: string },
  visitor: string,
  utmSource: string,
  steps: [FunnelStep, number][],
  start = T0,
  campaign: { utm_medium?: string; utm_campaign?: string } = {},
) {
  const origin = { ...id, visitor, host: 'iacst.example.com', path: '/x', locale: 'en', ...campaign };
  for (const [step, after] of steps)
    await recordServerSteps(
      db,
      { ...origin, utm_source: utmSource || undefined, has_gclid: false },
      [step],
      new Date(start + after),
    );
}

/** The median the report gives for these gaps (in s): their gap buckets' (gap-buckets.test.ts: within 4.4 %). */
function bm(...gapsS: number[]): number | null {
  const counts = new Map<number, number>();
  for (const gap of gapsS) counts.set(gapBucket(gap * S), (counts.get(gapBucket(gap * S)) ?? 0) + 1);
  return bucketMedian(counts);
}

async function seed() {
  await visit(
    A,
    'visitor-a1-0000000',
    'google',
    [
      ['page_view', 0],
      ['card_started', 10 * S],
      ['otp_sent', 30 * S],
      ['otp_verified', 60 * S],
      ['details_saved', 120 * S],
      ['exam_chosen', 180 * S],
      ['registered', 200 * S],
    ],
    T0,
    { utm_medium: 'cpc', utm_campaign: 'neet-2025' },
  );
  await visit(
    A,
    'visitor-a2-0000000',
    'google',
    [
      ['page_view', 0],
      ['card_started', 20 * S],
      ['otp_sent', 50 * S],
    ],
    T0,
    { utm_medium: 'cpc', utm_campaign: 'जेईई-push' },
  );
  await visit(A, 'visitor-a3-0000000', 'facebook', [
    ['page_view', 0],
    ['card_started', 40 * S],
  ]);
  await visit(A, 'visitor-a4-0000000', '', [['page_view', 0]]);
  await visit(B, 'visitor-b1-0000000', 'google', [
    ['page_view', 0],
    ['payment_started', 100 * S],
    ['registered', 160 * S],
    ['paid', 160 * S],
  ]);
  // Ten days later, outside the first range.
  await visit(A, 'visitor-a5-0000000', 'google', [['page_view', 0]], T0 + 10 * 24 * 3_600 * S);
}

const MARCH_1_15 = { from: '2025-03-01', to: '2025-03-15' };
const stepsOf = (steps: StepFigures[]) =>
  Object.fromEntries(
    steps.map((s) => [s.step, [s.visitors, s.fromPrevious, s.fromView, s.medianMsFromPrevious]]),
  );

describe('the funnel report', () => {
  it('counts each step’s visitors per variant, with conversions from the previous step and the view, and median times', async () => {
    const report = await funnelReport(db, MARCH_1_15);
    expect(report.map((v) => v.variant)).toEqual(['iacst_adst', 'iacst_repeater_neet']);
    // What the server records is never demo traffic.
    expect(report.map((v) => v.sandboxVisitors)).toEqual([0, 0]);
    const a = report[1];
    // [visitors, from previous, from view, median ms from previous]
    expect(stepsOf(a?.steps ?? [])).toEqual({
      page_view: [4, null, 1, null],
      card_started: [3, 3 / 4, 3 / 4, bm(10, 20, 40)],
      otp_sent: [2, 2 / 3, 2 / 4, bm(20, 30)], // the mean of the middle two
      otp_verified: [1, 1 / 2, 1 / 4, bm(30)],
      details_saved: [1, 1, 1 / 4, bm(60)],
      exam_chosen: [1, 1, 1 / 4, bm(60)],
      payment_started: [0, 0, 0, null],
      // From the step before it in the list, even when nobody reached that one.
      registered: [1, null, 1 / 4, bm(20)],
      paid: [0, 0, 0, null],
    });
    // Bucket medians, near the exact ones: 20 s and 25 s.
    expect(Math.abs((bm(10, 20, 40) ?? 0) / (20 * S) - 1)).toBeLessThan(0.045);
    expect(Math.abs((bm(20, 30) ?? 0) / (25 * S) - 1)).toBeLessThan(0.045);
    const b = report[0];
    expect(stepsOf(b?.steps ?? [])).toMatchObject({
      page_view: [1, null, 1, null],
      card_started: [0, 0, 0, null],
      otp_sent: [0, null, 0, null],
      // Nobody between: no share of nobody; the time is from the visitor's own previous step.
      payment_started: [1, null, 1, bm(100)],
      registered: [1, 1, 1, bm(60)],
      paid: [1, 1, 1, 0],
    });
  });

  it('shows a free programme without payment steps: each step converts from the one above it', async () => {
    const free = funnelStepsOf({ fee: { amount: 0 } });
    const report = await funnelReport(db, MARCH_1_15, (programme) =>
      programme === A.programme ? free : FUNNEL_STEPS,
    );
    const a = report[1];
    expect(a?.steps.map((s) => s.step)).toEqual([
      'page_view',
      'card_started',
      'otp_sent',
      'otp_verified',
      'details_saved',
      'exam_chosen',
      'registered',
    ]);
    expect(stepsOf(a?.steps ?? []).registered).toEqual([1, 1, 1 / 4, bm(20)]);
    expect(a?.bySource.every((s) => s.steps.length === free.length)).toBe(true);
    expect(funnelStepsOf({ fee: { amount: 200 } })).toEqual(FUNNEL_STEPS);
  });

  it('splits each variant by UTM source', async () => {
    const [, a] = await funnelReport(db, MARCH_1_15);
    const sources = Object.fromEntries((a?.bySource ?? []).map((s) => [s.utmSource, stepsOf(s.steps)]));
    expect(Object.keys(sources)).toEqual(['', 'facebook', 'google']);
    expect(sources.google).toMatchObject({
      page_view: [2, null, 1, null],
      card_started: [2, 1, 1, bm(10, 20)],
      otp_sent: [2, 1, 1, bm(20, 30)],
      registered: [1, null, 1 / 2, bm(20)],
    });
    expect(sources.facebook).toMatchObject({
      page_view: [1, null, 1, null],
      card_started: [1, 1, 1, bm(40)],
    });
    expect(sources['']).toMatchObject({ page_view: [1, null, 1, null], card_started: [0, 0, 0, null] });
  });

  it('times a step from the visitor’s previous one even when the previous one arrives later', async () => {
    const C = { programme: 'mock-neet', variant: 'default' };
    // The signup's registered is recorded before the page's batch with exam chosen arrives.
    await visit(C, 'late-batch-visitor-01', '', [
      ['page_view', 0],
      ['details_saved', 40 * S],
      ['registered', 100 * S],
      ['exam_chosen', 70 * S],
    ]);
    const [c] = await funnelReport(db, { ...MARCH_1_15, variants: [C] });
    expect(stepsOf(c?.steps ?? [])).toMatchObject({
      details_saved: [1, null, 1, bm(40)],
      exam_chosen: [1, 1, 1, bm(30)],
      registered: [1, null, 1, bm(30)], // timed from exam chosen (70 s), not from details saved (60 s)
    });
    await db.deleteFrom('funnel_events').where('visitor', '=', 'late-batch-visitor-01').execute();
  });

  it('keeps to the date range, the variants and the UTM source asked for', async () => {
    const wide = await funnelReport(db, { from: '2025-03-01', to: '2025-03-31', variants: [A] });
    expect(wide.map((v) => [v.variant, v.steps[0]?.visitors])).toEqual([['iacst_repeater_neet', 5]]);
    const later = await funnelReport(db, { from: '2025-03-16', to: '2025-03-31' });
    expect(later.map((v) => [v.variant, v.steps[0]?.visitors])).toEqual([['iacst_repeater_neet', 1]]);
    const facebook = await funnelReport(db, { ...MARCH_1_15, utmSource: 'facebook' });
    expect(facebook.map((v) => [v.variant, v.steps[0]?.visitors, v.steps[1]?.visitors])).toEqual([
      ['iacst_repeater_neet', 1, 1],
    ]);
    expect(await funnelReport(db, { ...MARCH_1_15, programme: 'mock-neet' })).toEqual([]);
  });

  it('filters by UTM medium and campaign, and lists the campaigns the range has', async () => {
    const cpc = await funnelReport(db, { ...MARCH_1_15, utmMedium: 'cpc' });
    expect(cpc.map((v) => [v.variant, v.steps[0]?.visitors, v.steps[2]?.visitors])).toEqual([
      ['iacst_repeater_neet', 2, 2],
    ]);
    const hindi = await funnelReport(db, { ...MARCH_1_15, utmSource: 'google', utmCampaign: 'जेईई-push' });
    expect(hindi.map((v) => [v.variant, v.steps[0]?.visitors, v.steps[3]?.visitors])).toEqual([
      ['iacst_repeater_neet', 1, 0],
    ]);
    expect(await funnelReport(db, { ...MARCH_1_15, utmSource: 'facebook', utmMedium: 'cpc' })).toEqual([]);
    expect(await funnelCampaigns(db, MARCH_1_15)).toEqual([
      { utmSource: '', utmMedium: '', utmCampaign: '' },
      { utmSource: 'facebook', utmMedium: '', utmCampaign: '' },
      { utmSource: 'google', utmMedium: '', utmCampaign: '' },
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'neet-2025' },
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'जेईई-push' },
    ]);
  });
});

describe('comparing two variants', () => {
  it('gives view → registered and view → paid with intervals and a p-value, or not enough data', async () => {
    const few = await compareVariants(db, MARCH_1_15, A, B, 100);
    expect(few.registered).toMatchObject({ enough: false, a: { x: 1, n: 4 }, b: { x: 1, n: 1 } });
    expect(few.paid).toMatchObject({ enough: false, a: { x: 0, n: 4 }, b: { x: 1, n: 1 } });

    // 200 views each on 1 February: 60 against 40 registered (statistics.test.ts works it: p = 0.02092).
    const feb = Date.parse('2025-02-01T05:00:00Z');
    for (let i = 0; i < 200; i++) {
      const registered: [FunnelStep, number][] = [
        ['page_view', 0],
        ['registered', 60 * S],
      ];
      await visit(
        A,
        `feb-a-${String(i).padStart(12, '0')}`,
        'google',
        i < 60 ? registered : [['page_view', 0]],
        feb,
      );
      await visit(
        B,
        `feb-b-${String(i).padStart(12, '0')}`,
        'google',
        i < 40 ? registered : [['page_view', 0]],
        feb,
      );
    }
    const compared = await compareVariants(db, { from: '2025-02-01', to: '2025-02-01' }, A, B, 100);
    expect(compared.registered).toMatchObject({
      enough: true,
      a: { x: 60, n: 200, rate: 0.3 },
      b: { x: 40, n: 200 },
    });
    if (!compared.registered.enough) throw new Error('expected enough data');
    expect(compared.registered.p).toBeCloseTo(0.02092, 5);
    expect(compared.paid).toMatchObject({ enough: false });
  });
});

describe('the roll-up', () => {
  it('turns old events into daily counts: every report answers the same totals before and after', async () => {
    const ranges = [
      { from: '2025-01-01', to: '2025-03-31' },
      MARCH_1_15,
      { from: '2025-02-01', to: '2025-02-01' },
      { from: '2025-03-01', to: '2025-03-31', utmSource: 'google' },
      { from: '2025-03-01', to: '2025-03-31', utmMedium: 'cpc', utmCampaign: 'neet-2025' },
    ];
    const totals = async () =>
      Promise.all(
        ranges.map(async (range) =>
          (await funnelReport(db, range)).map((v) => ({
            variant: v.variant,
            steps: v.steps.map((s) => [s.step, s.visitors, s.fromPrevious, s.fromView]),
            bySource: v.bySource.map((s) => [s.utmSource, s.steps.map((x) => x.visitors)]),
          })),
        ),
      );
    // The gap buckets are rolled up with the counts: every median is the same too.
    const medians = async () =>
      (await funnelReport(db, MARCH_1_15)).map((v) => [
        v.steps.map((x) => [x.medianMsFromPrevious, x.timed]),
        v.bySource.map((source) => [source.utmSource, source.steps.map((x) => x.medianMsFromPrevious)]),
      ]);
    const before = await totals();
    const campaignsBefore = await funnelCampaigns(db, MARCH_1_15);
    const mediansBefore = await medians();
    const eventsBefore = Number(
      (
        await db
          .selectFrom('funnel_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    // On 1 April, 20 days: everything before 12 March is rolled up; the 20 March view stays.
    const result = await rollupFunnel(db, { now: new Date('2025-04-01T06:00:00Z'), afterDays: 20 });
    expect(result.events).toBe(eventsBefore - 1);
    const left = await db.selectFrom('funnel_events').select(['visitor', 'day']).execute();
    expect(left).toEqual([{ visitor: 'visitor-a5-0000000', day: '2025-03-20' }]);
    expect(await totals()).toEqual(before);
    expect(await medians()).toEqual(mediansBefore);
    expect(await funnelCampaigns(db, MARCH_1_15)).toEqual(campaignsBefore);

    // Again: nothing more to roll up, nothing counted twice.
    expect(await rollupFunnel(db, { now: new Date('2025-04-01T06:00:00Z'), afterDays: 20 })).toEqual({
      events: 0,
      dailyRows: 0,
    });
    expect(await totals()).toEqual(before);
  });
});

describe('demo traffic (the sandbox mark)', () => {
  const MAY_5 = Date.parse('2025-05-05T05:00:00Z');
  const MAY = { from: '2025-05-01', to: '2025-05-31' };
  /** A made-up event as `npm run demo:traffic` writes it: sandbox 1. */
  const demoEvent = (visitor: string, step: FunnelStep, gapBucket: number): FunnelEventsTable => ({
    ...A,
    visitor,
    step: stepCode(step),
    at_ms: MAY_5,
    day: '2025-05-05',
    host: 'iacst.example.com',
    path: '/x',
    locale: 'en',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'demo',
    has_gclid: 1,
    gap_bucket: gapBucket,
    sandbox: 1,
    page_version: null,
  });
  const daily = () =>
    db
      .selectFrom('funnel_daily')
      .select(['step', 'sandbox', 'visitors'])
      .where('day', '=', '2025-05-05')
      .where('step', '=', stepCode('page_view'))
      .orderBy('sandbox')
      .execute();

  it('counts demo page views apart, and the roll-up keeps them apart', async () => {
    // Two real visitors and three made-up ones on A, with the same day, step, source and gap
    // bucket: the roll-up's daily rows must keep them in two rows, not one.
    await visit(A, 'may-real-1-0000000', 'google', [['page_view', 0]], MAY_5);
    await visit(
      A,
      'may-real-2-0000000',
      'google',
      [
        ['page_view', 0],
        ['card_started', 30 * S],
      ],
      MAY_5,
    );
    await db
      .insertInto('funnel_events')
      .values([
        demoEvent('sandbox-may-1', 'page_view', UNTIMED),
        demoEvent('sandbox-may-2', 'page_view', UNTIMED),
        demoEvent('sandbox-may-3', 'page_view', UNTIMED),
        demoEvent('sandbox-may-3', 'card_started', gapBucket(30 * S)),
      ])
      .execute();
    const summary = async () =>
      (await funnelReport(db, MAY)).map((v) => ({
        variant: v.variant,
        sandboxVisitors: v.sandboxVisitors,
        steps: v.steps.map((x) => [x.step, x.visitors, x.medianMsFromPrevious]),
        google: v.bySource.find((x) => x.utmSource === 'google')?.steps.map((x) => x.visitors),
      }));
    const before = await summary();
    expect(before).toMatchObject([
      { variant: 'iacst_repeater_neet', sandboxVisitors: 3, google: [5, 2, 0, 0, 0, 0, 0, 0, 0] },
    ]);
    // Only what the filter reads: no Google page views in a 'direct' report, so no demo ones either.
    expect((await funnelReport(db, { ...MAY, utmSource: '' })).map((v) => v.sandboxVisitors)).toEqual([]);

    await rollupFunnel(db, { now: new Date('2025-06-01T06:00:00Z'), afterDays: 10 });
    expect(
      await db.selectFrom('funnel_events').select('visitor').where('day', '=', '2025-05-05').execute(),
    ).toEqual([]);
    expect((await daily()).map((r) => [r.sandbox, Number(r.visitors)])).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(await summary()).toEqual(before);
  });
});
