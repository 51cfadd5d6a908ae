// POST /api/recover/otp: forgot credentials (part 1 §2, §7). A mobile number gets an OTP (otp_id);
// a roll number gets its details by SMS straight away (is_mobile false, otp_id '').
import type { RecoverOtpBody, RecoverOtpReply } from '../../generated/api/recover-otp';
import { apiPost, type RequestOptions } from '../client';

export const RECOVER_OTP_PATH = '/api/recover/otp';
export const requestRecoveryOtp = (body: RecoverOtpBody, options?: RequestOptions) =>
  apiPost<RecoverOtpReply>(RECOVER_OTP_PATH, body, options);
