// An in-memory account server for the Studio's component tests (decision 048's answers and
// sentences): one account with a password and, once enrolled, a TOTP code that is right (CODE),
// 10 recovery codes each good once, a throttle to switch on, and a session the test can end (every
// call of the file API then answers 401, as the server does when the session has ended).
import type { AccountApi, Staff } from './account-api';
import { StudioApiError, type StudioApi } from './studio-api';

export const EMAIL = 'asha@example.com';
export const PASSWORD = 'correct horse battery staple';
export const CODE = '123456';
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, i) => `abcd-efgh-jkmn-${String(i).padStart(4, '0')}`,
);

export const WRONG_PASSWORD = 'The e-mail address or the password is wrong.';
export const WRONG_CODE = 'The code is wrong or has been used already.';
export const SIGNED_OUT = 'Sign in to the Studio first (or again: the session has ended).';
export const ORGANISATION = 'Example Sign-In';
export const PROVIDER_PAGE = 'https://login.example.com/authorize?state=abc';
export const NO_ACCOUNT =
  'Your e-mail address at Example Sign-In has no Studio account. Ask an admin of the Studio to make one for it, then sign in again.';

export interface FakeAccount extends AccountApi {
  staff: Staff;
  signedIn: boolean;
  enrolled: boolean;
  /** Seconds of a lock on the next sign-in try (429 with Retry-After), 0 for none. */
  lockSeconds: number;
  calls: string[];
  /** The organisation's sign-in's name (decision 051), or null where there is none. */
  organisation: string | null;
  /** What starting the organisation's sign-in throws, when it fails. */
  startError: Error | null;
}

export function createFakeAccount(
  options: { role?: Staff['role']; enrolled?: boolean; organisation?: string } = {},
): FakeAccount {
  const unused = new Set(RECOVERY_CODES);
  let tickets = 0;
  const account: FakeAccount = {
    staff: {
      id: 'staff-me',
      email: EMAIL,
      name: 'Asha Rao',
      role: options.role ?? 'editor',
      disabled: false,
      second_factor: options.enrolled ?? true,
      created_at: '2026-12-01T09:00:00.000Z',
    },
    signedIn: false,
    enrolled: options.enrolled ?? true,
    lockSeconds: 0,
    calls: [],
    organisation: options.organisation ?? null,
    startError: null,
    async session() {
      account.calls.push('session');
      return account.signedIn ? account.staff : null;
    },
    async signIn(email, password) {
      account.calls.push('sign-in');
      if (account.lockSeconds)
        throw new StudioApiError(
          429,
          'failed',
          `Too many sign-in tries for this e-mail address: try again in ${Math.ceil(account.lockSeconds / 60)} minutes.`,
          account.lockSeconds,
        );
      if (email !== EMAIL || password !== PASSWORD) throw new StudioApiError(401, 'failed', WRONG_PASSWORD);
      tickets++;
      return {
        ticket: `ticket-${tickets}-${'x'.repeat(20)}`,
        expiresAt: '2026-12-06T10:05:00.000Z',
        secondFactor: account.enrolled ? 'code' : 'enrol',
        ...(account.enrolled
          ? {}
          : {
              enrolment: {
                secret: SECRET,
                uri: `otpauth://totp/examflow%20Studio:${EMAIL}?secret=${SECRET}`,
              },
            }),
      };
    },
    async secondFactor(_ticket, code) {
      account.calls.push('second-factor');
      const recovery = account.enrolled && unused.delete(code);
      if (code !== CODE && !recovery) throw new StudioApiError(401, 'failed', WRONG_CODE);
      account.signedIn = true;
      if (account.enrolled) return { staff: account.staff };
      account.enrolled = true;
      return { staff: account.staff, recoveryCodes: [...RECOVERY_CODES] };
    },
    async signOut() {
      account.calls.push('sign-out');
      account.signedIn = false;
    },
    async organisationSignIn(refused) {
      account.calls.push(refused ? `organisation ${refused}` : 'organisation');
      if (!account.organisation) return null;
      return { name: account.organisation, ...(refused === 'no-account' ? { refusal: NO_ACCOUNT } : {}) };
    },
    async startOrganisationSignIn(returnTo) {
      account.calls.push(`organisation-start ${returnTo}`);
      if (account.startError) throw account.startError;
      return PROVIDER_PAGE;
    },
  };
  return account;
}

/** The file API behind the account's session: every call answers 401 while nobody is signed in. */
export function behindSession(api: StudioApi, account: FakeAccount): StudioApi {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(api) as [string, unknown][])
    wrapped[name] =
      typeof method === 'function'
        ? async (...args: unknown[]) => {
            if (!account.signedIn) throw new StudioApiError(401, 'signed-out', SIGNED_OUT);
            return (method as (...a: unknown[]) => Promise<unknown>).apply(api, args);
          }
        : method;
  return wrapped as unknown as StudioApi;
}
