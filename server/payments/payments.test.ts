import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import {
  callbackSignature,
  confirmOrder,
  createOrder,
  onOrderPaid,
  orderReturnToken,
  type Order,
} from './orders';

let t: TestApp;
const paid: Order[] = [];
const STUDENT = 'demo-250000000001';

beforeAll(async () => {
  t = await testApp();
  // This file's own effect of a paid course order (registered after the app's own handlers).
  onOrderPaid(t.app.ctx, 'course', async (_trx, order) => void paid.push(order));
});
afterAll(async () => t.close());

const newOrder = (amount = 200) =>
  createOrder(t.app.ctx, {
    studentId: STUDENT,
    kind: 'course',
    amount,
    paymentMethod: 'paytm',
    productId: 'NEET-C11-2Y',
    returnPath: '/dashboard',
    successQuery: { note: 'ok' },
    failureQuery: { note: 'retry' },
  });
const status = async (id: string) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/orders/${id}?order_token=${orderReturnToken(t.app.ctx.orderReturnKey, id)}`,
    })
  ).data.data as { status: string };

describe('orders and the sandbox gateway', () => {
  it('creates an order with the payment form data of the spec', async () => {
    const data = await newOrder();
    expect(data).toMatchObject({
      amount: 200,
      TXN_AMOUNT: 200,
      action_url: '/sandbox/gateway',
      form_name: 'sandbox_gateway',
      redirect_url: '/dashboard',
    });
    expect(data.fields).toEqual({ order_id: data.order_id, amount: '200', payment_method: 'paytm' });
    expect(await status(data.order_id)).toMatchObject({ status: 'created' });
    await expect(newOrder(0)).rejects.toMatchObject({ said: { id: 'order.nothingToPay' } });
  });

  it('shows the gateway page with Pay, Fail and Cancel for the posted order form', async () => {
    const { order_id } = await newOrder();
    const page = await t.call({
      method: 'POST',
      url: '/sandbox/gateway',
      payload: `order_id=${order_id}&amount=200&payment_method=paytm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(200);
    for (const button of ['Pay', 'Fail', 'Cancel']) expect(page.body).toContain(`>${button}</button>`);
    expect(page.body).not.toContain('<script');
  });

  it('Pay confirms server-side, returns to the portal with status=success, and runs the paid effect once', async () => {
    const { order_id } = await newOrder();
    const before = paid.length;
    const pay = await t.call({ method: 'POST', url: `/sandbox/gateway/${order_id}/pay` });
    expect(pay.statusCode).toBe(303);
    const back = new URL(String(pay.headers.location), 'http://x');
    expect(back.pathname).toBe('/dashboard');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      status: 'success',
      mode: 'paytm',
      type: 'course',
      order_id,
      order_token: orderReturnToken(t.app.ctx.orderReturnKey, order_id),
      note: 'ok',
    });
    expect(await status(order_id)).toMatchObject({ status: 'paid' });
    // A second click, a late Fail or a replayed callback changes nothing.
    await t.call({ method: 'POST', url: `/sandbox/gateway/${order_id}/pay` });
    await t.call({ method: 'POST', url: `/sandbox/gateway/${order_id}/fail` });
    expect(await status(order_id)).toMatchObject({ status: 'paid' });
    expect(paid.length).toBe(before + 1);
  });

  it('Fail and Cancel return with status=failure / aborted and the failure query', async () => {
    const failed = await newOrder();
    const fail = await t.call({ method: 'POST', url: `/sandbox/gateway/${failed.order_id}/fail` });
    expect(String(fail.headers.location)).toContain('status=failure');
    expect(String(fail.headers.location)).toContain('note=retry');
    const cancelled = await newOrder();
    const cancel = await t.call({ method: 'POST', url: `/sandbox/gateway/${cancelled.order_id}/cancel` });
    expect(String(cancel.headers.location)).toContain('status=aborted');
    expect(await status(cancelled.order_id)).toMatchObject({ status: 'aborted' });
  });

  it('a forged confirmation marks nothing paid', async () => {
    const { order_id } = await newOrder();
    // status=success typed into a portal URL is only a page request
    await t.call({ method: 'GET', url: `/dashboard?status=success&order_id=${order_id}` });
    const unsigned = await t.call({
      method: 'POST',
      url: '/api/payments/callback',
      payload: { order_id, status: 'paid', txn_id: 'X1', amount: 200, signature: '0'.repeat(64) },
    });
    expect(unsigned.statusCode).toBe(401);
    const otherSecret = callbackSignature('not-the-secret', order_id, 'paid', 'X1', 200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/payments/callback',
          payload: { order_id, status: 'paid', txn_id: 'X1', amount: 200, signature: otherSecret },
        })
      ).statusCode,
    ).toBe(401);
    const swapped = callbackSignature(t.app.ctx.config.paymentCallbackSecret, order_id, 'failed', 'X1', 200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/payments/callback',
          payload: { order_id, status: 'paid', txn_id: 'X1', amount: 200, signature: swapped },
        })
      ).statusCode,
    ).toBe(401);
    expect(await status(order_id)).toMatchObject({ status: 'created' });
  });

  it("reads an order only for its owner's session or its return link's token", async () => {
    const { order_id } = await newOrder();
    const read = (query = '', headers: Record<string, string> = {}) =>
      t.call({ method: 'GET', url: `/api/orders/${order_id}${query}`, headers });
    const stranger = await read();
    expect([stranger.statusCode, stranger.data.msg]).toEqual([404, 'No such order.']);
    expect((await read(`?order_token=${'A'.repeat(22)}`)).statusCode).toBe(404);
    const token = orderReturnToken(t.app.ctx.orderReturnKey, order_id);
    expect((await read(`?order_token=${token}`)).statusCode).toBe(200);
    // Another order's token reads nothing of this one.
    const otherToken = orderReturnToken(t.app.ctx.orderReturnKey, `EF${'1'.repeat(20)}`);
    expect((await read(`?order_token=${otherToken}`)).statusCode).toBe(404);
    // The owner's session reads it; another student's does not.
    expect((await read('', await t.login('250000000001', '05/01/2008'))).statusCode).toBe(200);
    expect((await read('', await t.login('250000000005', '30/04/2007'))).statusCode).toBe(404);
    // The gateway's return link carries the token.
    const back = await t.call({ method: 'POST', url: `/sandbox/gateway/${order_id}/cancel` });
    expect(String(back.headers.location)).toContain(`order_token=${token}`);
  });

  it('answers unknown and malformed order ids clearly', async () => {
    expect((await t.call({ method: 'GET', url: '/api/orders/EF00000000000000000000' })).data).toEqual({
      success: 'false',
      msg: 'No such order.',
    });
    expect((await t.call({ method: 'GET', url: "/api/orders/1'%20OR%201=1" })).statusCode).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/sandbox/gateway/EF00000000000000000000/steal' })).statusCode,
    ).toBe(400);
  });
});

