// POST /api/recover/verify: the recovery OTP; answers the roll number and date of birth. With
// resendUserDetails (true once the details were shown) the server sends them by SMS again.
import type { RecoverVerifyBody, RecoverVerifyReply } from '../../generated/api/recover-verify';
import { apiPost, type RequestOptions } from '../client';

export const RECOVER_VERIFY_PATH = '/api/recover/verify';
export const verifyRecoveryOtp = (body: RecoverVerifyBody, options?: RequestOptions) =>
  apiPost<RecoverVerifyReply>(RECOVER_VERIFY_PATH, body, options);
