// Caller-identity requests (part 2 §3 "Caller-identity result", §9): their ttl, their stored
// rows and the mobile numbers they accept (server/routes/registration/caller-identity.ts serves them).
import { ApiError } from '../../api/errors';
import type { AppContext } from '../../context';
import type { CallerIdentityRequestsTable } from '../../db/tables/master';

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

/** +91 98765 43210, 091…, 9876543210 → 9876543210; undefined when it is not an Indian mobile. */
export function normaliseMobile(value: string): string | undefined {
  const digits = value.replace(/[\s+]/g, '');
  const national = digits.length > 10 ? digits.replace(/^(91|0)/, '') : digits;
  return /^[1-9]\d{9}$/.test(national) ? national : undefined;
}
