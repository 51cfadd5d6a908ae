// Coupons (part 2 §7, §8): the discount a coupon gives on the programme's exam fee and its
// throttled form, which counts wrong guesses per address (server/routes/registration/coupons.ts
// and signup call it). Coupons are config documents (coupons/<code>.json, decision 049); their uses
// are counted in the database.
import { sql, type Kysely } from 'kysely';
import type { Coupon } from '../../../src/generated/config/coupon';
import type { Programme } from '../../../src/generated/config/programme';
import { indiaDate } from '../../../src/domain/dates';
import { discountedPrice } from '../../../src/domain/fees';
import { seasonTerm } from '../../../src/domain/season';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import { lockedFor, takeAll } from '../../auth/throttle';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { ClassStreamsTable } from '../../db/tables/master';

export interface Discount {
  code: string;
  amount: number;
}

/** The coupon `code` names for this programme, from the published config (decision 049). */
function couponOf(ctx: AppContext, programme: Programme, code: string): Coupon | undefined {
  const coupon = /^[A-Z0-9]{1,30}$/.test(code) ? ctx.site.coupons[code] : undefined;
  return coupon?.programmes.includes(programme.id) ? coupon : undefined;
}

/**
 * The discount in rupees, or a 400 'Error: Invalid Coupon' (unknown, not yet or no longer valid,
 * not for this class or term, used up).
 */
export async function couponDiscount(
  ctx: AppContext,
  programme: Programme,
  code: string,
  classStream: ClassStreamsTable,
  leadTerm: string | undefined,
  db: Kysely<Database> = ctx.db,
): Promise<Discount> {
  const fee = programme.fee.amount;
  const normalised = code.trim().toUpperCase();
  const coupon = couponOf(ctx, programme, normalised);
  const today = indiaDate(ctx.now());
  // The lead's term, else the programme's season's (what the card and the signup check against).
  const term =
    leadTerm?.trim() || seasonTerm(programme.schedule, today, programme.windows.enrolmentClosesDaysBefore);
  const valid =
    coupon &&
    fee > 0 &&
    coupon.validFrom <= today &&
    today <= coupon.validUntil &&
    (!coupon.classes || (coupon.classes as string[]).includes(classStream.class)) &&
    (!coupon.leadTerm || coupon.leadTerm === term) &&
    (coupon.uses === undefined || (await usesOf(db, normalised)) < coupon.uses);
  if (!coupon || !valid)
    throw new ApiError(400, message('registration.couponInvalid'), { data: { exam_discount_amount: 0 } });
  // A percent coupon takes off what the one fee rule deducts (src/domain/fees.ts, decision 013).
  const amount =
    'percent' in coupon.discount
      ? fee - discountedPrice(fee, coupon.discount.percent)
      : coupon.discount.amount;
  return { code: normalised, amount: Math.min(fee, Math.max(0, amount)) };
}

const usesOf = async (db: Kysely<Database>, code: string): Promise<number> =>
  Number(
    (await db.selectFrom('coupon_uses').select('used').where('code', '=', code).executeTakeFirst())?.used ??
      0,
  );

/**
 * Takes one use of a coupon with a limit, in the signup's transaction: atomic (the update counts
 * only below the limit), so concurrent signups never pass it. A coupon without a limit is not counted.
 */
export async function takeCouponUse(
  ctx: AppContext,
  trx: Kysely<Database>,
  programme: Programme,
  code: string,
): Promise<void> {
  const limit = couponOf(ctx, programme, code)?.uses;
  if (limit === undefined) return;
  await trx
    .insertInto('coupon_uses')
    .values({ code, used: 0 })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const taken = await trx
    .updateTable('coupon_uses')
    .set({ used: sql`used + 1` })
    .where('code', '=', code)
    .where('used', '<', limit)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0)
    throw new ApiError(400, message('registration.couponInvalid'), { data: { exam_discount_amount: 0 } });
}

// Guessing codes costs: 20 wrong codes from one address in 15 minutes lock it for 15 minutes.
const guessRule = { lockAfter: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** couponDiscount, with wrong guesses counted per address (the caller's IP). */
export async function throttledCouponDiscount(
  ctx: AppContext,
  ip: string,
  programme: Programme,
  code: string,
  classStream: ClassStreamsTable,
  leadTerm: string | undefined,
  db: Kysely<Database> = ctx.db,
): Promise<Discount> {
  // The guess is counted before the code is looked up (atomic: a burst cannot pass the limit);
  // a code that applies, or a failure that is no wrong guess, gives it back.
  const giveBack = await takeAll(ctx, [
    { key: `coupon-ip:${ip}`, rule: guessRule, refusal: (until) => lockedFor(ctx, 'coupon.tooMany', until) },
  ]);
  try {
    const discount = await couponDiscount(ctx, programme, code, classStream, leadTerm, db);
    await giveBack();
    return discount;
  } catch (error) {
    if (!(error instanceof ApiError && error.said?.id === 'registration.couponInvalid')) await giveBack();
    throw error;
  }
}
