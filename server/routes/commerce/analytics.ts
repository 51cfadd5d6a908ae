// Analytics events from the portal's pages (no session needed), and the sandbox's list of them.
import { maybeProgramme } from '../../services/exams/programme';
import type { FastifyInstance } from 'fastify';
import type {
  AnalyticsEventBody,
  OkReply as AnalyticsEventReply,
} from '../../../src/generated/api/analytics-event';
import type { AnalyticsListQuery, AnalyticsListReply } from '../../../src/generated/api/analytics-list';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { hit, lockedUntil, type ThrottleRule } from '../../auth/throttle';
import { latestAnalyticsEvents, recordAnalyticsEvent } from '../../services/commerce/analytics';

export const MAX_PAYLOAD_BYTES = 2048;
/** Per address: a busy page sends a few events a minute; 120 is far above that. */
export const ANALYTICS_RULE: ThrottleRule = { lockAfter: 120, windowMs: 60_000, lockMs: 60_000 };

export function registerAnalyticsRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.post<{ Body: AnalyticsEventBody; Reply: AnalyticsEventReply }>(
    '/api/analytics',
    { schema: apiSchema('analytics-event', { summary: 'Record an analytics event', tags: ['analytics'] }) },
    async (request) => {
      const key = `analytics-ip:${request.ip}`;
      if (await lockedUntil(ctx, key))
        throw new ApiError(429, 'Too many analytics events from this address. Please try again later.');
      await hit(ctx, key, ANALYTICS_RULE);
      const { name, exam_type: examType = null, payload = {} } = request.body;
      if (examType !== null && !maybeProgramme(ctx.site, examType))
        throw new ApiError(400, `Invalid exam_type: ${examType} is not an exam type of this site.`);
      // JSON.stringify escapes control characters and lone surrogates, so the text is safe to store.
      const text = JSON.stringify(payload);
      if (Buffer.byteLength(text, 'utf8') > MAX_PAYLOAD_BYTES)
        throw new ApiError(413, `The analytics payload is too large (at most ${MAX_PAYLOAD_BYTES} bytes).`);
      await recordAnalyticsEvent(ctx, { name, examType, payload: text });
      return { success: 'true', msg: 'Event recorded.' };
    },
  );

  if (!ctx.config.sandbox) return;

  app.get<{ Querystring: AnalyticsListQuery; Reply: AnalyticsListReply }>(
    '/sandbox/analytics',
    {
      schema: apiSchema('analytics-list', {
        summary: 'Analytics events the portal recorded, newest first',
        tags: ['sandbox'],
      }),
    },
    async (request) => latestAnalyticsEvents(ctx, request.query.name),
  );
}
