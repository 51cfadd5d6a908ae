// Values in a request are read as people write them, by the same domain rules the pages use, before
// the schemas check them: a mobile number with +91, 0091, a leading 0, spaces or dashes
// (domain/phone.ts), a date of birth as 1/1/2010, 01.01.2010 or with spaces (domain/dates.ts), a
// pincode as "110 005" (domain/checkout.ts), a name with a double or trailing space
// (domain/validation.ts tidyName). An API client that sends "+91 98111 22334" reaches
// the same student as the page that sends 9811122334. Anything else passes as sent: the schema
// judges it and says what is wrong.
import type { FastifyInstance } from 'fastify';
import { PINCODE_LENGTH } from '../../src/domain/checkout';
import { normaliseDob, parseDob } from '../../src/domain/dates';
import { STUDENT_ID_MAX } from '../../src/domain/otp-rules';
import { normaliseMobile } from '../../src/domain/phone';
import { tidyName } from '../../src/domain/validation';

/** The request fields that hold a mobile number (or, on OTP send, a student id). */
const MOBILE_FIELDS = ['mobile', 'mobile_no', 'student_mobile_no'] as const;
/** The request fields that hold a date of birth (login's password is one). */
const DOB_FIELDS = ['dob', 'student_dob', 'date_of_birth'] as const;
const PINCODE_FIELDS = ['pincode', 'student_pincode'] as const;
const NAME_FIELDS = ['student_name', 'father_name'] as const;

/** The forms the schemas take as they are: DD/MM/YYYY, DD-MM-YYYY, YYYY-MM-DD (and an instant). */
const DOB_AS_SENT = /^(\d{2}[-/]\d{2}[-/]\d{4}|\d{4}-\d{2}-\d{2}(T.*)?)$/;

function mobile(value: string): string {
  // Only a number written with separators or a prefix; a student id with letters, or plain digits
  // a student id may have, pass as sent.
  const written = /^[\d\s+()\-.]+$/.test(value);
  return written && (/\D/.test(value) || value.length > STUDENT_ID_MAX)
    ? normaliseMobile(value, { studentIdMax: STUDENT_ID_MAX })
    : value;
}

function dob(value: string): string {
  if (DOB_AS_SENT.test(value)) return value;
  const shown = normaliseDob(value);
  // Day first, as the page's box reads it (a year-first date other than YYYY-MM-DD is refused).
  return /^\d{1,2}\D+\d{1,2}\D+\d{4}$/.test(value.trim()) && parseDob(shown) ? shown : value;
}

function pincode(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^[\d\s-]+$/.test(value) && digits.length === PINCODE_LENGTH ? digits : value;
}

const RULES: [readonly string[], (value: string) => string][] = [
  [MOBILE_FIELDS, mobile],
  [DOB_FIELDS, dob],
  [PINCODE_FIELDS, pincode],
  [NAME_FIELDS, tidyName],
];

function normaliseIn(target: unknown): void {
  if (!target || typeof target !== 'object') return;
  const fields = target as Record<string, unknown>;
  for (const [names, rule] of RULES) {
    for (const name of names) {
      const value = fields[name];
      if (typeof value === 'string') fields[name] = rule(value);
    }
  }
}

export function registerWrittenValues(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    normaliseIn(request.params);
    normaliseIn(request.query);
    normaliseIn(request.body);
  });
}
