// GET /api/session: is the stored token still good, and whose is it.
import type { SessionReply } from '../../generated/api/session';
import type { SWRConfiguration } from 'swr';
import { apiGet, swrKey, type ApiRequestError, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const SESSION_PATH = '/api/session';
export const sessionKey = (token: string) => swrKey(SESSION_PATH, token);

export const fetchSession = (token: string, options?: RequestOptions) =>
  apiGet<SessionReply>(SESSION_PATH, { ...options, token });

/** No token, no call. */
export const useSession = (
  token: string | null | undefined,
  options?: RequestOptions,
  config?: SWRConfiguration<SessionReply, ApiRequestError>,
) => useApiRead(token || null, sessionKey, (t) => fetchSession(t, options), config);
