// Signing in to examflow Studio through the organisation's OpenID Connect provider (decision 051):
// whether one is set up (and a refusal's words), the start, and the provider's callback. The rules
// live in server/auth/staff-oidc.ts; STUDIO_HOST and the Studio's change rules (staff-origin.ts)
// hold here as on every /studio/api route.
import type { FastifyInstance } from 'fastify';
import type {
  StudioAccountOidcQuery,
  StudioAccountOidcReply,
} from '../../../src/generated/api/studio-account-oidc';
import type { StudioAccountOidcCallbackQuery } from '../../../src/generated/api/studio-account-oidc-callback';
import type {
  StudioAccountOidcStartBody,
  StudioAccountOidcStartReply,
} from '../../../src/generated/api/studio-account-oidc-start';
import { apiSchema } from '../../api/schemas';
import {
  finishOidcSignIn,
  OIDC_CALLBACK_PATH,
  oidcRefusalSentence,
  startOidcSignIn,
} from '../../auth/staff-oidc';

const tags = ['studio'];

export function registerStudioOidcRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: StudioAccountOidcQuery; Reply: StudioAccountOidcReply }>(
    '/studio/api/account/oidc',
    {
      schema: apiSchema('studio-account-oidc', {
        summary: 'Whether the Studio signs in through the organisation’s provider, and a refusal’s words',
        tags,
      }),
    },
    async (request) => {
      const settings = app.ctx.config.studio.oidc;
      if (!settings) return { success: 'true', enabled: false };
      const { refused } = request.query;
      return {
        success: 'true',
        enabled: true,
        name: settings.name,
        ...(refused ? { refusal: oidcRefusalSentence(refused, settings.name) } : {}),
      };
    },
  );

  app.post<{ Body: StudioAccountOidcStartBody | undefined; Reply: StudioAccountOidcStartReply }>(
    '/studio/api/account/oidc/start',
    {
      schema: apiSchema('studio-account-oidc-start', {
        summary: 'Begin a sign-in through the organisation’s OpenID Connect provider (answers its URL)',
        tags,
      }),
    },
    async (request, reply) => {
      const url = await startOidcSignIn(app.ctx, request, reply, request.body?.return_to);
      reply.header('Cache-Control', 'no-store');
      return { success: 'true', url: url.href };
    },
  );

  app.get<{ Querystring: StudioAccountOidcCallbackQuery }>(
    OIDC_CALLBACK_PATH,
    {
      schema: apiSchema('studio-account-oidc-callback', {
        summary: 'The provider sends the browser back here: signs in, then opens the Studio',
        tags,
        answers: { redirect: true },
      }),
    },
    async (request, reply) => {
      const page = await finishOidcSignIn(app.ctx, request, reply, request.query);
      return reply.header('Cache-Control', 'no-store').redirect(page, 303);
    },
  );
}
