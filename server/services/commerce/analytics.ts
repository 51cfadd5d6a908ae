// Analytics events from the portal's pages: stored as sent (the route checks the caller and the
// size), listed newest first for the sandbox. server/routes/commerce/analytics.ts serves them.
import { sortableId } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { iso } from '../../timestamps';

export interface AnalyticsEvent {
  name: string;
  exam_type: string | null;
  payload: Record<string, unknown>;
  created_at: string;
}

/** Stores an event; `payload` is its JSON text (JSON.stringify escapes what could harm the store). */
export async function recordAnalyticsEvent(
  ctx: AppContext,
  event: { name: string; examType: string | null; payload: string },
): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('analytics_events')
    .values({
      id: sortableId(now),
      name: event.name,
      exam_type: event.examType,
      payload: event.payload,
      created_at: iso(now),
    })
    .execute();
}

/** The newest 100 events, of one name when given (ids sort by time). */
export async function latestAnalyticsEvents(ctx: AppContext, name?: string): Promise<AnalyticsEvent[]> {
  let query = ctx.db.selectFrom('analytics_events').select(['name', 'exam_type', 'payload', 'created_at']);
  if (name) query = query.where('name', '=', name);
  const rows = await query.orderBy('id', 'desc').limit(100).execute();
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}
