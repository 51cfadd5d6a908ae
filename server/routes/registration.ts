// Registration: OTP, leads, signup, coupon, exam details, nearest centre, caller identity, pincode and geo.
import type { FastifyInstance } from 'fastify';

export function registerRegistrationRoutes(_app: FastifyInstance): void {}
