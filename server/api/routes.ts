// Every API route, by domain. Each domain registers its own routes from its own file.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerAuthRoutes } from '../routes/auth';
import { registerCommerceRoutes } from '../routes/commerce';
import { registerExamRoutes } from '../routes/exams';
import { registerFunnelRoutes } from '../routes/funnel';
import { registerHealthRoutes } from '../routes/health';
import { registerMasterRoutes } from '../routes/master';
import { registerRecoveryRoutes } from '../routes/recovery';
import { registerRegistrationRoutes } from '../routes/registration';
import { registerStudioAccountRoutes } from '../routes/studio/account';
import { registerStudioOidcRoutes } from '../routes/studio/account-oidc';
import { registerStudioContentRoutes } from '../routes/studio/content';
import { registerStudioFunnelRoutes } from '../routes/studio/funnel';
import { registerStudioExperimentRoutes } from '../routes/studio/experiments';
import { registerStudioImageRoutes } from '../routes/studio/images';
import { registerStudioPreviewLinkRoutes } from '../routes/studio/preview-links';
import { registerStudioStaffRoutes } from '../routes/studio/staff';
import { registerStudioTranslationRoutes } from '../routes/studio/translations';
import { registerStudioVersionRoutes } from '../routes/studio/versions';

export function registerApiRoutes(
  app: FastifyInstance,
  unknownCall: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  registerAuthRoutes(app);
  registerRecoveryRoutes(app);
  registerMasterRoutes(app);
  registerRegistrationRoutes(app);
  registerCommerceRoutes(app);
  registerExamRoutes(app);
  registerFunnelRoutes(app);
  registerHealthRoutes(app);
  registerStudioAccountRoutes(app);
  registerStudioOidcRoutes(app);
  registerStudioStaffRoutes(app);
  registerStudioContentRoutes(app);
  registerStudioVersionRoutes(app);
  registerStudioTranslationRoutes(app);
  registerStudioPreviewLinkRoutes(app);
  registerStudioFunnelRoutes(app);
  registerStudioExperimentRoutes(app);
  // Its own scope: only the upload route parses image bodies.
  void app.register(registerStudioImageRoutes);
  // An unknown API path answers JSON (404, or 405 for another method), never the site's 404 page.
  app.all('/api/*', { schema: { hide: true } }, unknownCall);
  app.all('/studio/api/*', { schema: { hide: true } }, unknownCall);
}
