// Master data and registration tables (owned by the master-data and registration routes).
// Coordinates are integers in millionths of a degree: portable (text and integer types only) and
// exact enough (about 11 cm).

export interface ExamBoardsTable {
  id: string;
  name: string;
  /** 1 for the default board (CBSE), listed first. */
  is_default: number;
  sort_order: number;
}

export interface StatesTable {
  /** The master's term id, e.g. "7". */
  tid: string;
  state_name: string;
  /** Two-letter code, e.g. DL. */
  short_code: string;
  /** The name in Hindi (Devanagari); null where none is known, and the English name is shown. */
  state_name_hi: string | null;
}

export interface CitiesTable {
  tid: string;
  name: string;
  state_tid: string;
}

export interface SchoolsTable {
  school_code: string;
  city_tid: string;
  short_school_name: string;
  full_school_name: string;
}

export interface ClassStreamsTable {
  id: string;
  /** 6 … 12 or 12-passed (the class opted). */
  class: string;
  /** SOE engineering, SOF foundation, SOM medical. */
  stream: string;
  display_name: string;
  sort_order: number;
}

export interface CentresTable {
  /** The third part of the centre value name-code-id. */
  id: string;
  /** With its RCC / F+EC / ALC prefix; never contains a dash. */
  name: string;
  /** The list label (no prefix) in Hindi, place names in Devanagari; null: the English label. */
  label_hi: string | null;
  /** Branch code, e.g. DL001; the second part of the value. */
  code: string;
  state_tid: string;
  city: string;
  address: string;
  /** JSON array of up to 4 phone numbers. */
  phones: string;
  latitude_e6: number;
  longitude_e6: number;
  /** JSON arrays: exam types held here, modes (Online, Offline) and streams (SOE, SOF, SOM) served. */
  exam_types: string;
  modes: string;
  streams: string;
  /** 0 for a branch kept out of every list (e.g. a digital-only branch). */
  listed: number;
  /** 1 for the branch online-only registrations without a chosen centre belong to. */
  default_online: number;
}

/** Per-centre exam dates, for programmes held on the dates each centre sets (IAT). */
export interface CentreExamDatesTable {
  id: string;
  exam_type: string;
  centre_id: string;
  /** YYYY-MM-DD. */
  exam_date: string;
}

/** How many registrations used each coupon that has a limit (coupons are config, decision 049). */
export interface CouponUsesTable {
  code: string;
  used: number;
}

export interface PincodesTable {
  pincode: string;
  place_name: string;
  city: string;
  state_desc: string;
  latitude_e6: number;
  longitude_e6: number;
}

/** Sandbox IP geolocation: the longest matching prefix wins; the empty prefix is the default. */
export interface GeoIpRangesTable {
  prefix: string;
  postal: string;
  country_code: string;
  latitude_e6: number;
  longitude_e6: number;
  city: string;
  state: string;
}

/** Proof that the holder verified a mobile number by OTP (or caller identity). */
/**
 * A registration card part-way (its step 2 and 3 as typed), kept against the verified mobile
 * number, so another tab or device of the same student picks it up after verifying (decision 041).
 */
export interface RegistrationDraftsTable {
  mobile: string;
  /** The registration page (its key, e.g. MOCK-NEET or iacst_adst). */
  page: string;
  /** The draft as the card sent it (JSON): the details typed and the exam choices. */
  data: string;
  updated_at: string;
}

export interface RegistrationTokensTable {
  id: string;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  mobile: string;
  created_at: string;
  expires_at: string;
  /** The student the token's signup wrote (set once, atomically): a repeated submit answers it. */
  student_id: string | null;
  used_at: string | null;
}

/** What a registration records beside the core student row. */
export interface RegistrationsTable {
  student_id: string;
  registration_page: string;
  whatsapp_opt_in: number;
  gclid: string | null;
  payment_mode: string | null;
  coupon_code: string | null;
  exam_fee: number;
  discount_amount: number;
  amount_payable: number;
  order_id: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per mobile, touched at the start of a signup so concurrent signups queue up. */
export interface RegistrationMobilesTable {
  mobile: string;
  updated_at: string;
}

export interface CallerIdentityRequestsTable {
  id: string;
  /** The client's nonce from its identity-app link. */
  nonce: string;
  status: 'pending' | 'verified' | 'failed';
  mobile: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  created_at: string;
  expires_at: string;
  /** When the registration token was handed out (once). */
  token_issued_at: string | null;
}

export interface MasterTables {
  exam_boards: ExamBoardsTable;
  states: StatesTable;
  cities: CitiesTable;
  schools: SchoolsTable;
  class_streams: ClassStreamsTable;
  centres: CentresTable;
  centre_exam_dates: CentreExamDatesTable;
  coupon_uses: CouponUsesTable;
  pincodes: PincodesTable;
  geo_ip_ranges: GeoIpRangesTable;
  registration_tokens: RegistrationTokensTable;
  registration_drafts: RegistrationDraftsTable;
  registrations: RegistrationsTable;
  registration_mobiles: RegistrationMobilesTable;
  caller_identity_requests: CallerIdentityRequestsTable;
}
