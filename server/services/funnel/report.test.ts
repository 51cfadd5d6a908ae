// The funnel's aggregation with known events: counts, conversions, medians, the UTM split, the
// comparison of two variants, and the roll-up keeping the totals. On SQLite and, with
// TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL: the same queries on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '../../../src/domain/dates';
import { stepCode, type FunnelStep } from '../../../src/domain/funnel-steps';
import { freshPostgresDatabase } from '../../../tests/support/server-harness';
import { createDb, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrations/index';
import { compareVariants, funnelReport, type StepFigures } from './report';
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

async function visit(
  id: { programme: string; variant: string },
  visitor: string,
  utmSource: string,
  steps: [FunnelStep, number][],
  start = T0,
) {
  await db
    .insertInto('funnel_events')
    .values(
      steps.map(([step, after]) => ({
        ...id,
        visitor,
        step: stepCode(step),
        at_ms: start + after,
        day: indiaDate(new Date(start + after)),
        host: 'iacst.example.com',
        path: '/x',
        locale: 'en',
        utm_source: utmSource,
        utm_medium: '',
        utm_campaign: '',
        has_gclid: 0,
      })),
    )
    .execute();
}

async function seed() {
  await visit(A, 'visitor-a1-0000000', 'google', [
    ['page_view', 0],
    ['card_started', 10 * S],
    ['otp_sent', 30 * S],
    ['otp_verified', 60 * S],
    ['details_saved', 120 * S],
    ['exam_chosen', 180 * S],
    ['registered', 200 * S],
  ]);
  await visit(A, 'visitor-a2-0000000', 'google', [
    ['page_view', 0],
    ['card_started', 20 * S],
    ['otp_sent', 50 * S],
  ]);
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
    const a = report[1];
    // [visitors, from previous, from view, median ms from previous]
    expect(stepsOf(a?.steps ?? [])).toEqual({
      page_view: [4, null, 1, null],
      card_started: [3, 3 / 4, 3 / 4, 20 * S], // gaps 10, 20, 40 s
      otp_sent: [2, 2 / 3, 2 / 4, 25 * S], // gaps 20, 30 s: the mean of the middle two
      otp_verified: [1, 1 / 2, 1 / 4, 30 * S],
      details_saved: [1, 1, 1 / 4, 60 * S],
      exam_chosen: [1, 1, 1 / 4, 60 * S],
      payment_started: [0, 0, 0, null],
      // A free registration: its previous step is the last one anyone reached (exam chosen).
      registered: [1, 1, 1 / 4, 20 * S],
      paid: [0, 0, 0, null],
    });
    expect(a?.medianApproximate).toBe(false);
    const b = report[0];
    expect(stepsOf(b?.steps ?? [])).toMatchObject({
      page_view: [1, null, 1, null],
      card_started: [0, 0, 0, null],
      // Nobody between: the view is the previous step; the time is from the visitor's own previous step.
      payment_started: [1, 1, 1, 100 * S],
      registered: [1, 1, 1, 60 * S],
      paid: [1, 1, 1, 0],
    });
  });

  it('splits each variant by UTM source', async () => {
    const [, a] = await funnelReport(db, MARCH_1_15);
    const sources = Object.fromEntries((a?.bySource ?? []).map((s) => [s.utmSource, stepsOf(s.steps)]));
    expect(Object.keys(sources)).toEqual(['', 'facebook', 'google']);
    expect(sources.google).toMatchObject({
      page_view: [2, null, 1, null],
      card_started: [2, 1, 1, 15 * S], // gaps 10, 20 s
      otp_sent: [2, 1, 1, 25 * S],
      registered: [1, 1, 1 / 2, 20 * S],
    });
    expect(sources.facebook).toMatchObject({
      page_view: [1, null, 1, null],
      card_started: [1, 1, 1, 40 * S],
    });
    expect(sources['']).toMatchObject({ page_view: [1, null, 1, null], card_started: [0, 0, 0, null] });
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
    // By source, a group is one day and one source: its daily median is the exact one.
    const medians = async () =>
      (await funnelReport(db, MARCH_1_15)).map((v) =>
        v.bySource.map((source) => [source.utmSource, source.steps.map((x) => x.medianMsFromPrevious)]),
      );
    const before = await totals();
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
    // Across sources the daily medians are combined (weighted by their counts): marked approximate.
    expect((await funnelReport(db, MARCH_1_15)).every((v) => v.medianApproximate)).toBe(true);

    // Again: nothing more to roll up, nothing counted twice.
    expect(await rollupFunnel(db, { now: new Date('2025-04-01T06:00:00Z'), afterDays: 20 })).toEqual({
      events: 0,
      dailyRows: 0,
    });
    expect(await totals()).toEqual(before);
  });
});
