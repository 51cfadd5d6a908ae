// Forgot roll number or password (part 1 §2, §7): a mobile number gets an OTP, then its details;
// a roll number gets its details by SMS straight away (once per resend wait, as OTPs).
import type { FastifyInstance } from 'fastify';
import { toDdMmYyyy } from '../../src/domain/dates';
import { maskEmail, maskMiddle } from '../../src/domain/mask';
import { MOBILE_LENGTH } from '../../src/domain/otp-rules';
import type { RecoverOtpBody, RecoverOtpReply } from '../../src/generated/api/recover-otp';
import type { RecoverVerifyBody, RecoverVerifyReply } from '../../src/generated/api/recover-verify';
import { ApiError } from '../api/errors';
import { message, say } from '../api/messages';
import { apiSchema } from '../api/schemas';
import { issueOtp, OTP_RULES, sendRequestedText, verifyOtp } from '../auth/otp';
import { detailsText } from '../services/registration/login-details';
import { latestRegistered } from '../services/registration/recovery';

export function registerRecoveryRoutes(app: FastifyInstance): void {
  app.post<{ Body: RecoverOtpBody; Reply: RecoverOtpReply }>(
    '/api/recover/otp',
    {
      schema: apiSchema('recover-otp', {
        summary: 'Start credential recovery by mobile number or roll number',
        tags: ['recovery'],
      }),
    },
    async (request) => {
      const { ctx } = app;
      const { login_id: loginId } = request.body;
      const isMobile = loginId.length === MOBILE_LENGTH;
      const student = await latestRegistered(ctx, isMobile ? 'mobile' : 'roll_number', loginId);
      if (!student) {
        throw new ApiError(404, message(isMobile ? 'recover.noMobile' : 'recover.noRoll'));
      }
      const masked = { email: maskEmail(student.email), mobile_number: maskMiddle(student.mobile) };
      if (!isMobile) {
        await sendRequestedText(ctx, {
          kind: 'recover-details',
          mobile: student.mobile,
          text: detailsText(ctx, student),
        });
        return {
          success: 'true',
          msg: say(request, 'recover.detailsSentTo', { mobile: masked.mobile_number }),
          data: { is_mobile: false, otp_id: '', ...masked },
        };
      }
      const { otpId, length } = await issueOtp(ctx, {
        purpose: 'recover',
        mobile: student.mobile,
        loginId,
        ip: request.ip,
        message: (code) =>
          `${code} is your ${ctx.site.site.brand.providerName} OTP to recover your login details. It is valid for ${OTP_RULES.ttlMs / 60_000} minutes.`,
      });
      return {
        success: 'true',
        msg: say(request, 'recover.otpSent', { mobile: masked.mobile_number }),
        data: { is_mobile: true, otp_id: otpId, otp_length: length, ...masked },
      };
    },
  );

  app.post<{ Body: RecoverVerifyBody; Reply: RecoverVerifyReply }>(
    '/api/recover/verify',
    {
      schema: apiSchema('recover-verify', {
        summary: 'Verify the recovery OTP and show the login details',
        tags: ['recovery'],
      }),
    },
    async (request) => {
      const { ctx } = app;
      const { otp_id: otpId, otp, login_id: loginId, resendUserDetails } = request.body;
      const verified = await verifyOtp(ctx, {
        purpose: 'recover',
        otpId,
        code: otp,
        allowUsed: resendUserDetails,
      });
      if (verified.login_id !== loginId) throw new ApiError(400, message('otp.otherNumber'));
      const student = await latestRegistered(ctx, 'mobile', verified.mobile);
      if (!student) throw new ApiError(404, message('recover.noMobile'));
      if (resendUserDetails)
        await sendRequestedText(ctx, {
          kind: 'recover-details',
          mobile: student.mobile,
          text: detailsText(ctx, student),
        });
      return {
        success: 'true',
        msg: say(request, resendUserDetails ? 'recover.detailsSent' : 'otp.verified'),
        data: {
          email: maskEmail(student.email),
          mobile_number: maskMiddle(student.mobile),
          roll_number: student.roll_number,
          dob: toDdMmYyyy(student.dob),
        },
      };
    },
  );
}
