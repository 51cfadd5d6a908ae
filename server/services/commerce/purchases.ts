// What a student bought: course registrations and the sample-paper pack. Rows are written only by
// the paid-order handlers (the gateway's confirmation), never by a client request.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { iso } from '../../timestamps';
import type { Database } from '../../db/schema';
import type { CommercePurchasesTable } from '../../db/tables/commerce';
import { newId } from '../../auth/tokens';
import { prepared } from '../../db/prepared';
import { onOrderPaid, onOrderPaidNotify, type Order } from '../../payments/orders';

async function hasPurchase(
  db: Kysely<Database>,
  studentId: string,
  kind: CommercePurchasesTable['kind'],
): Promise<boolean> {
  const rows = await purchaseOfKind(db, studentId, kind);
  return rows.length > 0;
}

const purchaseOfKind = prepared((db, arg) =>
  db
    .selectFrom('commerce_purchases')
    .select('id')
    .where('student_id', '=', arg(0))
    .where('kind', '=', arg<CommercePurchasesTable['kind']>(1))
    .limit(1)
    .compile(),
);

/** static_data.mock_purchased of the dashboard: the sample-paper pack was paid for. */
export const isMockPurchased = (db: Kysely<Database>, studentId: string): Promise<boolean> =>
  hasPurchase(db, studentId, 'mock');

/** The student paid for at least one course (course_purchased). */
export const isCoursePurchased = (db: Kysely<Database>, studentId: string): Promise<boolean> =>
  hasPurchase(db, studentId, 'course');

/** The courses the student paid for: product id → rupees paid (the paid orders' amounts). */
export async function purchasedCourses(
  db: Kysely<Database>,
  studentId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('commerce_purchases')
    .select(['product_id', 'amount'])
    .where('student_id', '=', studentId)
    .where('kind', '=', 'course')
    .execute();
  const paid = new Map<string, number>();
  for (const r of rows) paid.set(r.product_id, (paid.get(r.product_id) ?? 0) + r.amount);
  return paid;
}

async function recordPurchase(
  trx: Kysely<Database>,
  order: Order,
  kind: CommercePurchasesTable['kind'],
  now: Date,
): Promise<void> {
  if (!order.product_id) throw new Error(`paid ${kind} order ${order.id} has no product`);
  await trx
    .insertInto('commerce_purchases')
    .values({
      id: newId(),
      student_id: order.student_id,
      kind,
      product_id: order.product_id,
      order_id: order.id,
      amount: order.amount,
      created_at: order.confirmed_at ?? iso(now),
    })
    .execute();
}

/**
 * The confirmation the payment-success page promises (part 2 §2 "Payment-success page"): an SMS to
 * the registered mobile number and an e-mail to the registered address, once per paid course.
 */
async function confirmCoursePayment(ctx: AppContext, order: Order): Promise<void> {
  const student = await ctx.db
    .selectFrom('students')
    .select(['mobile', 'email', 'first_name'])
    .where('id', '=', order.student_id)
    .executeTakeFirstOrThrow();
  const course = order.product_id
    ? await ctx.db
        .selectFrom('commerce_courses')
        .select('product_title')
        .where('product_id', '=', order.product_id)
        .executeTakeFirst()
    : undefined;
  const brand = ctx.site.site.brand.providerName;
  const what = course?.product_title ?? 'your course';
  const amount = `Rs ${order.amount.toLocaleString('en-IN')}`;
  await ctx.sms.send(
    student.mobile,
    `${brand}: payment of ${amount} received for ${what}. Order ID ${order.id}.`,
  );
  await ctx.email.send(
    student.email,
    `${brand}: payment received (order ${order.id})`,
    `Dear ${student.first_name},\n\nWe have received your payment of ${amount} for ${what}.\nOrder ID: ${order.id}\n\n${brand}`,
  );
}

/** Paid course and pack orders become purchases (once per order: the confirmation runs once). */
export function registerPurchaseHandlers(ctx: AppContext): void {
  onOrderPaid(ctx, 'course', (trx, order) => recordPurchase(trx, order, 'course', ctx.now()));
  onOrderPaid(ctx, 'mock', (trx, order) => recordPurchase(trx, order, 'mock', ctx.now()));
  onOrderPaidNotify(ctx, 'course', (order) => confirmCoursePayment(ctx, order));
}
