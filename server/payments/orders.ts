// Orders and their confirmation. Only confirmOrder changes an order's state, and only the
// gateway's server-side confirmation calls it: a status=success typed into a URL marks nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ApiError } from '../api/errors';
import { message } from '../api/messages';
import type { AppContext } from '../context';
import { lockStudent } from '../db/locks';
import type { Database } from '../db/schema';
import type { OrdersTable } from '../db/tables/payments';
import { iso } from '../timestamps';
import type { PaidEffect, PaidNotice } from './paid-effects';

export type OrderKind = OrdersTable['kind'];
export type Order = OrdersTable;
export type Outcome = 'paid' | 'failed' | 'aborted';

export interface CreateOrder {
  studentId: string;
  kind: OrderKind;
  /** Rupees, computed by the server. */
  amount: number;
  paymentMethod: string;
  productId?: string;
  /** Where the gateway returns the browser, e.g. /mock-neet-exam or /dashboard. */
  returnPath: string;
  successQuery?: Record<string, string>;
  failureQuery?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** The payment data of part 2 §3: the client posts `fields` to `action_url`. */
export interface PaymentData {
  order_id: string;
  amount: number;
  TXN_AMOUNT: number;
  action_url: string;
  form_action: string;
  form_name: string;
  redirect_url: string;
  fields: Record<string, string>;
}

/**
 * What a paid order of this kind does in this app; runs once, inside the confirmation's
 * transaction. An order created with details.purpose (e.g. an exam edit, beside the exam fee of a
 * signup) runs only the effects registered for that purpose.
 */
export function onOrderPaid(ctx: AppContext, kind: OrderKind, effect: PaidEffect, purpose?: string): void {
  ctx.paidEffects.add(kind, effect, purpose);
}

const GATEWAY_PATH = '/sandbox/gateway';

/** The payment data the client posts to the gateway for an order. */
export function paymentDataOf(
  order: Pick<Order, 'id' | 'amount' | 'payment_method' | 'return_path'>,
): PaymentData {
  return {
    order_id: order.id,
    amount: order.amount,
    TXN_AMOUNT: order.amount,
    action_url: GATEWAY_PATH,
    form_action: GATEWAY_PATH,
    form_name: 'sandbox_gateway',
    redirect_url: order.return_path,
    fields: { order_id: order.id, amount: String(order.amount), payment_method: order.payment_method },
  };
}

/**
 * Creates an order. With `reuseOpen`, an order of the same student that is still open and asks for
 * exactly the same thing is answered instead (a repeated submit pays one order, not two).
 */
export async function createOrder(
  ctx: AppContext,
  input: CreateOrder & { reuseOpen?: boolean },
  db: Kysely<Database> = ctx.db,
): Promise<PaymentData> {
  if (!ctx.config.sandbox) throw new ApiError(503, message('payment.unavailable'));
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new ApiError(400, message('order.nothingToPay'));
  const wanted = {
    student_id: input.studentId,
    kind: input.kind,
    product_id: input.productId ?? null,
    amount: input.amount,
    payment_method: input.paymentMethod,
    return_path: input.returnPath,
    success_query: JSON.stringify(input.successQuery ?? {}),
    failure_query: JSON.stringify(input.failureQuery ?? {}),
    details: JSON.stringify(input.details ?? {}),
  };
  if (input.reuseOpen) {
    const open = await db
      .selectFrom('orders')
      .selectAll()
      .where('student_id', '=', input.studentId)
      .where('kind', '=', input.kind)
      .where('status', '=', 'created')
      .orderBy('created_at', 'desc')
      .execute();
    const same = open.find((o) =>
      (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => o[k] === wanted[k]),
    );
    if (same) return paymentDataOf(same);
  }
  const id = `EF${randomBytes(10).toString('hex').toUpperCase()}`;
  await db
    .insertInto('orders')
    .values({
      id,
      ...wanted,
      status: 'created',
      created_at: iso(ctx.now()),
      confirmed_at: null,
      gateway_txn: null,
    })
    .execute();
  return paymentDataOf({ id, ...wanted });
}

/**
 * The payment data of an order still open, answered again to a repeat of the submit that made it
 * (once is once); a repeat that picked another payment method moves the order to that method.
 */
export async function reopenOrder(
  db: Kysely<Database>,
  order: Pick<Order, 'id' | 'amount' | 'payment_method' | 'return_path'>,
  method: string,
): Promise<PaymentData> {
  if (order.payment_method !== method)
    await db
      .updateTable('orders')
      .set({ payment_method: method })
      .where('id', '=', order.id)
      .where('status', '=', 'created')
      .execute();
  return paymentDataOf({ ...order, payment_method: method });
}

export async function orderById(ctx: AppContext, id: string): Promise<Order | undefined> {
  return ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What a paid order of this kind tells the student once the payment is recorded (after the commit,
 * once per order). A notice that fails is logged: the payment stands.
 */
export function onOrderPaidNotify(ctx: AppContext, kind: OrderKind, notice: PaidNotice): void {
  ctx.paidEffects.notify(kind, notice);
}

/**
 * Records the gateway's verdict. Idempotent: the first confirmation of an order wins; later ones
 * (a retried callback, a second click) change nothing and return the order as it is.
 */
export async function confirmOrder(
  ctx: AppContext,
  id: string,
  outcome: Outcome,
  gatewayTxn: string,
  log?: { error(object: object, message: string): void },
): Promise<Order> {
  let newlyPaid = false;
  const confirmed = await ctx.db.transaction().execute(async (trx: Transaction<Database>) => {
    const owner = await trx.selectFrom('orders').select('student_id').where('id', '=', id).executeTakeFirst();
    if (!owner) throw new ApiError(404, message('order.notFound'));
    // The paid effects change the student's records (booking, purchases): take the student's lock
    // first, in the order every other write takes them (student, then order), so a concurrent exam
    // edit waits for this confirmation instead of interleaving with it or deadlocking on PostgreSQL.
    await lockStudent(trx, owner.student_id);
    const updated = await trx
      .updateTable('orders')
      .set({ status: outcome, confirmed_at: iso(ctx.now()), gateway_txn: gatewayTxn })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!order) throw new ApiError(404, message('order.notFound'));
    if (Number(updated.numUpdatedRows) === 1 && outcome === 'paid') {
      for (const effect of ctx.paidEffects.of(order)) await effect(trx, order);
      newlyPaid = true;
    }
    return order;
  });
  if (newlyPaid)
    for (const notice of ctx.paidEffects.noticesOf(confirmed)) {
      try {
        await notice(confirmed);
      } catch (error) {
        log?.error({ err: error, order: confirmed.id }, 'paid-order notice not sent');
      }
    }
  return confirmed;
}

/** Where the browser goes after the gateway: the portal page with the spec's query parameters. */
export function returnUrl(order: Order): string {
  const status = order.status === 'paid' ? 'success' : order.status === 'failed' ? 'failure' : 'aborted';
  const extra = JSON.parse(order.status === 'paid' ? order.success_query : order.failure_query) as Record<
    string,
    string
  >;
  const query = new URLSearchParams({
    status,
    mode: order.payment_method,
    // The order's own queries may name it otherwise (a course: site.commerce.courseReturnType).
    type: order.kind,
    order_id: order.id,
    ...extra,
  });
  return `${order.return_path}?${query.toString()}`;
}

/** The gateway callback's signature (HMAC-SHA256 over order id, status and transaction id). */
export function callbackSignature(secret: string, orderId: string, status: string, txn: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${status}|${txn}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
