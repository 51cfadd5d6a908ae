// Orders and their confirmation. Only confirmOrder changes an order's state, and only the
// gateway's server-side confirmation calls it: a status=success typed into a URL marks nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ApiError } from '../api/errors';
import { message } from '../api/messages';
import type { AppContext } from '../context';
import { lockStudent } from '../db/locks';
import { preparedInsert } from '../db/prepared';
import type { Database } from '../db/schema';
import type { OrdersTable } from '../db/tables/payments';
import { iso } from '../timestamps';
import type { PaidEffect, PaidNotice } from './paid-effects';
import { refundThroughGateway } from './refunds';

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
  /** The programme config version the amount was computed from (absent or null: none known, as
   *  for config read from files); every service that opens an order passes it. */
  configVersion?: number | null;
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

/** Creates an order (no reuse: every caller that a student can repeat goes through openOrder). */
export async function createOrder(
  ctx: AppContext,
  input: CreateOrder,
  db: Kysely<Database> = ctx.db,
): Promise<PaymentData> {
  checkPayable(ctx, input.amount);
  const id = `EF${randomBytes(10).toString('hex').toUpperCase()}`;
  const values = { ...orderValues(input), student_id: input.studentId, kind: input.kind };
  await insertOrder(db, {
    id,
    ...values,
    status: 'created',
    created_at: iso(ctx.now()),
    confirmed_at: null,
    gateway_txn: null,
    refund_status: null,
    refund_reason: null,
    refund_txn: null,
    refunded_at: null,
  });
  return paymentDataOf({ id, ...values });
}

const insertOrder = preparedInsert<Order>(
  [
    'id',
    'student_id',
    'kind',
    'product_id',
    'amount',
    'payment_method',
    'status',
    'return_path',
    'success_query',
    'failure_query',
    'details',
    'created_at',
    'confirmed_at',
    'gateway_txn',
    'refund_status',
    'refund_reason',
    'refund_txn',
    'refunded_at',
    'config_version',
  ],
  (db, values) =>
    db
      .insertInto('orders')
      .values(values as unknown as Order)
      .compile(),
);

function checkPayable(ctx: AppContext, amount: number): void {
  if (!ctx.config.sandbox) throw new ApiError(503, message('payment.unavailable'));
  if (!Number.isInteger(amount) || amount <= 0) throw new ApiError(400, message('order.nothingToPay'));
}

/** The columns a repeated submit may set again on its open order (everything but who, what and how much). */
function orderValues(input: Omit<CreateOrder, 'studentId' | 'kind'>) {
  return {
    product_id: input.productId ?? null,
    amount: input.amount,
    payment_method: input.paymentMethod,
    return_path: input.returnPath,
    success_query: JSON.stringify(input.successQuery ?? {}),
    failure_query: JSON.stringify(input.failureQuery ?? {}),
    details: JSON.stringify(input.details ?? {}),
    config_version: input.configVersion ?? null,
  };
}

/**
 * What a student pays for. Each purpose is one kind of order; an exam edit is told apart from the
 * registration's exam fee by details.purpose, which also picks its paid effects (onOrderPaid).
 */
export const ORDER_PURPOSES = {
  registration: { kind: 'exam' },
  'exam-edit': { kind: 'exam', detailsPurpose: 'exam-edit' },
  'mock-pack': { kind: 'mock' },
  course: { kind: 'course' },
} as const satisfies Record<string, { kind: OrderKind; detailsPurpose?: string }>;

export type OrderPurpose = keyof typeof ORDER_PURPOSES;

export interface OpenOrder extends Omit<CreateOrder, 'kind' | 'productId'> {
  purpose: OrderPurpose;
  /** Which one of the purpose (a course's product id, the pack's programme); null when a student has one. */
  item: string | null;
  /** The student was created in `trx`: nobody else sees them yet and they have no order to reuse. */
  newStudent?: boolean;
}

export interface OpenedOrder {
  payment: PaymentData;
  /** True when the student's open order was answered again, false when this call created it. */
  reused: boolean;
}

const detailsPurposeOf = (details: string): unknown => (JSON.parse(details) as { purpose?: unknown }).purpose;

