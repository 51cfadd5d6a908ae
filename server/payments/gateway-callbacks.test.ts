// The gateway misbehaves: for each thing a student pays for (registration, an exam
// edit, the sample-paper pack, a course), every callback pattern ends the order in one state, with
// its paid effect (and a registration's login details SMS) run exactly once (or never): a callback
// twice, ten at once, a failure after a payment, a payment after a failure or a cancel, and the
// refused ones (an unknown order, another amount, a bad signature). Rules: docs/decisions/030-gateway-callbacks.md. Runs on SQLite and, in
// the PostgreSQL stage of scripts/test.sh, on PostgreSQL (the ten-at-once cases over real HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForHttp, testApp, type HttpAnswer, type TestApp } from '../../tests/support/server-harness';
import { addStudent } from '../routes/commerce.test-support';
import { markRefunded, refunds } from './refunds';
import {
  callbackSignature,
  confirmOrder,
  onOrderPaid,
  openOrder,
  ORDER_PURPOSES,
  type OrderLog,
  type OrderPurpose,
} from './orders';

let t: TestApp;
let http: Awaited<ReturnType<typeof listenForHttp>>;
/** How many times the paid effects of each order ran (a spy beside each purpose's real effects). */
const ran = new Map<string, number>();

beforeAll(async () => {
  t = await testApp();
  const count = async (_trx: unknown, order: { id: string }) =>
    void ran.set(order.id, (ran.get(order.id) ?? 0) + 1);
  // Registered after the app's own effects, on the same keys: they run in the same loop, so this
  // count is how often the real effects ran.
  for (const { kind, ...rule } of Object.values(ORDER_PURPOSES))
    onOrderPaid(t.app.ctx, kind, count, 'detailsPurpose' in rule ? rule.detailsPurpose : undefined);
  http = await listenForHttp(t);
});
afterAll(async () => t.close());

const PURPOSES = Object.keys(ORDER_PURPOSES) as OrderPurpose[];
const ITEMS: Record<OrderPurpose, string | null> = {
  registration: null,
  'exam-edit': null,
  'mock-pack': 'sample-pack',
  course: 'NEET-C11-2Y',
};
const AMOUNT = 300;

interface Placed {
  id: string;
  studentId: string;
  mobile: string;
}

/** A new student with an open order of the purpose (a registration waits for its payment). */
async function place(purpose: OrderPurpose): Promise<Placed> {
  const s = await addStudent(t);
  await t.db
    .updateTable('students')
    .set({ registration_status: 'pending_payment' })
    .where('id', '=', s.id)
    .execute();
  const { payment } = await openOrder(t.app.ctx, {
    studentId: s.id,
    purpose,
    item: ITEMS[purpose],
    amount: AMOUNT,
    paymentMethod: 'paytm',
    returnPath: '/dashboard',
  });
  return { id: payment.order_id, studentId: s.id, mobile: s.mobile };
}

type Verdict = 'paid' | 'failed' | 'aborted';
const signed = (id: string, status: Verdict, txn: string, amount = AMOUNT) => ({
  order_id: id,
  status,
  txn_id: txn,
  amount,
  signature: callbackSignature(t.app.ctx.config.paymentCallbackSecret, id, status, txn, amount),
});
const callback = (body: object) => t.call({ method: 'POST', url: '/api/payments/callback', payload: body });
const statusOf = async (id: string) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** What the purpose's real effect left: one purchase, a registered student; null where it has no row. */
async function effectOf(purpose: OrderPurpose, placed: Placed): Promise<number | string | null> {
  if (purpose === 'course' || purpose === 'mock-pack') {
    const rows = await t.db
      .selectFrom('commerce_purchases')
      .select('id')
      .where('student_id', '=', placed.studentId)
      .execute();
    return rows.length;
  }
  if (purpose === 'registration') {
    const s = await t.db
      .selectFrom('students')
      .select('registration_status')
      .where('id', '=', placed.studentId)
      .executeTakeFirstOrThrow();
    return s.registration_status;
  }
  return null;
}
const PAID_EFFECT: Record<OrderPurpose, number | string | null> = {
  registration: 'registered',
  'exam-edit': null,
  'mock-pack': 1,
  course: 1,
};
const NO_EFFECT: Record<OrderPurpose, number | string | null> = {
  registration: 'pending_payment',
  'exam-edit': null,
  'mock-pack': 0,
  course: 0,
};

/** How many SMS with the login details the student got (a paid registration sends one; an exam edit none). */
async function loginDetailsSent(placed: Placed): Promise<number> {
  const rows = await t.db
    .selectFrom('sms_messages')
    .select('text')
    .where('mobile', '=', placed.mobile)
    .execute();
  return rows.filter((r) => r.text.includes('your password (date of birth) is 14/03/2008')).length;
}

async function expectPaidOnce(purpose: OrderPurpose, placed: Placed): Promise<void> {
  expect(await statusOf(placed.id)).toBe('paid');
  expect(ran.get(placed.id)).toBe(1);
  expect(await effectOf(purpose, placed)).toBe(PAID_EFFECT[purpose]);
  expect(await loginDetailsSent(placed)).toBe(purpose === 'registration' ? 1 : 0);
}

