// Small pieces every endpoint file shares: the query string and the registration-token header
// (the swr read is use-api-read.ts).
import type { RequestOptions } from '../client';

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
