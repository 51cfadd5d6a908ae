// GET /api/caller-identity/:requestId: the caller-identity result. Only the first answer after
// approval carries the registration token, so the poll is a plain fetch the machine calls (its
// timing, 2 polls 12 s apart, is the machine's); the hook is for a screen that only shows the status.
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../../generated/api/registration-caller-identity-status';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const callerIdentityPollPath = ({ requestId }: RegistrationCallerIdentityParams) =>
  `/api/caller-identity/${encodeURIComponent(requestId)}`;
export const callerIdentityPollKey = (params: RegistrationCallerIdentityParams) =>
  swrKey(callerIdentityPollPath(params));

export const pollCallerIdentity = (params: RegistrationCallerIdentityParams, options?: RequestOptions) =>
  apiGet<RegistrationCallerIdentityStatusReply>(callerIdentityPollPath(params), options);

export const useCallerIdentityStatus = (
  params: RegistrationCallerIdentityParams | null,
  options?: RequestOptions,
) => useApiRead(params, callerIdentityPollKey, (p) => pollCallerIdentity(p, options));
