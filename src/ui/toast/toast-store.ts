// The toast of part 1 §3 (open flag, type, message): one at a time, a new one replaces the last.
// Framework-free, so the session store can hold it and React reads it with useSyncExternalStore.

/** part 2 §9: success, error or danger, warn. */
export type ToastType = 'success' | 'error' | 'danger' | 'warn';

export interface ToastState {
  open: boolean;
  type: ToastType;
  message: string;
  /** Grows with every show, so showing the same text again restarts its timer. */
  id: number;
}

/** A success may come without a message (the server gave none); other types must say something. */
export type ToastInput =
  { type: 'success'; message?: string | null } | { type: Exclude<ToastType, 'success'>; message: string };

export interface ToastStore {
  getSnapshot(): ToastState;
  subscribe(listener: () => void): () => void;
  show(toast: ToastInput): void;
  close(): void;
}

/** part 1 §8: "Success toasts: server msg, or 'Success'". */
export const SUCCESS_FALLBACK = 'Success';

export const CLOSED_TOAST: ToastState = { open: false, type: 'success', message: '', id: 0 };

export function createToastStore(): ToastStore {
  let state = CLOSED_TOAST;
  const listeners = new Set<() => void>();
  const set = (next: ToastState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    show(toast) {
      const text = toast.message?.trim() ?? '';
      const message = text || (toast.type === 'success' ? SUCCESS_FALLBACK : '');
      set({ open: true, type: toast.type, message, id: state.id + 1 });
    },
    close() {
      if (state.open) set({ ...state, open: false });
    },
  };
}