/**
 * The one "open order or create it" rule (once is once). Under the student's lock, the student's
 * newest open order for the same purpose and item at the same amount is answered again, with what
 * a repeated submit may change (payment method, return queries, details such as a billing address)
 * set to this submit's; otherwise a new order is created. An open order at another amount (the fee
 * changed) is left as it is: the gateway may still confirm it. So repeated or concurrent submits
 * make one order, and a retry after a failed or abandoned payment makes the next one.
 *
 * Runs in `trx` when given (the caller's writes and the order commit together), else in its own
 * transaction.
 */
export async function openOrder(
  ctx: AppContext,
  input: OpenOrder,
  trx?: Transaction<Database>,
): Promise<OpenedOrder> {
  if (!trx) return ctx.db.transaction().execute((t) => openOrder(ctx, input, t));
  checkPayable(ctx, input.amount);
  const rule: { kind: OrderKind; detailsPurpose?: string } = ORDER_PURPOSES[input.purpose];
  const details = rule.detailsPurpose ? { ...input.details, purpose: rule.detailsPurpose } : input.details;
  const wanted = { ...input, details, kind: rule.kind, productId: input.item ?? undefined };
  if (input.newStudent) return { payment: await createOrder(ctx, wanted, trx), reused: false };
  await lockStudent(trx, input.studentId);
  const open = await trx
    .selectFrom('orders')
    .selectAll()
    .where('student_id', '=', input.studentId)
    .where('kind', '=', rule.kind)
    .where('status', '=', 'created')
    .where('amount', '=', input.amount)
    .where((eb) => (input.item === null ? eb('product_id', 'is', null) : eb('product_id', '=', input.item)))
    .orderBy('created_at', 'desc')
    .execute();
  const same = open.find((o) => detailsPurposeOf(o.details) === rule.detailsPurpose);
  if (!same) return { payment: await createOrder(ctx, wanted, trx), reused: false };
  const values = orderValues(wanted);
  await trx
    .updateTable('orders')
    .set(values)
    .where('id', '=', same.id)
    .where('status', '=', 'created')
    .execute();
  return { payment: paymentDataOf({ id: same.id, ...values }), reused: true };
}

