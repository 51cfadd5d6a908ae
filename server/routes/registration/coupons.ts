// Coupons (part 2 §7, §8): the discount a coupon gives on the programme's exam fee.
import type { FastifyInstance } from 'fastify';
import type {
  RegistrationCouponBody,
  RegistrationCouponReply,
} from '../../../src/generated/api/registration-coupon';
import { payableAfterCoupon } from '../../../src/domain/fees';
import { ApiError } from '../../api/errors';
import { message, say } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { classStreamOf, eligible } from '../../services/master/centres';
import { programmeFor } from '../master/programme-lookup';
import { throttledCouponDiscount } from '../../services/registration/coupons';

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
      const discount = await throttledCouponDiscount(ctx, request.ip, programme, code, classStream, leadTerm);
      const fee = programme.fee.amount;
      return {
        success: 'true',
        message: say(request, 'registration.couponApplied'),
        msg: say(request, 'registration.couponApplied'),
        data: {
          exam_discount_amount: discount.amount,
          exam_fee: fee,
          amount_payable: payableAfterCoupon(fee, discount.amount),
        },
      };
    },
  );
}
