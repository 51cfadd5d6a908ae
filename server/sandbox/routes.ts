// Sandbox pages and controls (only when the sandbox is on).
import type { FastifyInstance } from 'fastify';
import type { SandboxEmailsQuery, SandboxEmailsReply } from '../../src/generated/api/sandbox-emails';
import type { SandboxMessagesQuery, SandboxMessagesReply } from '../../src/generated/api/sandbox-messages';
import { apiSchema } from '../api/schemas';

export function registerSandboxRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: SandboxMessagesQuery; Reply: SandboxMessagesReply }>(
    '/sandbox/messages',
    {
      schema: apiSchema('sandbox-messages', {
        summary: 'SMS the sandbox recorded, newest first',
        tags: ['sandbox'],
      }),
    },
    async (request) => {
      let query = app.ctx.db.selectFrom('sms_messages').select(['mobile', 'text', 'otp', 'sent_at']);
      if (request.query.mobile) query = query.where('mobile', '=', request.query.mobile);
      return query.orderBy('id', 'desc').limit(100).execute(); // ids sort by time
    },
  );

  app.get<{ Querystring: SandboxEmailsQuery; Reply: SandboxEmailsReply }>(
    '/sandbox/emails',
    {
      schema: apiSchema('sandbox-emails', {
        summary: 'E-mails the sandbox recorded, newest first',
        tags: ['sandbox'],
      }),
    },
    async (request) => {
      const { to } = request.query;
      return app.ctx.email.sent().filter((m) => !to || m.to === to);
    },
  );
}
