// Registration OTP (part 2 §4 "OTP flow in registration", §7): send to a mobile number (or to the
// mobile of a student id where the programme accepts one), verify, and hand out the registration
// token with the mobile's earlier registrations.
import type { FastifyInstance } from 'fastify';
import type {
  RegistrationOtpSendQuery,
  RegistrationOtpSendReply,
} from '../../../src/generated/api/registration-otp-send';
import type {
  RegistrationOtpVerifyQuery,
  RegistrationOtpVerifyReply,
} from '../../../src/generated/api/registration-otp-verify';
import { say } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { draftFor, draftPage } from '../../services/registration/drafts';
import { issueOtp, OTP_RULES, verifyOtp } from '../../auth/otp';
import { programmeFor } from '../master/programme-lookup';
import { leadRecords } from '../../services/registration/leads';
import { issueRegistrationToken } from '../../services/registration/registration-token';
import { accountExistsParams, resolveLoginId } from '../../services/registration/otp';

const tags = ['registration'];

export function registerOtpRoutes(app: FastifyInstance): void {
  app.post<{ Querystring: RegistrationOtpSendQuery; Reply: RegistrationOtpSendReply }>(
    '/api/otp/send',
    { schema: apiSchema('registration-otp-send', { summary: 'Send a registration OTP', tags }) },
    async (request) => {
      const { ctx } = app;
      const { programme } = programmeFor(ctx, request, request.query.exam_type);
      const { mobile, shown } = await resolveLoginId(ctx, programme, request.query.mobile);
      const { length } = await issueOtp(ctx, {
        purpose: 'register',
        mobile,
        loginId: request.query.mobile,
        ip: request.ip,
        message: (code) =>
          `${code} is your OTP to register for ${programme.shortName}. It is valid for ${OTP_RULES.ttlMs / 60_000} minutes. Do not share it with anyone.`,
      });
      return {
        success: 'true',
        msg: say(request, 'registration.otpSent', { mobile: shown }),
        data: { mobile_no: shown, otp_length: length },
      };
    },
  );

  app.post<{ Querystring: RegistrationOtpVerifyQuery; Reply: RegistrationOtpVerifyReply }>(
    '/api/otp/verify',
    { schema: apiSchema('registration-otp-verify', { summary: 'Verify a registration OTP', tags }) },
    async (request) => {
      const { ctx } = app;
      const choice = programmeFor(ctx, request, request.query.exam_type);
      const { programme } = choice;
      const { mobile } = await resolveLoginId(ctx, programme, request.query.mobile_no);
      await verifyOtp(ctx, { purpose: 'register', mobile, code: request.query.otp });
      const [{ token, expiresAt }, details, draft] = await Promise.all([
        issueRegistrationToken(ctx, mobile),
        leadRecords(ctx, mobile, { countExamType: programme.examType }),
        // The card this number left part-way on this page (another tab or device).
        draftFor(ctx, mobile, draftPage(choice)),
      ]);
      const allowed = programme.registration.allowedRegistrationCount;
      const full = (details[0]?.registration_count ?? 0) >= allowed;
      return {
        success: 'true',
        msg: full
          ? say(request, 'registration.accountExists', accountExistsParams(ctx))
          : say(request, 'otp.verified'),
        error_code: 0,
        ...(draft ? { draft } : {}),
        student_details: details,
        allowed_registration_count: allowed,
        registration_token: token,
        registration_token_expires_at: expiresAt,
      };
    },
  );
}
