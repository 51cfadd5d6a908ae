// Coupons (part 2 §7, §8): the discount a coupon gives on the programme's exam fee.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Programme } from '../../../src/generated/config/programme';
import type {
  RegistrationCouponBody,
  RegistrationCouponReply,
} from '../../../src/generated/api/registration-coupon';
import { ApiError } from '../../api/errors';
import { message, say } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { hit, lockedUntil, minutesUntil } from '../../auth/throttle';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { ClassStreamsTable } from '../../db/tables/master';
import { classStreamOf, eligible } from '../../services/master/centres';
import { programmeFor } from '../master/programme-lookup';
import { type Discount, couponDiscount } from '../../services/registration/coupons';

// Guessing codes costs: 20 wrong codes from one address in 15 minutes lock it for 15 minutes.
const guessRule = { lockAfter: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** couponDiscount, with wrong guesses counted per address. */
export async function throttledCouponDiscount(
  ctx: AppContext,
  request: FastifyRequest,
  programme: Programme,
  code: string,
  classStream: ClassStreamsTable,
  leadTerm: string | undefined,
  db: Kysely<Database> = ctx.db,
): Promise<Discount> {
  const key = `coupon-ip:${request.ip}`;
  const until = await lockedUntil(ctx, key);
  if (until) throw new ApiError(429, message('coupon.tooMany', { minutes: minutesUntil(ctx, until) }));
  try {
    return await couponDiscount(ctx, programme, code, classStream, leadTerm, db);
  } catch (error) {
    if (error instanceof ApiError && error.said?.id === 'registration.couponInvalid')
      await hit(ctx, key, guessRule);
    throw error;
  }
}

export function registerCouponRoutes(app: FastifyInstance): void {
  app.post<{ Body: RegistrationCouponBody; Reply: RegistrationCouponReply }>(
    '/api/coupon/validate',
    { schema: apiSchema('registration-coupon', { summary: 'Validate a coupon', tags: ['registration'] }) },
    async (request) => {
      const { ctx } = app;
      const { exam_type: examType, coupon_code: code, class_stream: cs, lead_term: leadTerm } = request.body;
      if (!code.trim()) throw new ApiError(400, message('validation.coupon.required'));
      const { programme, eligibility } = programmeFor(ctx, request, examType);
      const classStream = await classStreamOf(ctx, cs);
      if (!eligible(eligibility, classStream))
        throw new ApiError(400, message('signup.notEligible', { programme: programme.shortName }));
      const discount = await throttledCouponDiscount(ctx, request, programme, code, classStream, leadTerm);
      const fee = programme.fee.amount;
      return {
        success: 'true',
        message: say(request, 'registration.couponApplied'),
        msg: say(request, 'registration.couponApplied'),
        data: { exam_discount_amount: discount.amount, exam_fee: fee, amount_payable: fee - discount.amount },
      };
    },
  );
}