async function expectUnpaid(purpose: OrderPurpose, placed: Placed, status: string): Promise<void> {
  expect(await statusOf(placed.id)).toBe(status);
  expect(ran.get(placed.id)).toBeUndefined();
  expect(await effectOf(purpose, placed)).toBe(NO_EFFECT[purpose]);
  expect(await loginDetailsSent(placed)).toBe(0);
}

describe.each(PURPOSES)('%s: the gateway callback', (purpose) => {
  it('arrives twice: answered twice, paid once', async () => {
    const o = await place(purpose);
    const body = signed(o.id, 'paid', 'TXN-A');
    expect((await callback(body)).statusCode).toBe(200);
    expect((await callback(body)).statusCode).toBe(200);
    await expectPaidOnce(purpose, o);
  });

  it('arrives ten times at once (each its own transaction id): paid once', async () => {
    const o = await place(purpose);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http('POST', '/api/payments/callback', signed(o.id, 'paid', `TXN${i}`)),
      ),
    );
    expect(answers.map((a: HttpAnswer) => a.status)).toEqual(Array(10).fill(200));
    await expectPaidOnce(purpose, o);
  });

  it('ten at once, failures and payments crossed: paid once (a payment is money taken)', async () => {
    const o = await place(purpose);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http('POST', '/api/payments/callback', signed(o.id, i % 2 ? 'paid' : 'failed', `TXN${i}`)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await expectPaidOnce(purpose, o);
  });

  it('says failure after success: stays paid, the late failure changes nothing', async () => {
    const o = await place(purpose);
    expect((await callback(signed(o.id, 'paid', 'TXN-A'))).statusCode).toBe(200);
    for (const late of ['failed', 'aborted'] as const)
      expect((await callback(signed(o.id, late, 'TXN-B'))).statusCode).toBe(200);
    await expectPaidOnce(purpose, o);
    const row = await t.db
      .selectFrom('orders')
      .select('gateway_txn')
      .where('id', '=', o.id)
      .executeTakeFirst();
    expect(row?.gateway_txn).toBe('TXN-A');
  });

  it.each(['failed', 'aborted'] as const)(
    'says success after %s: paid, its effect runs once',
    async (first) => {
      const o = await place(purpose);
      expect((await callback(signed(o.id, first, 'TXN-A'))).statusCode).toBe(200);
      await expectUnpaid(purpose, o, first);
      expect((await callback(signed(o.id, 'paid', 'TXN-B'))).statusCode).toBe(200);
      expect((await callback(signed(o.id, 'paid', 'TXN-B'))).statusCode).toBe(200);
      await expectPaidOnce(purpose, o);
    },
  );

  it('refuses an unknown order, another amount and a bad signature: nothing changes', async () => {
    const o = await place(purpose);
    const unknown = await callback(signed('EF00000000000000000000', 'paid', 'TXN-A'));
    expect(unknown.statusCode).toBe(404);
    for (const amount of [AMOUNT - 1, AMOUNT + 1, 1])
      expect((await callback(signed(o.id, 'paid', 'TXN-A', amount))).statusCode).toBe(409);
    const good = signed(o.id, 'paid', 'TXN-A');
    // Signed for another amount, another status, another order, or with another secret.
    const forgeries = [
      { ...good, amount: AMOUNT + 1 },
      { ...good, signature: signed(o.id, 'failed', 'TXN-A').signature },
      { ...good, signature: signed('EF00000000000000000000', 'paid', 'TXN-A').signature },
      { ...good, signature: callbackSignature('not-the-secret', o.id, 'paid', 'TXN-A', AMOUNT) },
      { ...good, signature: '0'.repeat(64) },
    ];
    for (const forged of forgeries) expect((await callback(forged)).statusCode).toBe(401);
    const { amount: _dropped, ...noAmount } = good;
    expect((await callback(noAmount)).statusCode).toBe(400);
    await expectUnpaid(purpose, o, 'created');
    // The genuine callback still confirms it afterwards.
    expect((await callback(good)).statusCode).toBe(200);
    await expectPaidOnce(purpose, o);
  });
});

