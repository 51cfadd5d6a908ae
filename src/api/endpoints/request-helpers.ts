// Small pieces every endpoint file shares: the query string, the registration-token header, and the
// swr read that fetches nothing until its parameters are known.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiRequestError, RequestOptions } from '../client';

export type QueryValue = string | number | boolean | null | undefined;

/** The path with its query; undefined, null and empty values are left out (the server would refuse ''). */
export function withQuery<Q extends { [K in keyof Q]: QueryValue }>(path: string, query: Q): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Proof that the caller verified the mobile (OTP or caller identity); signup and leads need it. */
export const REGISTRATION_TOKEN_HEADER = 'X-Registration-Token';

export function withRegistrationToken(
  registrationToken: string,
  options: RequestOptions = {},
): RequestOptions {
  return { ...options, headers: { ...options.headers, [REGISTRATION_TOKEN_HEADER]: registrationToken } };
}

/**
 * swr over one read. `params` null means "not ready yet" (a select whose parent is still empty):
 * swr then fetches nothing, which is how dependent option lists wait for their parent.
 */
export function useApiRead<P, T>(
  params: P | null,
  key: (params: P) => readonly unknown[],
  fetcher: (params: P) => Promise<T>,
  config?: SWRConfiguration<T, ApiRequestError>,
): SWRResponse<T, ApiRequestError> {
  return useSWR<T, ApiRequestError>(
    params === null ? null : key(params),
    () => {
      // swr calls the fetcher only with a key, so params is set here.
      if (params === null) throw new Error('useApiRead: fetched without parameters');
      return fetcher(params);
    },
    config,
  );
}
