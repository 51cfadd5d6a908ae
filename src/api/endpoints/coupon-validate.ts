// POST /api/coupon/validate: the discount a coupon gives (part 2 §3 "Coupon validation"). A bad
// coupon is a 400 whose message is "Error: Invalid Coupon"; an empty one "Please enter a coupon code.".
import type {
  RegistrationCouponBody,
  RegistrationCouponReply,
} from '../../generated/api/registration-coupon';
import { apiPost, type RequestOptions } from '../client';

export const COUPON_VALIDATE_PATH = '/api/coupon/validate';
export const validateCoupon = (body: RegistrationCouponBody, options?: RequestOptions) =>
  apiPost<RegistrationCouponReply>(COUPON_VALIDATE_PATH, body, options);
