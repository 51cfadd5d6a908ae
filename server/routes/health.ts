// Health checks for a process manager or load balancer: live = the process answers;
// ready = the database answers too (else 503 with Retry-After, like any request during an outage).
// No session; asked every few seconds, so their requests are not logged at info.
import type { FastifyInstance } from 'fastify';
import type { HealthReply } from '../../src/generated/api/health';
import { say } from '../api/messages';
import { apiSchema } from '../api/schemas';
import { databaseAnswers, NOT_READY_RETRY_AFTER_SECONDS } from '../services/health/ready';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/health/live',
    { logLevel: 'warn', schema: apiSchema('health', { summary: 'The process is up', tags: ['health'] }) },
    async (): Promise<HealthReply> => ({ status: 'ok' }),
  );
  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      schema: apiSchema('health', {
        summary: 'The process is up and its database answers',
        tags: ['health'],
      }),
    },
    async (request, reply) => {
      if (await databaseAnswers(app.ctx)) return { status: 'ok' } satisfies HealthReply;
      return reply
        .code(503)
        .header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS))
        .send({ success: 'false', msg: say(request, 'database.unavailable') });
    },
  );
}
