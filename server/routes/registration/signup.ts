// Signup over HTTP (part 2 §3 signup payload and response): the programme of the request, the
// registration token, then server/services/registration/signup.ts checks and writes; this answers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toDdMmYyyy } from '../../../src/domain/dates';
import type {
  RegistrationSignupBody,
  RegistrationSignupReply,
} from '../../../src/generated/api/registration-signup';
import { ApiError } from '../../api/errors';
import { message, say } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import type { AppContext, Student } from '../../context';
import { onOrderPaid } from '../../payments/orders';
import { dashboardUrl } from '../auth';
import { programmeOf } from '../../services/exams/programme';
import { bookedSchedule } from '../../services/exams/schedule';
import { centrePhones } from '../../services/master/centres';
import { programmeFor } from '../master/programme-lookup';
import { asShown } from '../../services/content/pins';
import { requireVerifiedMobile } from './registration-token';
import {
  registerPaidRegistrationDetails,
  sendRegistrationDetails,
} from '../../services/registration/login-details';
import {
  checkSignup,
  completePaidRegistration,
  signUp,
  type Written,
} from '../../services/registration/signup';

/** The login page on the host of the exam type (the thank-you page's link and the SMS say it). */
function loginPage(ctx: AppContext, request: FastifyRequest, examType: string): string {
  return dashboardUrl(ctx, request, { exam_type: examType }).replace(/\/dashboard$/, '/');
}

/** The auto-login link on the host of the student's exam type (part 2 §2 thank-you page). */
function autoLoginLink(ctx: AppContext, request: FastifyRequest, student: Student): string {
  const query = new URLSearchParams({ roll_no: student.roll_number, dob: toDdMmYyyy(student.dob) });
  return `${loginPage(ctx, request, student.exam_type)}?${query.toString()}`;
}

/** The signup's funnel origin: a malformed one is dropped before the body is validated. */
const FUNNEL_ORIGIN = { $ref: 'registration-signup.schema.json#/definitions/funnelOrigin' };

/**
 * A signup never fails for the funnel: an origin that does not match its schema (an old page, a
 * tampered id) is removed from the body, and the student registers without it, missing from the
 * funnel only.
 */
function dropMalformedFunnelOrigin(request: FastifyRequest, _reply: unknown, done: () => void): void {
  const body = request.body as { funnel?: unknown } | null;
  if (body && typeof body === 'object' && 'funnel' in body) {
    const valid = request.compileValidationSchema(FUNNEL_ORIGIN);
    if (!valid(body.funnel)) {
      request.log.info({ errors: valid.errors }, 'signup: malformed funnel origin ignored');
      delete body.funnel;
    }
  }
  done();
}

export function registerSignupRoutes(app: FastifyInstance): void {
  // A paid exam order completes the registration it was created for, then sends its login details.
  onOrderPaid(app.ctx, 'exam', completePaidRegistration);
  registerPaidRegistrationDetails(app.ctx);

  app.post<{ Body: RegistrationSignupBody; Reply: RegistrationSignupReply }>(
    '/api/signup',
    {
      schema: apiSchema('registration-signup', {
        summary: 'Register for an exam (needs X-Registration-Token of the mobile)',
        tags: ['registration'],
      }),
      preValidation: dropMalformedFunnelOrigin,
    },
    async (request) => {
      const { ctx } = app;
      const body = request.body;
      const token = await requireVerifiedMobile(ctx, request, body.student_mobile_no);
      // The fee and dates of the page the student saw, for a while after a newer publish.
      const choice = await asShown(
        ctx,
        programmeFor(ctx, request, body.registration_page),
        body.config_version,
      );
      const checked = await checkSignup(ctx, choice, request.ip, body);
      const loginUrl = loginPage(ctx, request, checked.programme.examType);
      let written: Written;
      try {
        written = await signUp(ctx, body, checked, token.id, loginUrl);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        request.log.error({ err: error }, 'signup failed');
        throw new ApiError(503, message('registration.signupFailed'));
      }
      const { student, payment, centre, payable, completed } = written;
      // Committed: only the write that registered the student sends its login details (a repeat
      // answers the earlier signup, completed false); a paid exam sends them when its order is paid.
      // Not waited for: the thank-you does not wait on the SMS provider (up to its timeout), and a
      // send that fails is logged there (the thank-you shows the same details).
      if (completed) void sendRegistrationDetails(ctx, student, loginUrl, request.log);
      const gps = `${centre.latitude_e6 / 1e6},${centre.longitude_e6 / 1e6}`;
      return {
        success: 'true',
        msg: say(request, payment ? 'signup.payToFinish' : 'registration.success'),
        data: {
          roll_number: student.roll_number,
          dob: toDdMmYyyy(student.dob),
          dashboard_link: autoLoginLink(ctx, request, student),
          isPaidExam: payment !== null,
          payment_data: payment,
          branch_phone_numbers: centrePhones(centre),
          branch_gps: gps,
          branch_address: centre.address,
          gps_link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(gps)}`,
          exam_fee: payable,
          exam_date: student.exam_date ?? '',
          sf_id: student.sf_id,
          psid: student.psid,
          // The thank-you's exam schedule, as the dashboard will show it (a series' tests, the
          // slot's hours, the reporting time): the page words it, and keeps it across the gateway.
          // The student's own programme: a repeated token answers its earlier signup, maybe another's.
          schedule: bookedSchedule(programmeOf(ctx.site, student.exam_type), student),
        },
      };
    },
  );
}
