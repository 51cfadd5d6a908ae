// Who is signed in, for the screens that depend on the role (the editor's review buttons), and the
// one place a 401 from any call of the file API sends the app back to sign-in.
import { createContext, useContext } from 'react';
import type { Staff } from './account-api';
import { StudioApiError, type StudioApi } from './studio-api';

/** The signed-in staff member; null where the app runs without accounts (component tests). */
export const StaffContext = createContext<Staff | null>(null);

export const useStaff = (): Staff | null => useContext(StaffContext);

/** Whether this person may approve and publish (decision 048: publisher and admin). */
export const canPublish = (staff: Staff | null): boolean =>
  staff?.role === 'publisher' || staff?.role === 'admin';

/** Whether this person manages accounts (decision 048: admin). */
export const isAdmin = (staff: Staff | null): boolean => staff?.role === 'admin';

/**
 * The same client, but a 401 from any call (the session ended: idle, expired, signed out in another
 * tab) also calls `onSignedOut`. The call still fails, so the screen that made it stops; its draft
 * stays, for after the next sign-in.
 */
export function signOutOn401(api: StudioApi, onSignedOut: () => void): StudioApi {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(api) as [string, unknown][]) {
    if (typeof method !== 'function') {
      wrapped[name] = method;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(api, args);
      } catch (error) {
        if (error instanceof StudioApiError && error.status === 401) onSignedOut();
        throw error;
      }
    };
  }
  return wrapped as unknown as StudioApi;
}
