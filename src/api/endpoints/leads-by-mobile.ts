// GET /api/leads?mobile_no=…&exam_type=…: a verified mobile's registrations ("Try Again" after a
// failed payment refetches them). Needs the X-Registration-Token of that very mobile.
import type { RegistrationLeadsQuery, RegistrationLeadsReply } from '../../generated/api/registration-leads';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery, withRegistrationToken } from './request-helpers';

export const LEADS_PATH = '/api/leads';

export const leadsByMobilePath = (query: RegistrationLeadsQuery) => withQuery(LEADS_PATH, query);
/** The token is part of the key: a different proof is a different reader. */
export const leadsByMobileKey = (query: RegistrationLeadsQuery, registrationToken: string) =>
  swrKey(leadsByMobilePath(query), registrationToken);

export const fetchLeadsByMobile = (
  query: RegistrationLeadsQuery,
  registrationToken: string,
  options?: RequestOptions,
) =>
  apiGet<RegistrationLeadsReply>(leadsByMobilePath(query), withRegistrationToken(registrationToken, options));

export interface LeadsByMobileParams {
  query: RegistrationLeadsQuery;
  registrationToken: string;
}
