// A typed box tells its owner an at-once key right after the key's frame is painted
// (src/ui/forms/held-typing.tsx, afterNextPaint; decision 060). Component tests wait for that frame.
import { act } from '@testing-library/react';

/**
 * Resolves after the next animation frame and the task after it: an at-once key's send was
 * scheduled before, so it has run; the pause (SEND_AFTER_MS) that held keys wait for has not.
 */
export const painted = (): Promise<void> =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
