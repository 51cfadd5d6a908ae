// Mobile numbers in a request are read as people write them (+91, 0091, a leading 0, spaces,
// dashes: domain/phone.ts) before the schemas check them, so an API client that sends
// "+91 98111 22334" reaches the same student as the page that sends 9811122334.
import type { FastifyInstance } from 'fastify';
import { STUDENT_ID_MAX } from '../../src/domain/otp-rules';
import { normaliseMobile } from '../../src/domain/phone';

/** The request fields that hold a mobile number (or, on OTP send, a student id). */
const MOBILE_FIELDS = ['mobile', 'mobile_no', 'student_mobile_no'] as const;

function normaliseIn(target: unknown): void {
  if (!target || typeof target !== 'object') return;
  const fields = target as Record<string, unknown>;
  for (const name of MOBILE_FIELDS) {
    const value = fields[name];
    // Only a number written with separators or a prefix; a student id with letters, or plain
    // digits a student id may have, pass as sent (the schema judges them).
    const written = typeof value === 'string' && /^[\d\s+()\-.]+$/.test(value);
    if (written && (/\D/.test(value) || value.length > STUDENT_ID_MAX)) {
      fields[name] = normaliseMobile(value, { studentIdMax: STUDENT_ID_MAX });
    }
  }
}

export function registerMobileNumbers(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    normaliseIn(request.query);
    normaliseIn(request.body);
  });
}
