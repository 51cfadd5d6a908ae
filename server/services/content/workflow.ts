// The review workflow as the Studio's routes call it (decision 049): each action of versions.ts on
// the app's context, the version as it is afterwards, and this process serving a publish at once
// (the others within CONTENT_POLL_MS).
import type { AppContext } from '../../context';
import {
  approve,
  discard,
  getVersion,
  history,
  publish,
  rollback,
  sendBack,
  submitForReview,
  unpublish,
  unschedule,
  type Actor,
  type VersionSummary,
} from './versions';

type Ctx = Pick<AppContext, 'db' | 'now' | 'site' | 'content'>;
interface Ref {
  path: string;
  number: number;
  actor: Actor;
}

/** A version as it is now, without its text. */
export async function versionNow(ctx: Ctx, path: string, number: number): Promise<VersionSummary> {
  const { content: _content, ...version } = await getVersion(ctx.db, path, number);
  return version;
}

export const submitVersion = (ctx: Ctx, request: Ref & { note: string }) => submitForReview(ctx.db, request);
export const sendBackVersion = (ctx: Ctx, request: Ref & { comment: string }) => sendBack(ctx.db, request);
export const approveVersion = (ctx: Ctx, request: Ref) => approve(ctx.db, request);
export const discardVersion = (ctx: Ctx, request: Ref) => discard(ctx.db, request);
export const unscheduleVersion = (ctx: Ctx, request: Ref) => unschedule(ctx.db, request);
export const documentHistory = (ctx: Ctx, path: string) => history(ctx.db, path);

export async function publishVersion(
  ctx: Ctx,
  request: Ref & { publishAt?: Date; unpublishAt?: Date },
): Promise<{ scheduled: boolean }> {
  const done = await publish(ctx.db, { ...request, now: ctx.now() });
  if (!done.scheduled) await ctx.content?.refresh();
  return done;
}

/** Takes a landing page off the site; answers the version that was published. */
export async function unpublishDocument(
  ctx: Ctx,
  request: { path: string; actor: Actor },
): Promise<number | null> {
  const { published } = await history(ctx.db, request.path);
  await unpublish(ctx.db, { ...request, now: ctx.now() });
  await ctx.content?.refresh();
  return published;
}

export async function rollbackTo(
  ctx: Ctx,
  request: { path: string; to: number; restoreNow: boolean; actor: Actor },
): Promise<VersionSummary> {
  const made = await rollback(ctx.db, { ...request, now: ctx.now(), site: ctx.site });
  if (request.restoreNow) await ctx.content?.refresh();
  return made;
}
