// What the machines read from a rejected actor. Actors reject with whatever the app's client throws
// (ApiRequestError carries the parsed answer as `body`); machines may not import the client, so
// they read the answer by shape. Only a message the server wrote counts: the spec's fallbacks
// ("Invalid", "Something went wrong.") differ per screen, so the caller supplies them.

import { CODE_JUST_SENT_ERROR_CODE } from '../domain/otp-rules';

function bodyOf(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined;
  const body = (error as { body: unknown }).body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
}

/** The server's `msg` (or `message`) of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const body = bodyOf(error);
  const text = body?.msg ?? body?.message;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** The server's `error_code` of a failed call (1: wrong OTP), when it sent one. */
export function serverErrorCode(error: unknown): number | undefined {
  const code = bodyOf(error)?.error_code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * A send refused because a code went to this number moments ago (error_code 2, another tab): how
 * long until a new one may be asked for, and the code's digits.
 */
export function codeJustSent(error: unknown): { resendInSeconds: number; codeLength?: number } | undefined {
  const body = bodyOf(error);
  if (body?.error_code !== CODE_JUST_SENT_ERROR_CODE) return undefined;
  const data =
    typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
  const resendIn = typeof data.resend_in === 'number' ? data.resend_in : undefined;
  if (resendIn === undefined) return undefined;
  return {
    resendInSeconds: resendIn,
    ...(typeof data.otp_length === 'number' ? { codeLength: data.otp_length } : {}),
  };
}

/**
 * Whether the server refused the call itself, not a failure to answer: a 4xx with its own sentence,
 * or a 2xx whose body says success "false" (the provider's contract, part 1 §7), which is the
 * server's own no even when it says no more.
 */
export function serverRefused(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? (error as { status: unknown }).status
      : 0;
  if (typeof status !== 'number') return false;
  const success = bodyOf(error)?.success;
  if (status >= 200 && status < 300) return success === 'false' || success === false;
  return status >= 400 && status < 500 && serverMessage(error) !== undefined;
}
