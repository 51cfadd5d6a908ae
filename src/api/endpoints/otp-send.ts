// POST /api/otp/send?mobile=…&exam_type=…: the registration OTP (part 2 §4 "OTP flow"). The
// parameters travel in the query, as the spec's call does; the body is empty.
import type {
  RegistrationOtpSendQuery,
  RegistrationOtpSendReply,
} from '../../generated/api/registration-otp-send';
import { apiPost, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const OTP_SEND_PATH = '/api/otp/send';
export const otpSendPath = (query: RegistrationOtpSendQuery) => withQuery(OTP_SEND_PATH, query);

export const sendRegistrationOtp = (query: RegistrationOtpSendQuery, options?: RequestOptions) =>
  apiPost<RegistrationOtpSendReply>(otpSendPath(query), undefined, options);
