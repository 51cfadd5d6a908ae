// Registration: OTP, leads, signup, coupon, exam details, nearest centre, caller identity, pincode and geo.
import type { FastifyInstance } from 'fastify';
import { registerCallerIdentityRoutes, registerCallerIdentitySandbox } from './registration/caller-identity';
import { registerCouponRoutes } from './registration/coupons';
import { registerGeoRoutes } from './registration/geo';
import { registerLeadRoutes } from './registration/leads';
import { registerOtpRoutes } from './registration/otp';
import { registerSignupRoutes } from './registration/signup';

export function registerRegistrationRoutes(app: FastifyInstance): void {
  registerOtpRoutes(app);
  registerLeadRoutes(app);
  registerCouponRoutes(app);
  registerSignupRoutes(app);
  registerGeoRoutes(app);
  registerCallerIdentityRoutes(app);
  if (app.ctx.config.sandbox) registerCallerIdentitySandbox(app);
}
