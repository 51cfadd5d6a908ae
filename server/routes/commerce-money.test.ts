// Money is the server's: the amount, waiver and product come from the server for the
// logged-in student; tampering is refused or ignored; a forged or replayed gateway callback marks
// nothing paid twice; concurrent Pay taps make one order and concurrent confirmations one purchase;
// and the course flags of GET /api/courses and of the dashboard are one answer for every demo
// student. Runs on SQLite and, in the PostgreSQL stage of scripts/test.sh, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import students from '../seed/demo-students.json';
import { callbackSignature, orderReturnToken } from '../payments/orders';
import { listenForHttp, testApp, type TestApp } from '../../tests/support/server-harness';
import { addStudent, coursesUrl, orderBody, postOrder, type TestStudent } from './commerce.test-support';
import { seasonal } from '../seed/commerce';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

type Authed = TestStudent & { authorization: string };

const order = (s: Authed, body: unknown) => postOrder(t, s, body);

const purchases = async (studentId: string) =>
  t.db.selectFrom('commerce_purchases').selectAll().where('student_id', '=', studentId).execute();

const signed = (orderId: string, status: 'paid' | 'failed', txn: string, amount: number) => ({
  order_id: orderId,
  status,
  txn_id: txn,
  amount,
  signature: callbackSignature(t.app.ctx.config.paymentCallbackSecret, orderId, status, txn, amount),
});

describe('the course order: the server prices it', () => {
  it('refuses an amount in the body (the schema has none) and ignores nothing silently', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    for (const extra of [{ amount: 1 }, { TXN_AMOUNT: 1 }, { registration_fees: 1 }]) {
      const answer = await order(s, orderBody(s, extra));
      expect(answer.statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('orders').select('id').where('student_id', '=', s.id).execute()).toEqual([]);
  });

  it('charges the fee of the course list, whatever the body says of the course', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const list = await t.call({
      method: 'GET',
      url: coursesUrl(s),
      headers: { authorization: s.authorization },
    });
    const course = (list.data.data as { product_id: string; registration_fees: number }[]).find(
      (c) => c.product_id === 'NEET-C11-2Y',
    );
    const answer = await order(s, orderBody(s));
    expect(answer.statusCode).toBe(200);
    expect((answer.data.data as { amount: number }).amount).toBe(course?.registration_fees);
    // A tampered term or another class's product finds no course; another student's details, 403.
    expect((await order(s, orderBody(s, { product_course_term: '2024-2025' }))).statusCode).toBe(404);
    expect(
      (
        await order(
          s,
          orderBody(s, {
            product_id: 'JEE-C12-1Y',
            product_course_term: seasonal('2025-2026', t.clock.now()),
          }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await order(s, orderBody(s, { roll_number: '250000000005' }))).statusCode).toBe(403);
  });
});

describe('a Pay again before paying', () => {
  it('answers the same order, which now carries the corrected address', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const first = await order(s, orderBody(s));
    const again = await order(s, orderBody(s, { billing_address: '7 Ring Road', billing_zip: '110029' }));
    expect(again.statusCode).toBe(200);
    const id = (first.data.data as { order_id: string }).order_id;
    expect((again.data.data as { order_id: string }).order_id).toBe(id);
    const row = await t.db
      .selectFrom('orders')
      .select('details')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details)).toMatchObject({
      billing: { address: '7 Ring Road', zip: '110029', city: 'New Delhi' },
    });
  });
});

describe('the gateway callback', () => {
  it('a replayed paid callback records one purchase; a later failed one changes nothing', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const created = await order(s, orderBody(s));
    const { order_id: id, amount } = created.data.data as { order_id: string; amount: number };
    const first = signed(id, 'paid', 'TXN1', amount);
    for (let i = 0; i < 3; i++)
      expect(
        (await t.call({ method: 'POST', url: '/api/payments/callback', payload: first })).statusCode,
      ).toBe(200);
    const late = await t.call({
      method: 'POST',
      url: '/api/payments/callback',
      payload: signed(id, 'failed', 'TXN2', amount),
    });
    expect(late.statusCode).toBe(200);
    expect(await purchases(s.id)).toHaveLength(1);
    const status = await t.call({
      method: 'GET',
      url: `/api/orders/${id}?order_token=${orderReturnToken(t.app.ctx.orderReturnKey, id)}`,
    });
    expect(status.data.data).toMatchObject({ status: 'paid' });
    // Bought: a new order for it is refused.
    expect((await order(s, orderBody(s))).statusCode).toBe(409);
  });

  it('a forged callback (wrong signature, or signed for another order) marks nothing paid', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const created = await order(s, orderBody(s));
    const { order_id: id, amount } = created.data.data as { order_id: string; amount: number };
    const forged = { ...signed(id, 'paid', 'TXN1', amount), signature: 'f'.repeat(64) };
    expect(
      (await t.call({ method: 'POST', url: '/api/payments/callback', payload: forged })).statusCode,
    ).toBe(401);
    const otherOrder = { ...signed('EF0000000000000000000000', 'paid', 'TXN1', amount), order_id: id };
    expect(
      (await t.call({ method: 'POST', url: '/api/payments/callback', payload: otherOrder })).statusCode,
    ).toBe(401);
    expect(await purchases(s.id)).toEqual([]);
  });
});

describe('paying twice', () => {
  it('concurrent Pay taps answer one order; concurrent confirmations record one purchase', async () => {
    const http = await listenForHttp(t);
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const headers = { authorization: s.authorization };
    const taps = await Promise.all(
      Array.from({ length: 5 }, () => http('POST', '/api/course-order', orderBody(s), headers)),
    );
    expect(taps.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(taps.map((r) => (r.body.data as { order_id: string }).order_id));
    expect(ids.size).toBe(1);
    const [id = ''] = [...ids];
    const { amount } = taps[0]?.body.data as { amount: number };
    const confirmations = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        http('POST', '/api/payments/callback', signed(id, 'paid', `TXN${i}`, amount)),
      ),
    );
    expect(confirmations.every((r) => r.status === 200)).toBe(true);
    const bought = await purchases(s.id);
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ product_id: 'NEET-C11-2Y', order_id: id });
  });
});

describe('the course flags: one shape, one source', () => {
  it('GET /api/courses answers the dashboard course_flags for every demo student', async () => {
    for (const demo of students) {
      const { authorization } = await t.login(demo.roll_number, demo.dob);
      const dashboard = await t.call({ method: 'GET', url: '/api/dashboard', headers: { authorization } });
      expect(dashboard.statusCode).toBe(200);
      const d = dashboard.data.data as {
        class: string;
        stream: string;
        branch_code: string;
        roll_number: string;
        course_flags: Record<string, unknown>;
      };
      const profile = await t.call({ method: 'GET', url: '/api/profile', headers: { authorization } });
      const mobile = (profile.data.data as { mobile_number: string }).mobile_number;
      const path = [d.class, d.stream, d.branch_code, d.roll_number, mobile]
        .map(encodeURIComponent)
        .join('/');
      const courses = await t.call({
        method: 'GET',
        url: `/api/courses/${path}`,
        headers: { authorization },
      });
      expect(courses.statusCode, demo.roll_number).toBe(200);
      expect(courses.data.flags, demo.roll_number).toEqual(d.course_flags);
    }
  });
});
