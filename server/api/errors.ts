// One error shape for every API answer: { success: 'false', msg } with a 4xx status, as the
// client's fetch wrapper reads it (part 2 §8). Never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { describeAjvError } from '../../src/engine/node/ajv-messages';
import type { UiStringTable } from '../../src/generated/config/i18n';
import { localeOf, message, stringsFor, wording, type Message } from './messages';

export class ApiError extends Error {
  /** The student-visible message, worded in the request's locale when answered; absent for texts
   * only developers see (they stay English). */
  readonly said: Message | undefined;

  constructor(
    readonly statusCode: number,
    message: string | Message,
    /** Extra fields the spec puts beside msg (e.g. error_code, data). */
    readonly extra: Record<string, unknown> = {},
  ) {
    // A message is worded when answered, from the request's locale in the loaded string table;
    // until then (logs, a service's unit test) it reads as its id.
    super(typeof message === 'string' ? message : idOf(message));
    this.said = typeof message === 'string' ? undefined : message;
    this.name = 'ApiError';
  }

  /** The message as the answer's msg, from this locale's table. */
  wordedIn(strings: UiStringTable): string {
    return this.said ? wording(this.said, strings) : this.message;
  }
}

const idOf = ({ id, params }: Message): string => (params ? `${id} ${JSON.stringify(params)}` : id);

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
    const locale = localeOf(request);
    const strings = stringsFor(request);
    const say = (m: Message) => wording(m, strings);
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .send({ success: 'false', msg: error.wordedIn(strings), ...error.extra });
    }
    if (error.validation) {
      // The field-level detail comes from ajv in English; a Hindi page gets the plain sentence.
      const msg = locale === 'en' ? validationMessage(error) : say(message('request.invalid'));
      return reply.code(400).send({ success: 'false', msg });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ success: 'false', msg: say(message('request.tooLarge')) });
    if (status === 415)
      return reply.code(415).send({ success: 'false', msg: say(message('request.notJson')) });
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? say(message('request.badJson'))
          : error.message;
      return reply.code(status).send({ success: 'false', msg });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: 'false', msg: say(message('request.failed')) });
  });
}
