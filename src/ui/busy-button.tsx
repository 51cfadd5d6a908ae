// The one button for an action that runs a while: while busy it stays a focusable
// button, announced and drawn as disabled and busy (aria-disabled, aria-busy), and ignores clicks.
// The `disabled` attribute would drop focus to the page's body the moment the student clicked.
// Only "not possible yet" (a rule fails, nothing changed) uses the real disabled attribute: the
// student did not just act on the button, so no focus is lost.
import type { ButtonHTMLAttributes } from 'react';

export interface BusyButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'disabled' | 'aria-disabled' | 'aria-busy'
> {
  /** Not possible yet (a rule fails, nothing changed): disabled, out of the tab order. */
  blocked?: boolean;
  /** Its action is running: disabled and busy to see and hear, clicks ignored, focus kept. */
  busy?: boolean;
}

export function BusyButton({ blocked = false, busy = false, onClick, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      disabled={blocked && !busy}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // A submit button's click would submit its form again: nothing happens while busy.
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
