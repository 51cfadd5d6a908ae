// The modal loader of part 1 §2 ("A modal loader appears while data loads"): it covers its
// positioned parent so nothing behind it can be tapped, says "Loading" to screen readers through a
// live region that is always in the page, and keeps the keyboard focus where the student left it.
import { useEffect, useRef } from 'react';

export function ModalLoader({ busy, label }: { busy: boolean; label: string }) {
  // The control that started the call is disabled while it runs, and a focused control that
  // becomes disabled drops the focus to the body: remember the last focused element and give the
  // focus back to it when loading ends (unless something else has taken it meanwhile).
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    if (busy) return;
    const element = lastFocused.current;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && element?.isConnected) element.focus({ preventScroll: true });
  }, [busy]);

  return (
    <div className="ef-loader" data-busy={busy || undefined}>
      <p role="status" className="ef-loader__text">
        {busy ? (
          <>
            <span className="ef-loader__spinner" aria-hidden="true" />
            {label}
          </>
        ) : null}
      </p>
    </div>
  );
}
