// The logged-in app's session rules (part 1 §3, decision 001): no token → '/'; a token the server no
// longer accepts (401: expired, logged out elsewhere, reset by a test submission) clears the
// session and the marker cookie and goes to '/', so nobody is ever stuck on a dead dashboard.
import { ApiRequestError } from '../../api/client';
import type { SessionStore } from '../session-store';

export const isSessionError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 401;

/** The query parameter that tells the login page why the session ended (its notice). */
export const SIGNED_OUT_PARAM = 'signed_out';

/**
 * Where a refused session goes: '/', with the reason the server gave when the login page words it
 * (a submitted test), so a tab left open does not turn into a bare login page.
 */
export function sessionEndPath(error: unknown): string {
  const reason = error instanceof ApiRequestError ? error.body?.session_end : undefined;
  return reason === 'test_submitted' ? `/?${SIGNED_OUT_PARAM}=${reason}` : '/';
}

export function endSession(store: SessionStore, go: (path: string) => void, to = '/'): void {
  store.logout();
  go(to);
}
