// Dashboard, profile, courses, branches, orders, payment options and mock payment.
import type { FastifyInstance } from 'fastify';

export function registerCommerceRoutes(_app: FastifyInstance): void {}
