// Sandbox pages and controls (only when the sandbox is on).
import type { FastifyInstance } from 'fastify';
import type { SandboxEmailsQuery, SandboxEmailsReply } from '../../src/generated/api/sandbox-emails';
import type { SandboxMessagesQuery, SandboxMessagesReply } from '../../src/generated/api/sandbox-messages';
import type { SandboxSmsSettingsReply } from '../../src/generated/api/sandbox-sms-settings';
import type { SandboxSmsSettingsUpdateBody } from '../../src/generated/api/sandbox-sms-settings-update';
import { apiSchema } from '../api/schemas';
import { sandboxOutbox } from './sms';

export function registerSandboxRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: SandboxMessagesQuery; Reply: SandboxMessagesReply }>(
    '/sandbox/messages',
    {
      schema: apiSchema('sandbox-messages', {
        summary: 'SMS the sandbox recorded, newest first',
        tags: ['sandbox'],
      }),
    },
    async (request) => sandboxOutbox(app.ctx, request.query.mobile),
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

  registerSmsSwitch(app);
}

/** The SMS provider's fault switch: fail every send, or take 10 s over each. */
function registerSmsSwitch(app: FastifyInstance): void {
  const answer = (): SandboxSmsSettingsReply => {
    const { mode, slowMs, mobile } = app.ctx.sms.faults?.settings() ?? {
      mode: 'none',
      slowMs: 0,
      mobile: null,
    };
    return { mode, slow_ms: slowMs, mobile, timeout_ms: app.ctx.config.sms.timeoutMs };
  };
  const tags = ['sandbox'];
  app.get<{ Reply: SandboxSmsSettingsReply }>(
    '/sandbox/sms/settings',
    { schema: apiSchema('sandbox-sms-settings', { summary: 'How the sandbox SMS provider behaves', tags }) },
    async () => answer(),
  );
  app.post<{ Body: SandboxSmsSettingsUpdateBody; Reply: SandboxSmsSettingsReply }>(
    '/sandbox/sms/settings',
    {
      schema: apiSchema('sandbox-sms-settings-update', {
        summary: 'Make the sandbox SMS provider fail, answer slowly, or send normally again',
        tags,
      }),
    },
    async (request) => {
      const { mode, slow_ms: slowMs, mobile } = request.body;
      app.ctx.sms.faults?.set({
        ...(mode === undefined ? {} : { mode }),
        ...(slowMs === undefined ? {} : { slowMs }),
        ...(mobile === undefined ? {} : { mobile }),
      });
      return answer();
    },
  );
}
