// The one "open order or create it" rule (openOrder), for each purpose a student pays for:
// concurrent and repeated calls make one order; what a repeat may change is set on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { confirmOrder, openOrder, ORDER_PURPOSES, type OpenOrder, type OrderPurpose } from './orders';

let t: TestApp;
const STUDENT = 'demo-250000000001';
const TIMES = 8;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const ITEMS: Record<OrderPurpose, string | null> = {
  registration: null,
  'exam-edit': null,
  'mock-pack': 'sample-pack',
  course: 'NEET-C11-2Y',
};

const input = (purpose: OrderPurpose, overrides: Partial<OpenOrder> = {}): OpenOrder => ({
  studentId: STUDENT,
  purpose,
  item: ITEMS[purpose],
  amount: 300,
  paymentMethod: 'paytm',
  returnPath: '/dashboard',
  details: { note: 'first' },
  ...overrides,
});

const openOrdersOf = (purpose: OrderPurpose) =>
  t.db
    .selectFrom('orders')
    .select(['id', 'amount', 'payment_method', 'details', 'status'])
    .where('student_id', '=', STUDENT)
    .where('kind', '=', ORDER_PURPOSES[purpose].kind)
    .where('status', '=', 'created')
    .orderBy('created_at')
    .execute();

describe('openOrder', () => {
  const purposes = Object.keys(ORDER_PURPOSES) as OrderPurpose[];

  it.each(purposes)(`%s: ${TIMES} concurrent calls make one order, answered to all`, async (purpose) => {
    const answers = await Promise.all(
      Array.from({ length: TIMES }, () => openOrder(t.app.ctx, input(purpose))),
    );
    const ids = new Set(answers.map((a) => a.payment.order_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.reused)).toHaveLength(1);
    const own = (await openOrdersOf(purpose)).filter((o) => ids.has(o.id));
    expect(own).toHaveLength(1);
  });

  it('keeps the purposes of one kind apart: an exam edit never answers the registration fee', async () => {
    const registration = await openOrder(t.app.ctx, input('registration', { amount: 410 }));
    const edit = await openOrder(t.app.ctx, input('exam-edit', { amount: 410 }));
    expect(edit.reused).toBe(false);
    expect(edit.payment.order_id).not.toBe(registration.payment.order_id);
    const row = await t.db
      .selectFrom('orders')
      .select('details')
      .where('id', '=', edit.payment.order_id)
      .executeTakeFirstOrThrow();
    // details.purpose picks the paid effects of an exam edit (onOrderPaid).
    expect(JSON.parse(row.details)).toMatchObject({ purpose: 'exam-edit' });
  });

  it('a repeat sets its payment method and details on the open order; another amount is another order', async () => {
    const first = await openOrder(t.app.ctx, input('course', { amount: 520 }));
    const again = await openOrder(
      t.app.ctx,
      input('course', { amount: 520, paymentMethod: 'hdfc', details: { note: 'corrected' } }),
    );
    expect(again).toMatchObject({ reused: true, payment: { order_id: first.payment.order_id } });
    expect(again.payment.fields.payment_method).toBe('hdfc');
    const row = (await openOrdersOf('course')).find((o) => o.id === first.payment.order_id);
    expect(row).toMatchObject({ payment_method: 'hdfc', details: JSON.stringify({ note: 'corrected' }) });

    const dearer = await openOrder(t.app.ctx, input('course', { amount: 530 }));
    expect(dearer.reused).toBe(false);
    // The first is left open: the gateway may still confirm it.
    expect((await openOrdersOf('course')).map((o) => o.id)).toContain(first.payment.order_id);
  });

  it('another item of the purpose is another order', async () => {
    const one = await openOrder(t.app.ctx, input('course', { amount: 610 }));
    const other = await openOrder(t.app.ctx, input('course', { amount: 610, item: 'JEE-C11-2Y' }));
    expect(other.payment.order_id).not.toBe(one.payment.order_id);
  });

  it('after a failed payment the next call makes the next order', async () => {
    const first = await openOrder(t.app.ctx, input('mock-pack', { amount: 700 }));
    await confirmOrder(t.app.ctx, first.payment.order_id, 'failed', 'TXN-FAILED');
    const retry = await openOrder(t.app.ctx, input('mock-pack', { amount: 700 }));
    expect(retry.reused).toBe(false);
    expect(retry.payment.order_id).not.toBe(first.payment.order_id);
  });
});
