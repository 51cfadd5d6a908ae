// The Studio's account calls (decision 048): who is signed in, the two sign-in steps, sign-out. The
// session is the cookie examflow_studio (Path=/studio); every change carries the session's CSRF
// token, which this client keeps (`csrf`) for the file API's client too. Refusals are
// StudioApiErrors with the server's own sentence (and, for a 429, when to try again).
import type { StudioAccountOidcReply } from '../../generated/api/studio-account-oidc';
import type { StudioAccountOidcStartReply } from '../../generated/api/studio-account-oidc-start';
import type { StudioAccountSecondFactorReply } from '../../generated/api/studio-account-second-factor';
import type { StudioAccountSessionReply } from '../../generated/api/studio-account-session';
import type { StudioAccountSignInReply } from '../../generated/api/studio-account-sign-in';
import type { StudioStaff } from '../../generated/api/studio-common';
import { errorFrom, type CsrfHolder } from './studio-api';

export type Staff = StudioStaff;

/** Step one's answer: a ticket for step two, and at the first sign-in the secret to enrol. */
export interface Ticket {
  ticket: string;
  expiresAt: string;
  secondFactor: 'code' | 'enrol';
  enrolment?: { secret: string; uri: string };
}

export interface SignedIn {
  staff: Staff;
  /** At enrolment only: 10 one-time codes, shown once. */
  recoveryCodes?: string[];
}

/** The organisation's sign-in (decision 051), when the Studio has one: its name, and a refusal in words. */
export interface OrganisationSignIn {
  name: string;
  /** Why the last sign-in through it was refused (the code the Studio page was opened with). */
  refusal?: string;
}

export interface AccountApi {
  /** Who is signed in, or null (no session, or it ended). */
  session(): Promise<Staff | null>;
  signIn(email: string, password: string): Promise<Ticket>;
  secondFactor(ticket: string, code: string): Promise<SignedIn>;
  signOut(): Promise<void>;
  /** The organisation's sign-in, or null where there is none; `refused`: the code to word. */
  organisationSignIn(refused?: string): Promise<OrganisationSignIn | null>;
  /** Begins it: the provider's page to open, which sends the browser back to `returnTo`. */
  startOrganisationSignIn(returnTo: string): Promise<string>;
}

export function createAccountApi(
  csrf: CsrfHolder,
  base = '/studio/api/account',
  fetchImpl: typeof fetch = fetch,
): AccountApi {
  const post = (path: string, body: unknown) =>
    fetchImpl(`${base}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        ...(csrf.token ? { 'X-CSRF-Token': csrf.token } : {}),
      },
      body: JSON.stringify(body),
    });
  const ok = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw await errorFrom(response);
    return (await response.json()) as T;
  };
  return {
    async session() {
      const response = await fetchImpl(`${base}/session`, { credentials: 'same-origin' });
      if (response.status === 401) {
        csrf.token = '';
        return null;
      }
      const body = await ok<StudioAccountSessionReply>(response);
      csrf.token = body.csrf_token;
      return body.staff;
    },
    async signIn(email, password) {
      const body = await ok<StudioAccountSignInReply>(await post('/sign-in', { email, password }));
      return {
        ticket: body.ticket,
        expiresAt: body.expires_at,
        secondFactor: body.second_factor,
        ...(body.enrolment ? { enrolment: body.enrolment } : {}),
      };
    },
    async secondFactor(ticket, code) {
      const body = await ok<StudioAccountSecondFactorReply>(await post('/second-factor', { ticket, code }));
      csrf.token = body.csrf_token;
      return { staff: body.staff, ...(body.recovery_codes ? { recoveryCodes: body.recovery_codes } : {}) };
    },
    async signOut() {
      const response = await post('/sign-out', {});
      csrf.token = '';
      // Already signed out (the session ended meanwhile) is signed out.
      if (!response.ok && response.status !== 401) throw await errorFrom(response);
    },
    async organisationSignIn(refused) {
      const get = (query: string) => fetchImpl(`${base}/oidc${query}`, { credentials: 'same-origin' });
      let response = await get(refused ? `?refused=${encodeURIComponent(refused)}` : '');
      // A code this server does not know (an edited address): nothing to say about it.
      if (response.status === 400 && refused) response = await get('');
      const body = await ok<StudioAccountOidcReply>(response);
      if (!body.enabled || !body.name) return null;
      return { name: body.name, ...(body.refusal ? { refusal: body.refusal } : {}) };
    },
    async startOrganisationSignIn(returnTo) {
      const body = await ok<StudioAccountOidcStartReply>(await post('/oidc/start', { return_to: returnTo }));
      return body.url;
    },
  };
}
