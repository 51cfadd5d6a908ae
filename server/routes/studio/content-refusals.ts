// A content service's refusal as the Studio's answer (decision 049): a status by its code, the
// sentence, and what the Studio shows beside it (a conflict's current version, the problems).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../api/errors';
import { actorOf, staffOf } from '../../auth/staff-sessions';
import { ContentError, type ContentErrorCode } from '../../services/content/errors';
import { audit } from '../../services/staff/audit';

const STATUS: Record<ContentErrorCode, number> = {
  'not-found': 404,
  conflict: 409,
  invalid: 422,
  forbidden: 403,
  state: 409,
  'bad-path': 400,
  'bad-type': 415,
  'too-large': 413,
};

/** The code on the wire: a conflict is "changed", as the Studio's conflict view reads it. */
const wireCode = (code: ContentErrorCode) => (code === 'conflict' ? 'changed' : code);

export function refusalOf(error: ContentError): ApiError {
  return new ApiError(STATUS[error.code], error.message, {
    error: wireCode(error.code),
    message: error.message,
    ...(error.code === 'invalid' ? { problems: error.problems } : {}),
    ...error.extra,
  });
}

/**
 * Runs a service call and answers its refusal; a refusal of the person's rights (forbidden) is
 * written in the audit log, with the versions concerned.
 */
export async function answering<T>(
  request: FastifyRequest,
  run: () => Promise<T>,
  versions: { path: string; number: number }[] = [],
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    if (error.code === 'forbidden' && request.staff)
      await audit(request.server.ctx, {
        actor: actorOf(staffOf(request)),
        action: 'config.refused',
        ip: request.ip,
        details: { route: request.routeOptions.url, reason: error.message },
        versions,
      });
    throw refusalOf(error);
  }
}
