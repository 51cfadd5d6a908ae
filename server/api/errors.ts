// One error shape for every API answer: { success: 'false', msg } with a 4xx status, as the
// client's fetch wrapper reads it (part 2 §8). Never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { describeAjvError } from '../../src/engine/node/ajv-messages';
import type { UiStringTable } from '../../src/generated/config/i18n';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { localeOf, message, stringsFor, wording, type Message, type MessageId } from './messages';

export class ApiError extends Error {
  /** The student-visible message, worded in the request's locale when answered; absent for texts
   * only developers see (they stay English). */
  readonly said: Message | undefined;
  /** A 429's Retry-After, in seconds (tooManyRequests). */
  retryAfterSeconds: number | undefined;

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

/** A 429 that says when the lock ends: its message, and Retry-After in seconds. */
export function tooManyRequests(
  said: Message,
  until: Date,
  now: Date,
  extra: Record<string, unknown> = {},
): ApiError {
  const error = new ApiError(429, said, extra);
  error.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return error;
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

/** The fields a student's page sends, by their names on the wire, and the words for them. */
const FIELD_LABELS = new Map<string, MessageId>(
  Object.entries({
    mobile: 'field.mobile',
    mobile_no: 'field.mobile',
    mobile_number: 'field.mobile',
    student_mobile_no: 'field.mobile',
    login_id: 'field.loginId',
    otp: 'field.otp',
    roll_number: 'field.rollNumber',
    rollNo: 'field.rollNumber',
    date_of_birth: 'field.dob',
    dob: 'field.dob',
    student_dob: 'field.dob',
    student_name: 'field.studentName',
    father_name: 'field.fatherName',
    student_email: 'field.email',
    billing_email: 'field.email',
    coupon_code: 'field.coupon',
    pincode: 'field.pincode',
    student_pincode: 'field.pincode',
    billing_zip: 'field.pincode',
    billing_name: 'field.billingName',
    billing_address: 'field.address',
    city: 'field.city',
    student_city: 'field.city',
    billing_city: 'field.city',
    state: 'field.state',
    state_id: 'field.state',
    exam_state: 'field.state',
    student_state: 'field.state',
    billing_state: 'field.state',
    school_board: 'field.board',
    school_id: 'field.school',
    class: 'field.classStream',
    stream: 'field.classStream',
    class_stream: 'field.classStream',
    class_and_stream: 'field.classStream',
    student_stream: 'field.classStream',
    mode: 'field.examMode',
    exam_mode: 'field.examMode',
    exam_slot: 'field.examSlot',
    exam_date: 'field.examDate',
    centre: 'field.centre',
    center_code: 'field.centre',
    exam_center: 'field.centre',
    payment_method: 'field.paymentMethod',
    payment_mode: 'field.paymentMethod',
    latitude: 'field.location',
    longitude: 'field.location',
    exam_type: 'field.exam',
    exam_short_code: 'field.test',
    test_short_code: 'field.test',
    external_schedule_id: 'field.test',
    product_id: 'field.course',
  } satisfies Record<string, MessageId>),
);

/**
 * A validation error in a page's locale other than English: the field it names, in that language,
 * when the field is one a student fills or picks; else the plain sentence. (English keeps ajv's
 * own detail, which the English pages have always shown.)
 */
function localValidationMessage(error: FastifyError, strings: UiStringTable): string {
  const first = error.validation?.[0];
  const params = first?.params as Record<string, unknown> | undefined;
  const name =
    first?.keyword === 'required' ? String(params?.missingProperty) : first?.instancePath.split('/')[1];
  const label = name === undefined ? undefined : FIELD_LABELS.get(name);
  if (!label) return wording(message('request.invalid'), strings);
  const field = wording(message(label), strings);
  const id = first?.keyword === 'required' ? 'request.missingField' : 'request.invalidField';
  return wording(message(id, { field }), strings);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    const strings = stringsFor(request);
    const say = (m: Message) => wording(m, strings);
    if (error instanceof ApiError) {
      // A 503 is "try again later": say when (the signup's own 503 wraps a database outage).
      if (error.statusCode === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ success: 'false', msg: error.wordedIn(strings), ...error.extra });
    }
    if (error.validation) {
      const msg = locale === 'en' ? validationMessage(error) : localValidationMessage(error, strings);
      return reply.code(400).send({ success: 'false', msg });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 && request.url.startsWith('/studio/')) {
      // The Studio's own limits (STUDIO_MAX_BYTES, STUDIO_MAX_IMAGE_BYTES), said in its words.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
      const msg = `That is too large: the Studio accepts at most ${Math.floor(limit / 1024)} KB.`;
      return reply.code(413).send({ success: 'false', msg, error: 'too-large', message: msg });
    }
    if (status === 413)
      return reply.code(413).send({ success: 'false', msg: say(message('request.tooLarge')) });
    if (status === 415)
      return reply.code(415).send({ success: 'false', msg: say(message('request.notJson')) });
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? say(message('request.badJson'))
          : locale === 'en'
            ? error.message
            : say(message('request.invalid'));
      return reply.code(status).send({ success: 'false', msg });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or a full disk, not a fault of the code: a short line, not a stack per request.
      request.log.warn(
        { code: (error as { code?: unknown }).code },
        `database unavailable: ${error.message}`,
      );
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ success: 'false', msg: say(message('database.unavailable')) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: 'false', msg: say(message('request.failed')) });
  });
}
