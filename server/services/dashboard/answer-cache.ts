// The dashboard and profile answers, kept per student while nothing they are computed from has
// changed (an authenticated read costs about what a session check does). An answer is
// kept as the reply's serialized text, with
// - the version of the data it was computed from: new on every write to the student's row or their
//   bookings, state, series, attempts, results and purchases, or to the reference data they read
//   (branches, states, cities, schools, class streams), by database trigger (migration 011); read
//   with the session, so every server process sees every write at once;
// - the span of time it holds for: from the clock it was computed at, until the first instant that
//   could change it (unchangedUntil, sittings.ts). A clock moved back (the sandbox's) misses too.
// The programme config, the exam papers and the centres are read once per process, as before
// (decision 031). Decision 036.
import { LRUCache } from 'lru-cache';
import type { AppContext, Student } from '../../context';

export type AnswerKind = 'dashboard' | 'profile';

interface Kept {
  version: string;
  from: number;
  until: number;
  body: string;
}

/** At most this many answers per app (about 5 KB each): the one least recently used goes first. */
export const MAX_KEPT = 4_000;

const keptByApp = new WeakMap<AppContext, LRUCache<string, Kept>>();

export interface Computed {
  /** The reply, serialized. */
  body: string;
  /** The clock it was computed at, and the first instant it may read differently. */
  at: Date;
  until: Date;
}

/**
 * The student's answer of this kind: the one kept, while it holds; else `compute`'s, kept.
 * `version` is what requireStudent read with the session (answersVersionOf).
 */
export async function keptAnswer(
  ctx: AppContext,
  kind: AnswerKind,
  student: Student,
  version: string,
  compute: () => Promise<Computed>,
): Promise<string> {
  let kept = keptByApp.get(ctx);
  if (!kept) keptByApp.set(ctx, (kept = new LRUCache({ max: MAX_KEPT })));
  const key = `${kind} ${student.id}`;
  const now = ctx.now().getTime();
  const hit = kept.get(key);
  if (hit && hit.version === version && hit.from <= now && now < hit.until) return hit.body;
  const { body, at, until } = await compute();
  kept.set(key, { version, from: at.getTime(), until: until.getTime(), body });
  return body;
}
