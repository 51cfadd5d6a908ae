// Commerce: courses and the fee breakup, branches, payment options, course orders, the mock
// (sample-paper pack) payment, the prospectus and course PDFs, and analytics events.
import type { FastifyInstance } from 'fastify';
import { registerAnalyticsRoutes } from './commerce/analytics';
import { registerCatalogueRoutes } from './commerce/catalogue';
import { registerCheckoutRoutes } from './commerce/checkout';
import { registerDocumentRoutes } from './commerce/documents';
import { registerPurchaseHandlers } from '../services/commerce/purchases';

export function registerCommerceRoutes(app: FastifyInstance): void {
  registerPurchaseHandlers(app.ctx);
  registerCatalogueRoutes(app);
  registerCheckoutRoutes(app);
  registerDocumentRoutes(app);
  registerAnalyticsRoutes(app);
}
