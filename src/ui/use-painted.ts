import { useEffect, useState } from 'react';

/** A tab that paints nothing (hidden) still moves on after this long. */
const FALLBACK_MS = 1_000;

/**
 * False on a component's first render, true once the browser has painted it: two animation frames
 * and a task later (the second frame starts after the first was shown), or after FALLBACK_MS in a
 * tab that paints nothing. `onPainted` is told once, then. What the first screen does not need can
 * wait for it, so the first screen's paint does not wait for that work.
 */
export function usePainted(onPainted?: () => void): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let done = false;
    let frame = 0;
    const finish = () => {
      if (done) return;
      done = true;
      setPainted(true);
      onPainted?.();
    };
    const fallback = setTimeout(finish, FALLBACK_MS);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setTimeout(finish, 0));
    });
    return () => {
      done = true;
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
    };
    // Once, for the first render: a later onPainted is not told again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return painted;
}
