// The persisted half of the session (session-store.ts): how it is read from local storage. The
// dashboard page's inline script reads the token from the same key (src/engine/early-reads-script.ts).
import { SESSION_STORAGE_KEY } from '../engine/early-reads-script';

/** Where the persisted slices live. */
export { SESSION_STORAGE_KEY };

export interface Persisted {
  token: string | null;
  rollNumber: string | null;
  /** As the student typed or the server answered it (DD/MM/YYYY or DD-MM-YYYY). */
  dob: string | null;
  examType: string | null;
}

export const LOGGED_OUT: Persisted = { token: null, rollNumber: null, dob: null, examType: null };

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function readPersisted(storage: Storage): Persisted {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return LOGGED_OUT;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const token = text(value.token);
    // Identity without a token is not a session.
    if (!token) return LOGGED_OUT;
    return {
      token,
      rollNumber: text(value.rollNumber),
      dob: text(value.dob),
      examType: text(value.examType),
    };
  } catch {
    return LOGGED_OUT;
  }
}
