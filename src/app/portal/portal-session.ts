// The logged-in app's session rules (part 1 §3, decision 001): no token → '/'; a token the server no
// longer accepts (401: expired, logged out elsewhere, reset by a test submission) clears the
// session and the marker cookie and goes to '/', so nobody is ever stuck on a dead dashboard.
import { ApiRequestError } from '../../api/client';
import type { SessionStore } from '../session-store';

export const isSessionError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 401;

export function endSession(store: SessionStore, go: (path: string) => void, to = '/'): void {
  store.logout();
  go(to);
}
