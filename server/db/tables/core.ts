// Tables of the core: students, sessions, throttles, one-time codes, sandbox SMS, analytics.
// Times are ISO-8601 UTC strings (text) and flags are 0/1 integers on both SQLite and PostgreSQL.
export interface StudentsTable {
  id: string;
  /** 12 digits. */
  roll_number: string;
  psid: string;
  /** The CRM record id the registration page reads from the query. */
  sf_id: string;
  /** pending_payment: signed up for a paid exam, not paid yet (a "lead"); registered: done. */
  registration_status: 'pending_payment' | 'registered';
  first_name: string;
  last_name: string | null;
  father_name: string | null;
  mobile: string;
  email: string;
  /** YYYY-MM-DD. */
  dob: string;
  exam_type: string;
  /** class&stream, e.g. 11&SOM (stream SOE engineering, SOF foundation, SOM medical). */
  class_stream: string;
  board: string;
  city: string | null;
  pincode: string | null;
  state: string | null;
  school_id: string | null;
  branch_code: string;
  exam_state_id: string | null;
  /** The exam centre's code (e.g. DL001) and id; the option value name-code-id is built from its row. */
  exam_centre_code: string | null;
  exam_centre_id: string | null;
  /** YYYY-MM-DD. */
  exam_date: string | null;
  exam_slot_id: string | null;
  exam_mode: 'Online' | 'Offline';
  is_payment_done: number;
  register_from_third_party: number;
  max_exam_edit_allowed: number;
  exam_attempts_left: number;
  is_edit_allowed: number;
  remove_edit_exam_edit_profile: number;
  utm: string | null;
  created_at: string;
  /** Random; new on every write to this row or to a row of this student's data (migration 011):
   *  the dashboard and profile answers are kept while it stays the same. */
  data_version: string;
  /** The programme config version the registration was made against (migration 020; null: before
   *  config versions, or a page rendered from files). */
  config_version: number | null;
}

export interface SessionsTable {
  id: string;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  student_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry. */
  expires_at: string;
  revoked_at: string | null;
  /** The login this session belongs to (sessions on several hosts from one login share it). */
  login_id: string;
  /** Why it was revoked: a logout, or a submitted test (the page then says why). */
  revoked_reason: SessionEndReason | null;
  /** sha256 of the one-time code that lets the student's programme host join this login. */
  handoff_hash: string | null;
  handoff_expires_at: string | null;
}

export type SessionEndReason = 'logged_out' | 'test_submitted';

export interface ThrottlesTable {
  /** e.g. login-roll:123456789012, login-ip:127.0.0.1, otp-send:9876543210. */
  key: string;
  window_start: string;
  count: number;
  locked_until: string | null;
}

/** A browser the student logged in from (migration 012); only the cookie token's hash is kept. */
export interface TrustedDevicesTable {
  token_hash: string;
  student_id: string;
  created_at: string;
  expires_at: string;
}

/** Keys shared by every server process (migration 013). */
export interface ServerSecretsTable {
  name: 'order-return';
  value: string;
}

export interface OtpsTable {
  id: string;
  purpose: 'register' | 'recover';
  mobile: string;
  /** What the user typed (mobile number or roll number). */
  login_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
}

export interface SmsMessagesTable {
  id: string;
  mobile: string;
  text: string;
  otp: string | null;
  sent_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  exam_type: string | null;
  payload: string;
  created_at: string;
}

/** One row per kind of data whose every write gives it a new random version (migration 011). */
export interface DataVersionsTable {
  /** 'reference': the reference data a student's answers read (REFERENCE_TABLES). */
  name: string;
  version: string;
}

export interface CoreTables {
  students: StudentsTable;
  data_versions: DataVersionsTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
  trusted_devices: TrustedDevicesTable;
  server_secrets: ServerSecretsTable;
  otps: OtpsTable;
  sms_messages: SmsMessagesTable;
  analytics_events: AnalyticsEventsTable;
}
