// The funnel cannot be used to fill the disk (decision 038): a day's budget of events per address
// and for everyone, in the database, over two servers at once; and below a floor of free disk the
// funnel refuses events while registrations still write.
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondApp, testApp, type TestApp } from '../../tests/support/server-harness';
import { configFromEnv } from '../config';

const START = new Date('2025-04-01T06:00:00Z');
const PER_ADDRESS = 120;
const PER_DAY = 1_000;
const funnel = {
  ...configFromEnv({ NODE_ENV: 'test' }).funnel,
  batchesPerMinute: 1_000_000,
  eventsPerAddressPerDay: PER_ADDRESS,
  eventsPerDay: PER_DAY,
  minFreeMb: 1,
};

let t: TestApp;
let other: Awaited<ReturnType<typeof secondApp>>;
beforeAll(async () => {
  t = await testApp({ start: START, config: { funnel } });
  other = await secondApp(t, { funnel });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A batch of `n` page views of made-up visitors, as a script filling the disk would send. */
const batch = (n: number, seed: string) => ({
  sent_at: t.clock.now().getTime(),
  events: Array.from({ length: n }, (_, i) => ({
    step: 'page_view',
    at: t.clock.now().getTime(),
    visitor: `visitor-${seed.replace(/\./g, '_')}-${String(i).padStart(3, '0')}`,
    programme: 'iacst',
    variant: 'iacst_repeater_neet',
    host: 'localhost',
    path: '/neet-repeater-scholarship',
    locale: 'en',
    has_gclid: false,
  })),
});
const send = (i: number, from: string, n = 10) =>
  (i % 2 ? other.call : t.call)({
    method: 'POST',
    url: '/api/funnel/events',
    payload: batch(n, `${from}-${i}`),
    remoteAddress: from,
  });
const stored = async () =>
  Number(
    (
      await t.db
        .selectFrom('funnel_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('the funnel budget', () => {
  it('one address: at most its events a day, sent together to two servers', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i, '10.90.0.1')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PER_ADDRESS / 10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - PER_ADDRESS / 10);
    expect(await stored()).toBe(PER_ADDRESS);
  });

  it('100 addresses: everyone together at most the day’s events', async () => {
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, a) => Promise.all([0, 1, 2].map((i) => send(i, `10.91.0.${a}`, 50)))),
    );
    const ok = answers.flat().filter((r) => r.statusCode === 200).length;
    expect(ok * 50 + before).toBeLessThanOrEqual(PER_DAY);
    expect(await stored()).toBeLessThanOrEqual(PER_DAY);
    expect(await stored()).toBeGreaterThan(PER_DAY - 50);
    // The next day the budgets are new.
    t.clock.advance(24 * 3_600_000);
    expect((await send(0, '10.90.0.1')).statusCode).toBe(200);
  });
});

describe('the disk guard', () => {
  it('below the free-space floor the funnel says to come back later, and a registration still writes', async () => {
    const floor = { ...funnel, minFreeMb: 1024 ** 3 }; // a petabyte: no disk here has that free
    const tight = await testApp({ start: START, config: { funnel: floor, dataDir: tmpdir() } });
    try {
      const refused = await tight.call({
        method: 'POST',
        url: '/api/funnel/events',
        payload: batch(1, 'disk'),
      });
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const sent = await tight.call({
        method: 'POST',
        url: '/api/otp/send?mobile=9811100001&exam_type=MOCK-NEET',
      });
      expect(sent.statusCode).toBe(200);
    } finally {
      await tight.close();
    }
  });
});
