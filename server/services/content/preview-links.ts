// Preview links (decision 049): a version's page opened without a session, from a link an editor
// sends a lead (who reads it on a phone). The token is 256 random bits; only its SHA-256 is kept,
// so a copy of the database opens nothing. It expires after STUDIO_PREVIEW_LINK_HOURS.
import { createHash, randomBytes } from 'node:crypto';
import { addMs, iso } from '../../timestamps';
import { getVersion } from './versions';
import type { ContentCtx } from './context';

export const PREVIEW_PATH = '/studio/preview/';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link to version `number` of `path` (which must exist). */
export async function createPreviewLink(
  { db }: ContentCtx,
  request: { path: string; number: number; by: string; now: Date; hours: number },
): Promise<{ url: string; expiresAt: Date }> {
  await getVersion(db, request.path, request.number);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addMs(request.now, request.hours * 3_600_000);
  await db
    .insertInto('config_preview_links')
    .values({
      token_hash: hashOf(token),
      path: request.path,
      number: request.number,
      created_by: request.by,
      created_at: iso(request.now),
      expires_at: iso(expiresAt),
    })
    .execute();
  return { url: `${PREVIEW_PATH}${token}`, expiresAt };
}

/** The version a token opens, or undefined: unknown, or expired. */
export async function previewLinkVersion(
  { db }: ContentCtx,
  token: string,
  now: Date,
): Promise<{ path: string; number: number; content: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const link = await db
    .selectFrom('config_preview_links')
    .select(['path', 'number', 'expires_at'])
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (!link || new Date(link.expires_at) <= now) return undefined;
  const version = await getVersion(db, link.path, Number(link.number));
  return { path: link.path, number: version.number, content: version.content };
}
