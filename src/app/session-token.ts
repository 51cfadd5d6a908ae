// The persisted half of the session (session-store.ts): where it lives in local storage and how it
// is read. A module of its own, with no imports, because the page script reads the token too
// (early-reads.ts) and must not carry the whole store onto every landing page.

/** Where the persisted slices live. */
export const SESSION_STORAGE_KEY = 'examflow:session';

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

/** This browser's session token, or null (none, or storage blocked). */
export function storedToken(): string | null {
  try {
    return readPersisted(window.localStorage).token;
  } catch {
    return null;
  }
}
