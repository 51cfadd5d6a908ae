// Master data (boards, cities, schools, class-streams, states, centres, slots, dates).
import type { FastifyInstance } from 'fastify';
import { registerExamOptions } from './master/exam-options';
import { registerMasterLists } from './master/master-lists';

export function registerMasterRoutes(app: FastifyInstance): void {
  registerMasterLists(app);
  registerExamOptions(app);
}
