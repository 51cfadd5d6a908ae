// POST /api/signup: the registration (part 2 §3 "Signup payload"). Needs the X-Registration-Token
// of the mobile being registered. A paid exam answers payment_data for the gateway; a free one
// answers the roll number and date of birth for the thank-you state.
import type {
  RegistrationSignupBody,
  RegistrationSignupReply,
} from '../../generated/api/registration-signup';
import { apiPost, type RequestOptions } from '../client';
import { withRegistrationToken } from './request-helpers';

export const SIGNUP_PATH = '/api/signup';
export const signup = (body: RegistrationSignupBody, registrationToken: string, options?: RequestOptions) =>
  apiPost<RegistrationSignupReply>(SIGNUP_PATH, body, withRegistrationToken(registrationToken, options));
