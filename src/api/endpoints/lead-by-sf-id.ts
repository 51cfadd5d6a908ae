// GET /api/leads/by-sf-id?sf_id=…: the registration a payment-return link names. success 'false'
// with data (roll number, dob) means it is already complete: go to /?roll_no=…&dob=… (part 1 §4).
import type {
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../../generated/api/registration-lead-by-sf-id';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery, withRegistrationToken } from './request-helpers';

export const LEAD_BY_SF_ID_PATH = '/api/leads/by-sf-id';

export const leadBySfIdPath = (query: RegistrationLeadBySfIdQuery) => withQuery(LEAD_BY_SF_ID_PATH, query);
export const leadBySfIdKey = (query: RegistrationLeadBySfIdQuery) => swrKey(leadBySfIdPath(query));

/**
 * With the mobile's registration token, a completed registration answers its login details: its
 * success 'false' is an answer the card reads (registration-machine.ts), not a failed call.
 */
export const fetchLeadBySfId = (
  query: RegistrationLeadBySfIdQuery,
  registrationToken?: string,
  options?: RequestOptions,
) =>
  apiGet<RegistrationLeadBySfIdReply>(leadBySfIdPath(query), {
    ...(registrationToken ? withRegistrationToken(registrationToken, options) : options),
    refusalIsAnswer: true,
  });