export async function orderById(ctx: AppContext, id: string): Promise<Order | undefined> {
  return ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What a paid order of this kind (and purpose, as onOrderPaid) tells the student once the payment is
 * recorded (after the commit, once per order). A notice that fails is logged: the payment stands.
 */
export function onOrderPaidNotify(
  ctx: AppContext,
  kind: OrderKind,
  notice: PaidNotice,
  purpose?: string,
): void {
  ctx.paidEffects.notify(kind, notice, purpose);
}

/** Where confirmOrder writes what it did: a request's logger (pino) or a test's recorder. */
export interface OrderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface Confirmation {
  /** The amount the gateway says it took: refused (409) unless it is the order's. */
  amount?: number;
  /** Who says so, for the log: the gateway's callback, a test. */
  source?: string;
  log?: OrderLog;
}

/**
 * Which verdict may replace which (docs/decisions/030-gateway-callbacks.md). The first verdict on an
 * open order stands, except that a confirmed payment after a failure or a cancel is money taken: the
 * order becomes paid. A paid order stays paid whatever arrives later.
 */
const REPLACES: Record<Outcome, Order['status'][]> = {
  paid: ['created', 'failed', 'aborted'],
  failed: ['created'],
  aborted: ['created'],
};

/**
 * Records the gateway's verdict. Idempotent and safe under repeats and concurrency: under the
 * student's lock, one conditional UPDATE (status in REPLACES) moves the order, so of ten identical
 * callbacks at once exactly one changes it and runs its paid effects; the others, and any verdict
 * REPLACES does not allow (a failure after a payment), change nothing, are logged, and return the
 * order as it is. A payment after a failure runs the effects once too, unless the student already
 * has what it buys through another paid order: then it is recorded paid with a refund due (the
 * effects are not run again), which the gateway refunds (refunds.ts).
 */
export async function confirmOrder(
  ctx: AppContext,
  id: string,
  outcome: Outcome,
  gatewayTxn: string,
  { amount, source = 'gateway', log }: Confirmation = {},
): Promise<Order> {
  let newlyPaid = false;
  let refundDue = false;
  const confirmed = await ctx.db.transaction().execute(async (trx: Transaction<Database>) => {
    const owner = await trx
      .selectFrom('orders')
      .select(['student_id', 'amount'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!owner) throw new ApiError(404, message('order.notFound'));
    if (amount !== undefined && amount !== owner.amount) {
      log?.warn(
        { order: id, amount, expected: owner.amount, source, txn: gatewayTxn },
        'order: amount refused',
      );
      throw new ApiError(409, "The payment confirmation's amount is not the order's.");
    }
    // The paid effects change the student's records (booking, purchases): take the student's lock
    // first, in the order every other write takes them (student, then order), so a concurrent exam
    // edit waits for this confirmation instead of interleaving with it or deadlocking on PostgreSQL.
    await lockStudent(trx, owner.student_id);
    const before = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // The order as this verdict left it: moved, or (no row updated) as it was.
    const updated = await trx
      .updateTable('orders')
      .set({ status: outcome, confirmed_at: iso(ctx.now()), gateway_txn: gatewayTxn })
      .where('id', '=', id)
      .where('status', 'in', REPLACES[outcome])
      .returningAll()
      .executeTakeFirst();
    const order = updated ?? before;
    const moved = updated !== undefined;
    const said = { order: id, from: before.status, to: order.status, outcome, source, txn: gatewayTxn };
    if (!moved) {
      log?.info(said, `order ${id}: ${outcome} ignored, stays ${order.status}`);
      return order;
    }
    log?.info(said, `order ${id}: ${before.status} -> ${order.status}`);
    if (outcome !== 'paid') return order;
    if (before.status !== 'created' && (await alreadyBought(trx, order))) {
      log?.warn(
        said,
        `order ${id}: paid after ${before.status}, but already bought by another order: refund due`,
      );
      refundDue = true;
      return await trx
        .updateTable('orders')
        .set({ refund_status: 'due', refund_reason: 'already bought through another order' })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    for (const effect of ctx.paidEffects.of(order)) await effect(trx, order);
    newlyPaid = true;
    return order;
  });
  if (refundDue && (await refundThroughGateway(ctx, id)))
    log?.info({ order: id, source }, `order ${id}: refunded by the gateway`);
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

/** Whether another paid order of the student buys the same thing (kind, purpose and item). */
async function alreadyBought(trx: Kysely<Database>, order: Order): Promise<boolean> {
  const paid = await trx
    .selectFrom('orders')
    .select('details')
    .where('student_id', '=', order.student_id)
    .where('kind', '=', order.kind)
    .where('status', '=', 'paid')
    .where('id', '!=', order.id)
    .where((eb) =>
      order.product_id === null ? eb('product_id', 'is', null) : eb('product_id', '=', order.product_id),
    )
    .execute();
  const purpose = detailsPurposeOf(order.details);
  // Each exam edit is its own change: its effect applies it only while its request is pending.
  if (purpose === ORDER_PURPOSES['exam-edit'].detailsPurpose) return false;
  return paid.some((o) => detailsPurposeOf(o.details) === purpose);
}

/**
 * Where the browser goes after the gateway: the portal page with the spec's query parameters, for
 * the order's recorded status or, when the gateway's callback is withheld, the gateway's word (`as`).
 */
export function returnUrl(ctx: AppContext, order: Order, as: Order['status'] = order.status): string {
  const status = as === 'paid' ? 'success' : as === 'failed' ? 'failure' : 'aborted';
  const extra = JSON.parse(as === 'paid' ? order.success_query : order.failure_query) as Record<
    string,
    string
  >;
  const query = new URLSearchParams({
    status,
    mode: order.payment_method,
    // The order's own queries may name it otherwise (a course: site.commerce.courseReturnType).
    type: order.kind,
    order_id: order.id,
    order_token: orderReturnToken(ctx.orderReturnKey, order.id),
    ...extra,
  });
  return `${order.return_path}?${query.toString()}`;
}

/** The token a return link carries: it lets that page read its order's status without a login. */
export const orderReturnToken = (key: string, orderId: string): string =>
  createHmac('sha256', key).update(`order-return|${orderId}`).digest('base64url').slice(0, 22);

/** The gateway callback's signature (HMAC-SHA256 over order id, status, transaction id and amount). */
export function callbackSignature(
  secret: string,
  orderId: string,
  status: string,
  txn: string,
  amount: number,
): string {
  return createHmac('sha256', secret).update(`${orderId}|${status}|${txn}|${amount}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
