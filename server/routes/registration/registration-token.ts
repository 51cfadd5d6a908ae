// The registration token: proof that the caller verified a mobile number (OTP or caller identity).
// Signup and the lead-by-mobile lookup need it, so nobody reads a student's details or registers a
// number without holding that number. Issued and looked up in
// server/services/registration/registration-token.ts; here it is read from the request's X-Registration-Token.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';
import { liveRegistrationToken } from '../../services/registration/registration-token';

export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';

export interface VerifiedToken {
  /** The token row's id (signup binds it to the student it writes). */
  id: string;
  mobile: string;
}

/** The token row the request's X-Registration-Token names, or a 401. */
export async function verifiedToken(ctx: AppContext, request: FastifyRequest): Promise<VerifiedToken> {
  const header = request.headers[REGISTRATION_TOKEN_HEADER];
  const token = typeof header === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(header) ? header : undefined;
  const row = token ? await liveRegistrationToken(ctx, token) : undefined;
  if (!row) throw new ApiError(401, message('token.missing'));
  return row;
}

/** A 403 unless the token proves this very mobile; the token row otherwise. */
export async function requireVerifiedMobile(
  ctx: AppContext,
  request: FastifyRequest,
  mobile: string,
): Promise<VerifiedToken> {
  const token = await verifiedToken(ctx, request);
  if (token.mobile !== mobile) throw new ApiError(403, message('token.otherMobile'));
  return token;
}
