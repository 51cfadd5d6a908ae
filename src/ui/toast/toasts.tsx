// The toast region. Two live regions are always in the page, empty while closed (a region added
// together with its text is often not announced): success speaks politely (role="status"); error,
// danger and warn interrupt (role="alert"). Durations come from site.toast as props, so the config
// decides them. Its styles are in toasts.css beside it.
import { useEffect, useSyncExternalStore } from 'react';
import type { ToastStore } from './toast-store';

export interface ToastsProps {
  store: ToastStore;
  /** site.toast.durationMs (5000). */
  durationMs: number;
  /** site.toast.warnDurationMs (1500). */
  warnDurationMs: number;
  /** The close button's accessible name (translated on Hindi pages). */
  closeLabel?: string;
}

export function Toasts({ store, durationMs, warnDurationMs, closeLabel = 'Close' }: ToastsProps) {
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { open, id, type } = toast;

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => store.close(), type === 'warn' ? warnDurationMs : durationMs);
    return () => clearTimeout(timer);
  }, [store, open, id, type, durationMs, warnDurationMs]);

  const polite = open && type === 'success';
  const assertive = open && type !== 'success';
  // The live regions hold only the message, so a screen reader says the message and not "Close".
  return (
    <div className="toasts">
      <div
        className={open ? `toast toast--open toast--${type}` : 'toast'}
        data-type={open ? type : undefined}
      >
        <div className="toast__message" role="status" aria-live="polite" aria-atomic="true">
          {polite ? toast.message : ''}
        </div>
        <div className="toast__message" role="alert" aria-atomic="true">
          {assertive ? toast.message : ''}
        </div>
        {open && (
          <button
            type="button"
            className="toast__close"
            aria-label={closeLabel}
            onClick={() => store.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}
