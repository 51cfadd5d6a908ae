// The funnel's events: the batch endpoint, and the registered and paid steps the
// server records itself from a real signup and a real payment. Runs on SQLite and, with
// TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepCode } from '../../src/domain/funnel-steps';
import { iacstSignupBody, testApp, type TestApp } from '../../tests/support/server-harness';
import { rollupFunnel } from '../services/funnel/rollup';

// 1 April 2025 in India: iACST (free) and the NEET mock (paid) are open.
const START = new Date('2025-04-01T06:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    start: START,
    config: {
      funnel: {
        rollupAfterDays: 90,
        minSample: 100,
        batchesPerMinute: 5,
        eventsPerAddressPerDay: 5_000,
        eventsPerDay: 2_000_000,
        minFreeMb: 1,
      },
    },
  });
});
afterAll(async () => t.close());

type Data = Record<string, unknown>;
const VISITOR = 'v-0123456789abcdef';
const event = (step: string, extra: Data = {}): Data => ({
  step,
  at: t.clock.now().getTime(),
  visitor: VISITOR,
  programme: 'iacst',
  variant: 'iacst_repeater_neet',
  host: 'iacst.example.com',
  path: '/neet-repeater-scholarship',
  locale: 'en',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'neet-2025',
  has_gclid: true,
  ...extra,
});
let address = 0;
/** Each call from its own address, so the throttle of one test does not reach another. */
const post = (payload: Data | string, headers: Record<string, string> = {}, ip = `10.0.0.${++address}`) =>
  t.call({ method: 'POST', url: '/api/funnel/events', payload, headers, remoteAddress: ip });
const rowsOf = (visitor: string) =>
  t.db.selectFrom('funnel_events').selectAll().where('visitor', '=', visitor).orderBy('step').execute();

describe('POST /api/funnel/events', () => {
  it('stores each step once per visitor and variant, with the time moved by the browser clock’s offset', async () => {
    const now = t.clock.now().getTime();
    // The browser's clock is 10 minutes fast: its times are moved back by 10 minutes.
    const skew = 10 * 60_000;
    const answer = await post({
      sent_at: now + skew,
      events: [
        event('page_view', { at: now + skew - 5_000 }),
        event('card_started', { at: now + skew - 2_000 }),
        event('page_view', { at: now + skew - 1_000 }),
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.data).toEqual({ success: 'true', msg: 'Events recorded.', recorded: 2 });
    const rows = await rowsOf(VISITOR);
    expect(rows.map((r) => [r.step, Number(r.at_ms)])).toEqual([
      [stepCode('page_view'), now - 5_000],
      [stepCode('card_started'), now - 2_000],
    ]);
    expect(rows[0]).toMatchObject({
      programme: 'iacst',
      variant: 'iacst_repeater_neet',
      day: '2025-04-01',
      host: 'iacst.example.com',
      path: '/neet-repeater-scholarship',
      locale: 'en',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'neet-2025',
      has_gclid: 1,
    });
    // A second page view later (a reload) is the same visitor-step: not stored again.
    const again = await post({ sent_at: now, events: [event('page_view')] });
    expect(again.data.recorded).toBe(0);
  });

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    const visitor = 'beacon-visitor-000001';
    const body = JSON.stringify({
      sent_at: t.clock.now().getTime(),
      events: [event('otp_sent', { visitor })],
    });
    const answer = await post(body, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(answer.statusCode).toBe(200);
    expect((await rowsOf(visitor)).map((r) => r.step)).toEqual([stepCode('otp_sent')]);
  });

  it('keeps a campaign named in any language (the page sends it as the address had it)', async () => {
    const visitor = 'hindi-campaign-visitor-01';
    const answer = await post({
      sent_at: t.clock.now().getTime(),
      events: [event('page_view', { visitor, utm_campaign: 'नीट-2025 ✓' })],
    });
    expect(answer.statusCode).toBe(200);
    expect((await rowsOf(visitor))[0]?.utm_campaign).toBe('नीट-2025 ✓');
  });

  it('refuses what it cannot store with a 400 that says why, and stores nothing of that batch', async () => {
    const now = t.clock.now().getTime();
    const refused = async (payload: Data | string, headers?: Record<string, string>) => {
      const answer = await post(payload, headers);
      expect(answer.statusCode).toBe(400);
      return String(answer.data.msg);
    };
    expect(await refused({ sent_at: now, events: [event('registered')] })).toMatch(
      /^Invalid events\.0\.step: /,
    );
    expect(
      await refused({ sent_at: now, events: [event('page_view', { variant: 'no_such_variant' })] }),
    ).toBe('Unknown variant: programme "iacst" has no landing variant "no_such_variant".');
    // A variant of another programme is not this programme's.
    expect(
      await refused({
        sent_at: now,
        events: [event('page_view', { programme: 'mock-neet', variant: 'iacst_adst' })],
      }),
    ).toMatch(/Unknown variant/);
    expect(await refused({ sent_at: now, events: [event('page_view', { visitor: 'short' })] })).toMatch(
      /^Invalid events\.0\.visitor: /,
    );
    expect(await refused({ sent_at: now, events: [] })).toMatch(/^Invalid events: /);
    expect(
      await refused({ sent_at: now, events: Array.from({ length: 51 }, () => event('page_view')) }),
    ).toMatch(/^Invalid events: /);
    // Personal data has no field to travel in.
    expect(await refused({ sent_at: now, events: [event('page_view', { mobile: '9876543210' })] })).toBe(
      'Invalid request: unknown property "mobile" (check its spelling against the schema).',
    );
    expect(await refused('{not json', { 'content-type': 'text/plain' })).toMatch(/JSON/);
    expect(
      await t.db
        .selectFrom('funnel_events')
        .select('visitor')
        .where('variant', '=', 'no_such_variant')
        .execute(),
    ).toEqual([]);
  });

  it('refuses a body over 32 KB with a 413', async () => {
    const answer = await post({
      sent_at: 0,
      events: [event('page_view', { utm_campaign: 'x'.repeat(40_000) })],
    });
    expect(answer.statusCode).toBe(413);
  });

  it('limits the batches of one address a minute (here 5) with a 429', async () => {
    const ip = '10.9.9.9';
    const send = () => post({ sent_at: t.clock.now().getTime(), events: [event('page_view')] }, {}, ip);
    for (let i = 0; i < 4; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.data.msg).toMatch(/Too many funnel events/);
    // The window is @fastify/rate-limit's minute of real time: the answer says when it ends.
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not held back by this one.
    const other = await post(
      { sent_at: t.clock.now().getTime(), events: [event('page_view')] },
      {},
      '10.9.9.10',
    );
    expect(other.statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).data as { paths: Data };
    expect(Object.keys(doc.paths)).toContain('/api/funnel/events');
  });
});

/** Verifies the mobile by OTP (sandbox SMS); returns the X-Registration-Token header. */
async function tokenFor(mobile: string, examType: string): Promise<Record<string, string>> {
  t.clock.advance(46_000);
  const sent = await t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=${examType}` });
  expect(sent.statusCode).toBe(200);
  const sms = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const otp = (JSON.parse(sms.body) as { otp: string }[])[0]?.otp;
  const verified = await t.call({
    method: 'POST',
    url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=${examType}`,
  });
  expect(verified.statusCode).toBe(200);
  return { 'x-registration-token': String(verified.data.registration_token) };
}

