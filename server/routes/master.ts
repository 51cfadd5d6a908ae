// Master data (boards, cities, schools, class-streams, states, centres, slots, dates).
import type { FastifyInstance } from 'fastify';

export function registerMasterRoutes(_app: FastifyInstance): void {}
