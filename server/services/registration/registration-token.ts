// The registration token: proof that the caller verified a mobile number. Random, stored as a hash,
// bound to the mobile, 2 hours. Issued and looked up here; server/routes/registration/registration-token.ts
// reads it from the request.
import type { Kysely } from 'kysely';
import { hashToken, newId, newToken } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { addMs, iso } from '../../timestamps';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { REGISTRATION_TOKEN_TTL_MS } from '../../../src/domain/otp-rules';

export async function issueRegistrationToken(
  ctx: AppContext,
  mobile: string,
  db: Kysely<Database> = ctx.db,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = iso(addMs(now, REGISTRATION_TOKEN_TTL_MS));
  await db
    .insertInto('registration_tokens')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      mobile,
      created_at: iso(now),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

const tokenByHash = prepared((db, arg) =>
  db
    .selectFrom('registration_tokens')
    .select(['id', 'mobile', 'expires_at'])
    .where('token_hash', '=', arg(0))
    .compile(),
);

/** The unexpired token row of a token, if any. */
export async function liveRegistrationToken(
  ctx: AppContext,
  token: string,
): Promise<{ id: string; mobile: string } | undefined> {
  const [row] = await tokenByHash(ctx.db, hashToken(token));
  return row && new Date(row.expires_at) > ctx.now() ? { id: row.id, mobile: row.mobile } : undefined;
}
