// Demo traffic (`npm run demo:traffic`): every landing variant with a registration card
// gets weeks of plausible visitors, all of it sandbox-marked, and a second fill replaces the first.
// On SQLite and, with TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '../../src/domain/dates';
import { FUNNEL_STEPS, type FunnelStep } from '../../src/domain/funnel-steps';
import { configDir } from '../../src/engine/node/paths';
import { loadConfig } from '../../src/engine/node/validate-config';
import { freshPostgresDatabase } from '../../tests/support/server-harness';
import { configFromEnv } from '../config';
import { createDb, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrations/index';
import { recordServerSteps } from '../services/funnel/events';
import { funnelReport, type VariantFunnel } from '../services/funnel/report';
import { demoTrafficRefusal, fillDemoTraffic } from './demo-traffic';

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
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const site = loadConfig(configDir());
/** 10 April 2025, 15:30 in India: today is partly filled, up to now. */
const NOW = new Date('2025-04-10T10:00:00Z');
const DAYS = 21;
const RANGE = { from: '2025-03-21', to: '2025-04-10' };
const carded = site.landings
  .filter((l) => l.landing.blocks.some((b) => b.type === 'registration-card'))
  .map((l) => `${l.landing.programme}/${l.landing.variantKey}`)
  .sort();
const free = (programme: string) => site.programmes[programme]?.fee.amount === 0;
const visitorsOf = (v: VariantFunnel | undefined, step: FunnelStep) =>
  v?.steps.find((s) => s.step === step)?.visitors ?? 0;
const countEvents = async (sandbox: number) =>
  Number(
    (
      await db
        .selectFrom('funnel_events')
        .where('sandbox', '=', sandbox)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo traffic', () => {
  const REAL = { programme: 'iacst', variant: 'iacst_adst' };
  let first: Awaited<ReturnType<typeof fillDemoTraffic>>;
  let report: VariantFunnel[];

  beforeAll(async () => {
    // One real visitor: a fill never touches it.
    await recordServerSteps(
      db,
      {
        ...REAL,
        visitor: 'real-visitor-000001',
        host: 'digital.example.com',
        path: '/adst',
        locale: 'en',
        has_gclid: false,
      },
      ['page_view'],
      new Date('2025-04-01T06:00:00Z'),
    );
    first = await fillDemoTraffic({ db }, { now: NOW, days: DAYS, site });
    report = await funnelReport(db, RANGE);
    // A few weeks of made-up traffic: seconds alone, longer with a second suite beside this one.
  });

  it('fills every variant with a registration card, a few hundred to a few thousand visitors a week', () => {
    expect(first.variants.map((v) => `${v.programme}/${v.variant}`).sort()).toEqual(carded);
    expect(report.map((v) => `${v.programme}/${v.variant}`).sort()).toEqual(carded);
    for (const v of first.variants) {
      const weekly = v.visitors / (DAYS / 7);
      expect(weekly, v.variant).toBeGreaterThanOrEqual(200);
      expect(weekly, v.variant).toBeLessThanOrEqual(3_500);
      expect(v.registered, v.variant).toBeGreaterThan(0);
    }
    // Each visitor one event or more (the page view).
    expect(first.events).toBeGreaterThan(first.variants.reduce((sum, v) => sum + v.visitors, 0));
  });

  it('walks down the funnel: no step has more visitors than the one before, payment only where there is a fee', () => {
    for (const v of report) {
      const steps = FUNNEL_STEPS.filter(
        (s) => !free(v.programme) || (s !== 'payment_started' && s !== 'paid'),
      ).map((s) => visitorsOf(v, s));
      for (let i = 1; i < steps.length; i++)
        expect(steps[i], `${v.variant} step ${i}`).toBeLessThanOrEqual(steps[i - 1] ?? 0);
      expect(visitorsOf(v, 'registered')).toBeLessThanOrEqual(visitorsOf(v, 'page_view'));
      const figures = first.variants.find((f) => f.programme === v.programme && f.variant === v.variant);
      expect(figures?.registered).toBe(visitorsOf(v, 'registered'));
      if (free(v.programme)) {
        expect([visitorsOf(v, 'payment_started'), visitorsOf(v, 'paid')], v.variant).toEqual([0, 0]);
      } else {
        expect(visitorsOf(v, 'payment_started'), v.variant).toBeGreaterThan(0);
        expect(visitorsOf(v, 'paid'), v.variant).toBe(visitorsOf(v, 'registered'));
      }
      // Times from the previous step: seconds to minutes.
      const median = v.steps.find((s) => s.step === 'card_started')?.medianMsFromPrevious ?? 0;
      expect(median).toBeGreaterThan(5_000);
      expect(median).toBeLessThan(120_000);
    }
    // Variants convert differently, so a comparison has something to show.
    const rates = report.map((v) => visitorsOf(v, 'registered') / visitorsOf(v, 'page_view'));
    expect(Math.max(...rates) / Math.min(...rates)).toBeGreaterThan(1.1);
  });

  it('spreads visits over the days asked for and several UTM sources, never after now', async () => {
    const span = await db
      .selectFrom('funnel_events')
      .where('sandbox', '=', 1)
      .select((eb) => [
        eb.fn.min('day').as('first'),
        eb.fn.max('day').as('last'),
        eb.fn.max('at_ms').as('latest'),
      ])
      .executeTakeFirstOrThrow();
    expect([span.first, span.last]).toEqual([RANGE.from, indiaDate(NOW)]);
    expect(Number(span.latest)).toBeLessThanOrEqual(NOW.getTime());
    const sources = new Set(report.flatMap((v) => v.bySource.map((s) => s.utmSource)));
    expect([...sources].sort()).toEqual(['', 'facebook', 'google', 'instagram', 'youtube']);
  });

  it('marks it all as sandbox data, and the report says so', async () => {
    expect(await countEvents(1)).toBe(first.events);
    expect(await countEvents(0)).toBe(1);
    for (const v of report) {
      const real = v.programme === REAL.programme && v.variant === REAL.variant ? 1 : 0;
      expect(v.sandboxVisitors, v.variant).toBe(visitorsOf(v, 'page_view') - real);
    }
  });

  it('replaces the earlier demo traffic when run again: the same totals, the real visitor kept', async () => {
    const again = await fillDemoTraffic({ db }, { now: NOW, days: DAYS, site });
    expect(again.replaced).toBe(first.events);
    expect(again.events).toBe(first.events);
    expect(await countEvents(1)).toBe(first.events);
    expect(await countEvents(0)).toBe(1);
    expect(await funnelReport(db, RANGE)).toEqual(report);
  });
});

describe('the sandbox guard', () => {
  it('refuses a database whose sandbox is off, and names why', () => {
    expect(demoTrafficRefusal(configFromEnv({ SANDBOX: 'off' }))).toMatch(/refused: the sandbox is off/);
    expect(demoTrafficRefusal(configFromEnv({ NODE_ENV: 'production' }))).toMatch(/the sandbox is off/);
    expect(demoTrafficRefusal(configFromEnv({ NODE_ENV: 'production', SANDBOX: 'on' }))).toBeNull();
    expect(demoTrafficRefusal(configFromEnv({}))).toBeNull();
  });
});
