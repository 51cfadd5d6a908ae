// PUT /api/registration/draft: the registration card part-way (step 2 and 3 as typed), kept against
// the verified number, so another tab or device resumes it after verifying (decision 041). Needs the
// X-Registration-Token of that number.
import type { RegistrationDraftBody, RegistrationDraftReply } from '../../generated/api/registration-draft';
import { apiPut, type RequestOptions } from '../client';
import { withRegistrationToken } from './request-helpers';

export const REGISTRATION_DRAFT_PATH = '/api/registration/draft';
export const putRegistrationDraft = (
  body: RegistrationDraftBody,
  registrationToken: string,
  options?: RequestOptions,
) =>
  apiPut<RegistrationDraftReply>(
    REGISTRATION_DRAFT_PATH,
    body,
    withRegistrationToken(registrationToken, options),
  );
