// What paid orders do, registered per app and run by the orders' confirmation. Its own module: the
// app's context holds one, and the orders module (which reads the context) runs them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OrdersTable } from '../db/tables/payments';

type Order = OrdersTable;
type OrderKind = OrdersTable['kind'];

export type PaidEffect = (trx: Kysely<Database>, order: Order) => Promise<void>;
/** Told once an order's payment is committed (a confirmation SMS or e-mail): outside the transaction. */
export type PaidNotice = (order: Order) => Promise<void>;
const effectKey = (kind: OrderKind, purpose?: string) => (purpose ? `${kind}:${purpose}` : kind);

/**
 * What paid orders do, for one app (held on its context, so two apps in one process, e.g. tests,
 * never share or replace each other's effects). Effects of a key run in registration order.
 */
export class PaidEffects {
  private readonly byKey = new Map<string, PaidEffect[]>();
  private readonly notices = new Map<string, PaidNotice[]>();

  /** As effects, a notice is for one kind and purpose: a registration's is not an exam edit's. */
  notify(kind: OrderKind, notice: PaidNotice, purpose?: string): void {
    const key = effectKey(kind, purpose);
    this.notices.set(key, [...(this.notices.get(key) ?? []), notice]);
  }

  noticesOf(order: Order): PaidNotice[] {
    return this.notices.get(effectKey(order.kind, purposeOf(order))) ?? [];
  }

  add(kind: OrderKind, effect: PaidEffect, purpose?: string): void {
    const key = effectKey(kind, purpose);
    this.byKey.set(key, [...(this.byKey.get(key) ?? []), effect]);
  }

  /** The effects of this order's kind (and purpose); an error when none is registered. */
  of(order: Order): PaidEffect[] {
    const key = effectKey(order.kind, purposeOf(order));
    const effects = this.byKey.get(key) ?? [];
    if (effects.length === 0) throw new Error(`no paid effect for ${key} orders`);
    return effects;
  }
}

function purposeOf(order: Order): string | undefined {
  const { purpose } = JSON.parse(order.details) as { purpose?: unknown };
  return typeof purpose === 'string' ? purpose : undefined;
}
