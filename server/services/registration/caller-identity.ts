// Caller-identity requests (part 2 §3 "Caller-identity result", §9): their ttl, their stored
// rows, their decisions and the mobile numbers they accept (server/routes/registration/caller-identity.ts
// serves them).
import { ApiError } from '../../api/errors';
import { newId } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { CallerIdentityRequestsTable } from '../../db/tables/master';
import { addMs, iso } from '../../timestamps';

/** The spec's request ttl (part 2 §9). */
export const CALLER_IDENTITY_TTL_MS = 24_000;

export async function find(ctx: AppContext, id: string): Promise<CallerIdentityRequestsTable> {
  const row = await ctx.db
    .selectFrom('caller_identity_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Unknown caller-identity request.');
  return row;
}

/** An unanswered request fails when its ttl runs out. */
export const statusOf = (
  ctx: AppContext,
  row: CallerIdentityRequestsTable,
): CallerIdentityRequestsTable['status'] =>
  row.status === 'pending' && new Date(row.expires_at) <= ctx.now() ? 'failed' : row.status;

/** Opens a pending request that runs out after the ttl; returns its id. */
export async function startCallerIdentity(ctx: AppContext, nonce: string): Promise<string> {
  const now = ctx.now();
  const id = newId();
  await ctx.db
    .insertInto('caller_identity_requests')
    .values({
      id,
      nonce,
      status: 'pending',
      mobile: null,
      first_name: null,
      last_name: null,
      email: null,
      created_at: iso(now),
      expires_at: iso(addMs(now, CALLER_IDENTITY_TTL_MS)),
      token_issued_at: null,
    })
    .execute();
  return id;
}

/**
 * Marks a verified request's registration token as handed out; true for the one caller that did
 * (only the first poll after verification gets the token: the update decides the race).
 */
export async function claimRegistrationToken(ctx: AppContext, id: string): Promise<boolean> {
  const claimed = await ctx.db
    .updateTable('caller_identity_requests')
    .set({ token_issued_at: iso(ctx.now()) })
    .where('id', '=', id)
    .where('token_issued_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** What the identity app answers: the person it verified, or a rejection. */
export type CallerIdentityDecision =
  | { approve: true; mobile: string; firstName: string | null; lastName: string | null; email: string | null }
  | { approve: false };

/** Records the identity app's answer on a request that is still pending. */
export async function decideCallerIdentity(
  ctx: AppContext,
  id: string,
  decision: CallerIdentityDecision,
): Promise<void> {
  await ctx.db
    .updateTable('caller_identity_requests')
    .set(
      decision.approve
        ? {
            status: 'verified',
            mobile: decision.mobile,
            first_name: decision.firstName,
            last_name: decision.lastName,
            email: decision.email,
          }
        : { status: 'failed' },
    )
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
