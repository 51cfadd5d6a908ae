// Coupons (part 2 §7, §8): the discount a coupon gives on the programme's exam fee
// and its throttled form, which counts wrong guesses per address (server/routes/registration/coupons.ts
// and signup call it).
import type { Kysely } from 'kysely';
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

/** The discount in rupees, or a 400 'Error: Invalid Coupon' (unknown, expired, not for this class). */
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
  const coupon = /^[A-Z0-9]{1,30}$/.test(normalised)
    ? await db
        .selectFrom('coupons')
        .selectAll()
        .where('code', '=', normalised)
        .where('exam_type', '=', programme.examType)
        .executeTakeFirst()
    : undefined;
  const now = ctx.now().getTime();
  // The lead's term, else the programme's season's (what the card and the signup check against).
  const term =
    leadTerm?.trim() ||
    seasonTerm(programme.schedule, indiaDate(ctx.now()), programme.windows.enrolmentClosesDaysBefore);
  const classes: unknown = coupon?.classes ? JSON.parse(coupon.classes) : null;
  const valid =
    coupon &&
    fee > 0 &&
    Date.parse(coupon.valid_from) <= now &&
    now < Date.parse(coupon.valid_until) &&
    (!Array.isArray(classes) || classes.includes(classStream.class)) &&
    (!coupon.lead_term || coupon.lead_term === term);
  if (!coupon || !valid)
    throw new ApiError(400, message('registration.couponInvalid'), { data: { exam_discount_amount: 0 } });
  // A percent coupon takes off what the one fee rule deducts (src/domain/fees.ts, decision 013).
  const amount =
    coupon.percent_off !== null ? fee - discountedPrice(fee, coupon.percent_off) : (coupon.amount_off ?? 0);
  return { code: normalised, amount: Math.min(fee, Math.max(0, amount)) };
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
