// GET /api/caller-identity/:requestId: the caller-identity result. Only the first answer after
// approval carries the registration token, so the poll is a plain fetch the machine calls (its
// timing, 2 polls 12 s apart, is the machine's); the hook is for a screen that only shows the status.
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../../generated/api/registration-caller-identity-status';
import { apiGet, type RequestOptions } from '../client';

export const callerIdentityPollPath = ({ requestId }: RegistrationCallerIdentityParams) =>
  `/api/caller-identity/${encodeURIComponent(requestId)}`;
export const pollCallerIdentity = (params: RegistrationCallerIdentityParams, options?: RequestOptions) =>
  apiGet<RegistrationCallerIdentityStatusReply>(callerIdentityPollPath(params), options);
