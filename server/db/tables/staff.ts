// examflow Studio's staff (migration 017, decision 048): accounts with a role and a second factor,
// their sign-in tickets, sessions and trusted browsers, and the append-only audit log. Apart from
// the students' tables: a student's token opens nothing here, a staff cookie nothing there.
import type { Generated } from 'kysely';

export type StaffRole = 'editor' | 'publisher' | 'admin';

/** The roles, each able to do all the one before it can (editor < publisher < admin). */
export const STAFF_ROLES: readonly StaffRole[] = ['editor', 'publisher', 'admin'];

export interface StaffTable {
  id: string;
  /** As the admin typed it (shown). */
  email: string;
  /** Lower-cased and trimmed: unique, so one address is one account whatever its case. */
  email_key: string;
  name: string;
  role: StaffRole;
  /** scrypt$N$r$p$salt$hash (base64url): the parameters travel with the hash (staff-passwords.ts). */
  password_hash: string;
  password_changed_at: string;
  /** The TOTP secret (base32) once confirmed; null until the account has enrolled. */
  totp_secret: string | null;
  totp_confirmed_at: string | null;
  /** The last 30-second step whose code signed in: a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
  /** Set: the account opens nothing (no sign-in, its sessions end). */
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffRecoveryCodesTable {
  staff_id: string;
  /** sha256 of the normalised code (80 random bits: a fast hash is enough). */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** After the password, before the second factor: a short-lived ticket (5 minutes, 5 wrong codes). */
export interface StaffTicketsTable {
  id: string;
  token_hash: string;
  staff_id: string;
  /** The secret offered for enrolment (an account without a confirmed one); null otherwise. */
  enrol_secret: string | null;
  /** Codes tried on this ticket (taken before each check). */
  attempts: number;
  created_at: string;
  expires_at: string;
  /** Set when it opened a session (a ticket opens one at most). */
  used_at: string | null;
  ip: string;
}

export interface StaffSessionsTable {
  id: string;
  token_hash: string;
  staff_id: string;
  /** Sent back in X-CSRF-Token on every change (GET /studio/api/account/session gives it). */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: 'signed_out' | 'disabled' | 'password_changed' | 'second_factor_reset' | null;
  ip: string;
  user_agent: string | null;
}

/** A browser a staff member completed a sign-in on: its tries count against itself, not the e-mail. */
export interface StaffDevicesTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
}

/**
 * A sign-in through the organisation's OpenID Connect provider, from its start to its callback
 * (decision 051): used once, within 10 minutes, by the browser holding the token.
 */
export interface StaffOidcFlowsTable {
  /** SHA-256 of the browser's cookie examflow_studio_oidc. */
  token_hash: string;
  state: string;
  nonce: string;
  /** PKCE (S256): the provider saw only its challenge. */
  code_verifier: string;
  redirect_uri: string;
  /** The Studio page to open after the callback (a /studio path). */
  return_to: string;
  created_at: string;
  expires_at: string;
  /** Set by the callback: a second one is refused. */
  used_at: string | null;
  ip: string;
}

export interface StaffAuditTable {
  /** In the order written (serial / autoincrement): the list's `before` cursor. */
  id: Generated<number>;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** What happened: 'sign-in.success', 'access.refused', 'staff.created' … (services/staff/audit.ts). */
  action: string;
  ip: string | null;
  /** JSON object. */
  details: string;
  /** JSON array of the config version ids concerned (for the config versions' publishes). */
  versions: string;
}

export interface StaffTables {
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_tickets: StaffTicketsTable;
  staff_sessions: StaffSessionsTable;
  staff_devices: StaffDevicesTable;
  staff_oidc_flows: StaffOidcFlowsTable;
  staff_audit: StaffAuditTable;
}
