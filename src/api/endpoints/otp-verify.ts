// POST /api/otp/verify?mobile_no=…&otp=…&exam_type=…: answers the mobile's earlier registrations
// and the registration token that signup and the lead look-up need. A wrong code is a 400 whose
// body has error_code 1 (ApiRequestError.body): clear the boxes and refocus the first.
import type {
  RegistrationOtpVerifyQuery,
  RegistrationOtpVerifyReply,
} from '../../generated/api/registration-otp-verify';
import { apiPost, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const OTP_VERIFY_PATH = '/api/otp/verify';
export const otpVerifyPath = (query: RegistrationOtpVerifyQuery) => withQuery(OTP_VERIFY_PATH, query);

export const verifyRegistrationOtp = (query: RegistrationOtpVerifyQuery, options?: RequestOptions) =>
  apiPost<RegistrationOtpVerifyReply>(otpVerifyPath(query), undefined, options);
