// examflow Studio's experiments (decision 056): the list, a new one from a page, its results, and
// start / pause / stop / declare a winner. Editors create and pause; a publisher starts, stops and
// declares (decision 048). Rules live in server/services/experiments/*; every action is audited.
import type { FastifyInstance } from 'fastify';
import type { StudioExperimentActionBody } from '../../../src/generated/api/studio-experiment-action';
import type { StudioExperimentCreateBody } from '../../../src/generated/api/studio-experiment-create';
import type { StudioExperimentPlanQuery } from '../../../src/generated/api/studio-experiment-plan';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import {
  createExperiment,
  declareWinner,
  listExperiments,
  pauseExperiment,
  startExperiment,
  stopExperiment,
} from '../../services/experiments/experiments';
import { planInputs } from '../../services/experiments/plan';
import { experimentWithResults } from '../../services/experiments/results';
import { audit } from '../../services/staff/audit';
import { answering } from './content-refusals';
import { contentActor } from './content-actor';

const tags = ['studio'];

export function registerStudioExperimentRoutes(app: FastifyInstance): void {
  app.get(
    '/studio/api/experiments',
    {
      schema: apiSchema('studio-experiments', { summary: 'Every experiment', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async () => ({ experiments: await listExperiments(app.ctx) }),
  );

  app.get<{ Querystring: StudioExperimentPlanQuery }>(
    '/studio/api/experiments/plan',
    {
      schema: apiSchema('studio-experiment-plan', {
        summary: 'What a new experiment on a page is planned from',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => answering(request, () => planInputs(app.ctx, request.query.path)),
  );

  app.post<{ Body: StudioExperimentCreateBody }>(
    '/studio/api/experiments',
    {
      schema: apiSchema('studio-experiment-create', {
        summary: 'A new experiment from a page',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const staff = staffOf(request);
      const created = await answering(request, () =>
        createExperiment(app.ctx, request.body, contentActor(staff)),
      );
      await audit(app.ctx, {
        actor: actorOf(staff),
        action: 'experiment.created',
        ip: request.ip,
        details: { id: created.id, path: created.path },
      });
      return created;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/studio/api/experiments/:id',
    {
      schema: apiSchema('studio-experiment', {
        summary: 'One experiment and its results',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => answering(request, () => experimentWithResults(app.ctx, request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: StudioExperimentActionBody }>(
    '/studio/api/experiments/:id/action',
    {
      schema: apiSchema('studio-experiment-action', {
        summary: 'Start, pause, stop, or declare a winner',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const staff = staffOf(request);
      const actor = contentActor(staff);
      const { id } = request.params;
      const { action, winner } = request.body;
      const done = await answering(request, () => {
        if (action === 'start') return startExperiment(app.ctx, id, actor);
        if (action === 'pause') return pauseExperiment(app.ctx, id, actor);
        if (action === 'stop') return stopExperiment(app.ctx, id, actor);
        return declareWinner(app.ctx, id, winner ?? '', actor);
      });
      await audit(app.ctx, {
        actor: actorOf(staff),
        action: `experiment.${action}`,
        ip: request.ip,
        details: { id, ...(winner ? { winner } : {}) },
      });
      return done;
    },
  );
}