describe('a payment after a failure, when the student already bought it through another order', () => {
  it('records the money taken, runs no second purchase, records the refund due, and the sandbox gateway refunds it', async () => {
    const first = await place('course');
    expect((await callback(signed(first.id, 'failed', 'TXN-A'))).statusCode).toBe(200);
    // The student pays again through a new order…
    const { payment } = await openOrder(t.app.ctx, {
      studentId: first.studentId,
      purpose: 'course',
      item: ITEMS.course,
      amount: AMOUNT,
      paymentMethod: 'paytm',
      returnPath: '/dashboard',
    });
    expect(payment.order_id).not.toBe(first.id);
    expect((await callback(signed(payment.order_id, 'paid', 'TXN-B'))).statusCode).toBe(200);
    // …then the gateway confirms the first after all.
    const lines: { level: string; object: object; message: string }[] = [];
    const log: OrderLog = {
      info: (object, message) => void lines.push({ level: 'info', object, message }),
      warn: (object, message) => void lines.push({ level: 'warn', object, message }),
      error: (object, message) => void lines.push({ level: 'error', object, message }),
    };
    const late = await confirmOrder(t.app.ctx, first.id, 'paid', 'TXN-C', { amount: AMOUNT, log });
    expect(late.status).toBe('paid');
    expect(ran.get(first.id)).toBeUndefined();
    expect(ran.get(payment.order_id)).toBe(1);
    expect(await effectOf('course', first)).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        object: expect.objectContaining({ from: 'failed', to: 'paid' }),
      }),
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('refund due') }),
      expect.objectContaining({ level: 'info', message: expect.stringContaining('refunded by the gateway') }),
    ]);
    // A recorded state the support desk lists, refunded once by the (sandbox) gateway.
    const [listed] = await refunds(t.db, { all: true });
    expect(listed).toMatchObject({
      order_id: first.id,
      amount: AMOUNT,
      refund_status: 'refunded',
      refund_reason: 'already bought through another order',
    });
    expect(listed?.refund_txn).toMatch(/^SBXR[0-9A-F]{16}$/);
    expect(await refunds(t.db)).toEqual([]);
    expect(await markRefunded(t.app.ctx, first.id, 'AGAIN')).toBe(false);
    // The same late callback again changes nothing.
    await confirmOrder(t.app.ctx, first.id, 'paid', 'TXN-C', { amount: AMOUNT });
    expect(await refunds(t.db, { all: true })).toHaveLength(1);
  });
});

describe('the log of a confirmation', () => {
  it('says the order, old and new status and the source; a late failure is logged as ignored', async () => {
    const o = await place('mock-pack');
    const lines: { object: object; message: string }[] = [];
    const log: OrderLog = {
      info: (object, message) => void lines.push({ object, message }),
      warn: (object, message) => void lines.push({ object, message }),
      error: (object, message) => void lines.push({ object, message }),
    };
    await confirmOrder(t.app.ctx, o.id, 'paid', 'TXN-A', { source: 'test', log });
    await confirmOrder(t.app.ctx, o.id, 'failed', 'TXN-B', { source: 'test', log });
    expect(lines).toEqual([
      {
        object: { order: o.id, from: 'created', to: 'paid', outcome: 'paid', source: 'test', txn: 'TXN-A' },
        message: `order ${o.id}: created -> paid`,
      },
      {
        object: { order: o.id, from: 'paid', to: 'paid', outcome: 'failed', source: 'test', txn: 'TXN-B' },
        message: `order ${o.id}: failed ignored, stays paid`,
      },
    ]);
  });
});

describe('the sandbox switch that withholds callbacks', () => {
  const settings = (withhold: 'on' | 'off') =>
    t.call({ method: 'POST', url: '/sandbox/gateway/settings', payload: { withhold } });

  it('sends the browser back without confirming, and confirms when the callback is released', async () => {
    const o = await place('course');
    const other = await place('mock-pack');
    expect((await settings('on')).statusCode).toBe(303);
    try {
      const pay = await t.call({ method: 'POST', url: `/sandbox/gateway/${o.id}/pay` });
      expect(pay.statusCode).toBe(303);
      expect(String(pay.headers.location)).toContain('status=success');
      await t.call({ method: 'POST', url: `/sandbox/gateway/${other.id}/fail` });
      await expectUnpaid('course', o, 'created');
      const page = await t.call({ method: 'GET', url: '/sandbox/gateway/settings' });
      expect(page.body).toContain('withheld');
      expect(page.body).toContain(o.id);
      expect(page.body).toContain(other.id);
      // Release one order's callback: only that order is confirmed.
      const release = await t.call({
        method: 'POST',
        url: '/sandbox/gateway/release',
        payload: `order_id=${o.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(release.statusCode).toBe(303);
      await expectPaidOnce('course', o);
      expect(await statusOf(other.id)).toBe('created');
      // Release all (an empty form), then again: nothing is left to send twice.
      for (let i = 0; i < 2; i++)
        expect(
          (
            await t.call({
              method: 'POST',
              url: '/sandbox/gateway/release',
              payload: '',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          ).statusCode,
        ).toBe(303);
      expect(await statusOf(other.id)).toBe('failed');
      expect(ran.get(o.id)).toBe(1);
      expect((await t.call({ method: 'GET', url: '/sandbox/gateway/settings' })).body).toContain('None.');
    } finally {
      await settings('off');
    }
    const next = await place('course');
    await t.call({ method: 'POST', url: `/sandbox/gateway/${next.id}/pay` });
    await expectPaidOnce('course', next);
  });

  it('is absent with the sandbox off', async () => {
    const production = await testApp({ config: { sandbox: false } });
    try {
      for (const url of ['/sandbox/gateway/settings', '/sandbox/gateway/release'])
        for (const method of ['GET', 'POST'] as const)
          expect(
            (await production.call({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
          ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
