// Which programme a call is about, read from the request: the rule is programmeForHost
// (server/services/master/programme-lookup.ts); here the request gives it the host.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { programmeForHost, type ProgrammeChoice } from '../../services/master/programme-lookup';

/** The programme of `key` when given (exam type or variant key), otherwise the request host's. */
export const programmeFor = (ctx: AppContext, request: FastifyRequest, key?: string): ProgrammeChoice =>
  programmeForHost(ctx, request.headers.host, key);
