// The funnel's event batches: no session, limited per address, small. A page sends
// them with fetch (application/json) or, as it is hidden, with navigator.sendBeacon, whose body is
// text/plain here (a JSON Blob would need a CORS preflight on some browsers): both are parsed as JSON.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { FunnelEventsBody, FunnelEventsReply } from '../../src/generated/api/funnel-events';
import { ApiError } from '../api/errors';
import { apiSchema } from '../api/schemas';
import { takeFromDailyBudget } from '../auth/throttle';
import { diskGuard } from '../services/health/disk';
import { indiaDate } from '../../src/domain/dates';
import { recordClientEvents } from '../services/funnel/events';

/** 50 events of a few hundred bytes each fit with room; a larger body is refused before parsing. */
export const FUNNEL_BODY_LIMIT = 32 * 1024;

export function registerFunnelRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { eventsPerAddressPerDay, eventsPerDay, minFreeMb } = ctx.config.funnel;
  const disk = ctx.config.databaseUrl ? null : diskGuard(ctx.config.dataDir, minFreeMb * 1024 * 1024);
  const full = () =>
    Object.assign(
      new ApiError(503, 'Funnel events are not being recorded just now. Please try again later.'),
      {
        retryAfterSeconds: 600,
      },
    );
  /** The day's budgets of events, the address's then everyone's (in the database, every process). */
  async function takeBudgets(ip: string, units: number): Promise<boolean> {
    const day = indiaDate(ctx.now());
    const address = `funnel-ip:${day}:${ip}`;
    if (!(await takeFromDailyBudget(ctx, address, eventsPerAddressPerDay, units))) return false;
    if (await takeFromDailyBudget(ctx, `funnel-all:${day}`, eventsPerDay, units)) return true;
    await takeFromDailyBudget(ctx, address, eventsPerAddressPerDay, -units);
    return false;
  }

  // Its own scope: the text/plain parser and the rate limit are this route's only.
  void app.register(async (scope) => {
    // Batches per address a minute, counted in this process's memory by @fastify/rate-limit: the
    // limit only guards the server, and two database calls per batch would cost more than it
    // saves (each process counts on its own; the day's budgets below are in the database). Never
    // for a limit that guards an account (OTP, login): those are in the database (throttle.ts).
    await scope.register(rateLimit, {
      max: ctx.config.funnel.batchesPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new ApiError(429, 'Too many funnel events from this address. Please try again later.'),
          { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
        ),
    });
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: FUNNEL_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)) as unknown);
        } catch (error) {
          // A body that is not JSON is the sender's mistake: a 400 (the error handler words it).
          done(Object.assign(error as SyntaxError, { statusCode: 400 }), undefined);
        }
      },
    );

    scope.post<{ Body: FunnelEventsBody; Reply: FunnelEventsReply }>(
      '/api/funnel/events',
      {
        bodyLimit: FUNNEL_BODY_LIMIT,
        schema: apiSchema('funnel-events', {
          summary: 'Record funnel steps a visitor reached (a batch of 1 to 50; no personal data)',
          tags: ['funnel'],
        }),
      },
      async (request) => {
        const { sent_at: sentAt, events } = request.body;
        // The disk first: funnel events give way long before a registration would.
        if (disk && !(await disk.hasRoom())) throw full();
        if (!(await takeBudgets(request.ip, events.length)))
          throw new ApiError(429, 'Too many funnel events today. Please try again tomorrow.');
        const recorded = await recordClientEvents(ctx, { sentAt, events });
        return { success: 'true', msg: 'Events recorded.', recorded };
      },
    );
  });
}