const origin = (visitor: string, variant: string, path: string) => ({
  visitor,
  variant,
  host: 'iacst.example.com',
  path,
  locale: 'en',
});

/** A NEET mock signup (paid: it opens an order) from the visitor's page. */
async function mockNeetSignup(mobile: string, visitor: string) {
  const headers = await tokenFor(mobile, 'MOCK-NEET');
  return t.call({
    method: 'POST',
    url: '/api/signup',
    headers,
    payload: {
      student_name: 'Riya Verma',
      father_name: 'Anil Verma',
      student_email: 'riya.verma@example.com',
      student_dob: '05/01/2008',
      student_mobile_no: mobile,
      class_stream: '12&SOM',
      exam_state: '9',
      branch_code: 'DL001',
      exam_date: '2025-04-13',
      exam_mode: 'Offline',
      registration_page: 'MOCK-NEET',
      payment_mode: 'paytm',
      utm_source: 'google',
      funnel: origin(visitor, 'default', '/mock-neet-exam'),
    },
  });
}

describe('the steps the server records: registered and paid', () => {
  it('a free signup records registered on the variant it came from, with no personal data in any stored event', async () => {
    const mobile = '9822300001';
    const visitor = 'free-signup-visitor-01';
    const headers = await tokenFor(mobile, 'iACST');
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      headers,
      payload: iacstSignupBody(mobile, {
        father_name: 'Harpreet Singh',
        utm_source: 'facebook',
        utm_medium: 'social',
        utm_campaign: 'spring',
        gclid: 'abc123',
        funnel: origin(visitor, 'default', '/iacstexam'),
      }),
    });
    expect(signup.statusCode).toBe(200);
    const rows = await rowsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      step: stepCode('registered'),
      programme: 'iacst',
      variant: 'default',
      path: '/iacstexam',
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'spring',
      has_gclid: 1,
      at_ms: expect.anything() as unknown,
    });
    expect(Number(rows[0]?.at_ms)).toBe(t.clock.now().getTime());

    // Every stored funnel event, every column: nothing that names the student.
    const data = signup.data.data as { roll_number: string };
    const personal = [
      mobile,
      'Kabir',
      'Singh',
      'Harpreet',
      'kabir.singh@example.com',
      data.roll_number,
      '2011-08-15',
      '15/08/2011',
      '15-08-2011',
    ];
    const stored = JSON.stringify(await t.db.selectFrom('funnel_events').selectAll().execute()).toLowerCase();
    for (const value of personal) expect(stored).not.toContain(value.toLowerCase());
  });

  it('a paid signup records nothing until the gateway says paid, then registered and paid', async () => {
    const mobile = '9822300002';
    const visitor = 'paid-signup-visitor-01';
    const signup = await mockNeetSignup(mobile, visitor);
    expect(signup.statusCode).toBe(200);
    expect(await rowsOf(visitor)).toEqual([]);
    const orderId = String(
      (signup.data.data as { payment_data: { order_id: string } }).payment_data.order_id,
    );
    t.clock.advance(90_000);
    expect((await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/pay` })).statusCode).toBe(303);
    const rows = await rowsOf(visitor);
    expect(rows.map((r) => [r.step, r.programme, r.variant, r.utm_source])).toEqual([
      [stepCode('registered'), 'mock-neet', 'default', 'google'],
      [stepCode('paid'), 'mock-neet', 'default', 'google'],
    ]);
    expect(rows.map((r) => Number(r.at_ms))).toEqual([t.clock.now().getTime(), t.clock.now().getTime()]);
    // A replayed confirmation records nothing more.
    await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/pay` });
    expect(await rowsOf(visitor)).toHaveLength(2);
    // The order kept the visitor id only until it was paid.
    const order = await t.db
      .selectFrom('orders')
      .select('details')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.details).not.toContain(visitor);
    expect(JSON.parse(order.details)).toMatchObject({ exam_type: 'MOCK-NEET', funnel: null });

    const personal = [mobile, 'Riya', 'Verma', 'riya.verma@example.com', '2008-01-05', '05/01/2008'];
    const stored = JSON.stringify(await t.db.selectFrom('funnel_events').selectAll().execute()).toLowerCase();
    for (const value of personal) expect(stored).not.toContain(value.toLowerCase());
  });

  it('an order never paid forgets its visitor at the roll-up cutoff', async () => {
    const visitor = 'unpaid-signup-visitor-01';
    const signup = await mockNeetSignup('9822300004', visitor);
    expect(signup.statusCode).toBe(200);
    const orderId = String(
      (signup.data.data as { payment_data: { order_id: string } }).payment_data.order_id,
    );
    const details = async () =>
      (await t.db.selectFrom('orders').select('details').where('id', '=', orderId).executeTakeFirstOrThrow())
        .details;
    expect(await details()).toContain(visitor);
    await rollupFunnel(t.db, { now: t.clock.now(), afterDays: 90 });
    expect(await details()).toContain(visitor);
    await rollupFunnel(t.db, { now: new Date(t.clock.now().getTime() + 92 * 86_400_000), afterDays: 90 });
    expect(await details()).not.toContain(visitor);
  });

  it('a signup naming a variant the programme lacks still signs up; the funnel only misses it', async () => {
    const mobile = '9822300003';
    const visitor = 'odd-variant-visitor-01';
    const headers = await tokenFor(mobile, 'iACST');
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      headers,
      payload: iacstSignupBody(mobile, {
        student_name: 'Meera Das',
        student_email: 'meera.das@example.com',
        funnel: origin(visitor, 'gone_variant', '/iacstexam'),
      }),
    });
    expect(signup.statusCode).toBe(200);
    expect(await rowsOf(visitor)).toEqual([]);
  });

  it('a signup whose funnel origin is malformed still signs up, without it (a signup never fails for the funnel)', async () => {
    const malformed: unknown[] = [
      // An old page's origin with a field this version does not take, and a tampered visitor id.
      { ...origin('malformed-visitor-01', 'default', '/iacstexam'), programme: 'iacst' },
      { ...origin('x', 'default', '/iacstexam') },
      null,
      'not an origin',
    ];
    for (const [i, funnel] of malformed.entries()) {
      const mobile = `982230001${i}`;
      const headers = await tokenFor(mobile, 'iACST');
      const signup = await t.call({
        method: 'POST',
        url: '/api/signup',
        headers,
        payload: {
          student_name: 'Meera Das',
          student_email: 'meera.das@example.com',
          student_dob: '15/08/2011',
          student_mobile_no: mobile,
          class_stream: '9&SOF',
          exam_state: '9',
          branch_code: 'DL001',
          exam_date: '2025-04-02',
          exam_mode: 'Online',
          registration_page: 'iACST',
          funnel,
        },
      });
      expect(signup.statusCode, JSON.stringify(funnel)).toBe(200);
      expect((signup.data.data as { roll_number: string }).roll_number).toMatch(/\d/);
    }
    expect(await rowsOf('malformed-visitor-01')).toEqual([]);
    expect(await rowsOf('x')).toEqual([]);
  });

  it('a signup with a malformed field of its own is still refused (only the funnel origin is forgiven)', async () => {
    const headers = await tokenFor('9822300020', 'iACST');
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      headers,
      payload: {
        student_name: 'Meera Das',
        student_email: 'meera.das@example.com',
        student_dob: '15/08/2011',
        student_mobile_no: '9822300020',
        class_stream: '9&SOF',
        exam_mode: 'Online',
        registration_page: 'iACST',
        funnel: origin('malformed-visitor-02', 'default', '/iacstexam'),
        unexpected: 1,
      },
    });
    expect(signup.statusCode).toBe(400);
  });
});