describe('paid-order effects belong to their app', () => {
  it("another app in the same process neither runs nor replaces this app's effects", async () => {
    const other = await testApp();
    try {
      const seen: string[] = [];
      onOrderPaid(other.app.ctx, 'course', async (_trx, order) => void seen.push(order.id));
      // An order paid in this file's app runs this app's effects only.
      const before = paid.length;
      const { order_id: here } = await newOrder();
      await confirmOrder(t.app.ctx, here, 'paid', 'TXN-HERE');
      expect(paid.length).toBe(before + 1);
      expect(seen).toEqual([]);
      // The other app runs its own effect and still records the purchase (its route's effect).
      const { order_id: there } = await createOrder(other.app.ctx, {
        studentId: STUDENT,
        kind: 'course',
        amount: 100,
        paymentMethod: 'paytm',
        productId: 'NEET-C11-2Y',
        returnPath: '/dashboard',
      });
      await confirmOrder(other.app.ctx, there, 'paid', 'TXN-THERE');
      expect(seen).toEqual([there]);
      expect(paid.map((o) => o.id)).not.toContain(there);
      const purchase = await other.db
        .selectFrom('commerce_purchases')
        .select('order_id')
        .where('order_id', '=', there)
        .executeTakeFirst();
      expect(purchase).toEqual({ order_id: there });
    } finally {
      await other.close();
    }
  });
});
