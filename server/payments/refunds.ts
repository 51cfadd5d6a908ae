// Money a student is owed back (decision 038): an order the gateway confirmed paid after another
// order had bought the same thing. confirmOrder records it 'due'; the sandbox gateway refunds it at
// once; with a real gateway the support desk lists what is due (npm run orders:refunds) and refunds
// it there. Each refund is recorded once: only a 'due' order becomes 'refunded'.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { iso } from '../timestamps';

export interface RefundRow {
  order_id: string;
  roll_number: string;
  mobile: string;
  kind: string;
  amount: number;
  gateway_txn: string | null;
  confirmed_at: string | null;
  refund_status: 'due' | 'refunded';
  refund_reason: string | null;
  refund_txn: string | null;
  refunded_at: string | null;
}

/** Orders with a refund due (or, with `all`, refunded too), oldest first. */
export async function refunds(db: Kysely<Database>, { all = false } = {}): Promise<RefundRow[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('students', 'students.id', 'orders.student_id')
    .select([
      'orders.id as order_id',
      'students.roll_number',
      'students.mobile',
      'orders.kind',
      'orders.amount',
      'orders.gateway_txn',
      'orders.confirmed_at',
      'orders.refund_status',
      'orders.refund_reason',
      'orders.refund_txn',
      'orders.refunded_at',
    ])
    .where('orders.refund_status', all ? 'in' : '=', all ? ['due', 'refunded'] : 'due')
    .orderBy('orders.confirmed_at')
    .execute();
  return rows as RefundRow[];
}

/** Records the gateway's refund of a due order; false when it was not due (refunded already). */
export async function markRefunded(ctx: AppContext, orderId: string, refundTxn: string): Promise<boolean> {
  const result = await ctx.db
    .updateTable('orders')
    .set({ refund_status: 'refunded', refund_txn: refundTxn, refunded_at: iso(ctx.now()) })
    .where('id', '=', orderId)
    .where('refund_status', '=', 'due')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The sandbox gateway refunds a due order at once; a real gateway's is the support desk's. */
export async function refundThroughGateway(ctx: AppContext, orderId: string): Promise<boolean> {
  if (!ctx.config.sandbox) return false;
  return markRefunded(ctx, orderId, `SBXR${randomBytes(8).toString('hex').toUpperCase()}`);
}
