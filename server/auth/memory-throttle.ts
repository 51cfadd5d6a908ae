// A fixed-window counter with a lock, like throttle.ts, but in this process's memory: for a
// high-rate endpoint whose limit only guards the server (the funnel's event batches, decision
// 029), where two database calls per request would cost more than the limit saves. Each server
// process counts on its own, so N processes let an address send N times the rule; a restart
// forgets the counts. Never for a limit that guards an account (OTP, login): those stay in the
// database (throttle.ts), shared and durable.
import type { ThrottleRule } from './throttle';

interface Entry {
  windowStart: number;
  count: number;
  lockedUntil: number;
}

export interface MemoryThrottle {
  /** Counts a hit of `key`; false when the key is locked (the hit is refused and not counted). */
  allow(key: string): boolean;
}

export function memoryThrottle(rule: ThrottleRule, now: () => number): MemoryThrottle {
  const entries = new Map<string, Entry>();
  let sweptAt = now();
  return {
    allow(key) {
      const at = now();
      // Forget the keys whose window and lock are over, at most once a window: memory stays
      // bounded by the addresses seen in about two windows.
      if (at - sweptAt >= rule.windowMs) {
        for (const [k, e] of entries)
          if (e.windowStart + rule.windowMs <= at && e.lockedUntil <= at) entries.delete(k);
        sweptAt = at;
      }
      const entry = entries.get(key);
      if (entry && entry.lockedUntil > at) return false;
      const fresh = !entry || entry.windowStart + rule.windowMs <= at;
      const next: Entry = fresh
        ? { windowStart: at, count: 1, lockedUntil: entry?.lockedUntil ?? 0 }
        : { ...entry, count: entry.count + 1 };
      // The hit that reaches the limit passes and locks the key (throttle.ts's rule).
      if (next.count >= rule.lockAfter) next.lockedUntil = at + rule.lockMs;
      entries.set(key, next);
      return true;
    },
  };
}
