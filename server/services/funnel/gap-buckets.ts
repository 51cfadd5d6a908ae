// The time from a visitor's previous step, as a log-scale bucket (decision 029): stored with each
// event when it arrives, so the report counts buckets with a GROUP BY on an index instead of
// ordering every visitor's steps, and the roll-up keeps the counts per bucket, so medians survive it.
// A bucket is an eighth of a doubling wide (about 9 %); a median is read at its bucket's geometric
// middle, within 4.4 % of the exact one.

/** An event with no earlier step of its visitor on that variant: not timed. */
export const UNTIMED = -1;
/** Buckets per doubling of the time. */
const PER_DOUBLING = 8;

/** The bucket of a gap in ms: 0 for none (a negative gap from clock correction is none), then by eighths of a doubling. */
export function gapBucket(gapMs: number): number {
  if (!(gapMs >= 1)) return 0;
  return 1 + Math.floor(PER_DOUBLING * Math.log2(gapMs));
}

/** A bucket's time in ms: its geometric middle (0 for bucket 0). */
export function bucketMs(bucket: number): number {
  return bucket <= 0 ? 0 : Math.round(2 ** ((bucket - 1 + 0.5) / PER_DOUBLING));
}

/**
 * The median of gaps counted by bucket (bucket → count; UNTIMED is left out): the middle gap's
 * bucket, or the mean of the two middle gaps' buckets. Null when nothing is timed.
 */
export function bucketMedian(counts: ReadonlyMap<number, number>): number | null {
  const buckets = [...counts.entries()].filter(([b, n]) => b !== UNTIMED && n > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  // The 1-based ranks of the middle one or two gaps.
  const low = Math.floor((total + 1) / 2);
  const high = Math.floor(total / 2) + 1;
  let seen = 0;
  let lowMs: number | undefined;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (lowMs === undefined && seen >= low) lowMs = bucketMs(bucket);
    if (seen >= high) return Math.round(((lowMs ?? 0) + bucketMs(bucket)) / 2);
  }
  return lowMs ?? null;
}
