// One error shape for every API answer: { success: 'false', msg } with a 4xx status, as the
// client's fetch wrapper reads it (part 2 §8). Never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { describeAjvError } from '../../src/engine/node/ajv-messages';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields the spec puts beside msg (e.g. error_code, data). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const GENERIC_FAILURE = "Sorry, couldn't process request. Please try again.";

/** A validation error's first problem, as one plain sentence naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'The request is not valid.';
  const params = first.params as Record<string, unknown>;
  const field =
    first.keyword === 'required'
      ? String(params.missingProperty)
      : first.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : first.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
  const sentence = describeAjvError(first as Parameters<typeof describeAjvError>[0]) ?? 'is not valid';
  if (first.keyword === 'required' || first.keyword === 'additionalProperties')
    return `Invalid request: ${sentence}.`;
  return `Invalid ${field}: ${sentence}.`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ success: 'false', msg: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.code(400).send({ success: 'false', msg: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ success: 'false', msg: 'The request is too large.' });
    if (status === 415) return reply.code(415).send({ success: 'false', msg: 'Send the request as JSON.' });
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.code(status).send({ success: 'false', msg });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: 'false', msg: GENERIC_FAILURE });
  });
}
