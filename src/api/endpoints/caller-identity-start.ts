// POST /api/caller-identity: starts a caller-identity request (part 2 §4, Android). The client makes
// the nonce for the identity app link; the answer's requestId is what the poll asks about.
import type {
  RegistrationCallerIdentityStartBody,
  RegistrationCallerIdentityStartReply,
} from '../../generated/api/registration-caller-identity-start';
import { apiPost, type RequestOptions } from '../client';

export const CALLER_IDENTITY_START_PATH = '/api/caller-identity';
export const startCallerIdentity = (body: RegistrationCallerIdentityStartBody, options?: RequestOptions) =>
  apiPost<RegistrationCallerIdentityStartReply>(CALLER_IDENTITY_START_PATH, body, options);
