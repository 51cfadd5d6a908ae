// examflow Studio's Funnel view (decision 049): the funnel per variant and two variants compared,
// read from this server's database. A bad range or pair is a 400 in words.
import type { FastifyInstance } from 'fastify';
import type {
  StudioFunnelCompareQuery,
  StudioFunnelCompareReply,
} from '../../../src/generated/api/studio-funnel-compare';
import type { StudioFunnelQuery, StudioFunnelReply } from '../../../src/generated/api/studio-funnel';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { requireStaff } from '../../auth/staff-sessions';
import { FunnelRefusal, studioComparison, studioFunnel } from '../../services/funnel/studio-report';

const tags = ['studio'];

async function refusingInWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FunnelRefusal)
      throw new ApiError(400, error.message, { error: 'bad-request', message: error.message });
    throw error;
  }
}

export function registerStudioFunnelRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: StudioFunnelQuery; Reply: StudioFunnelReply }>(
    '/studio/api/funnel',
    {
      schema: apiSchema('studio-funnel', { summary: 'The funnel per variant', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async (request) =>
      (await refusingInWords(() => studioFunnel(app.ctx, request.query))) as unknown as StudioFunnelReply,
  );

  app.get<{ Querystring: StudioFunnelCompareQuery; Reply: StudioFunnelCompareReply }>(
    '/studio/api/funnel/compare',
    {
      schema: apiSchema('studio-funnel-compare', { summary: 'Two variants compared', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async (request) =>
      (await refusingInWords(() =>
        studioComparison(app.ctx, request.query),
      )) as unknown as StudioFunnelCompareReply,
  );
}
