// Test launches, attempts and results, and the per-student dashboard state the exam routes own.
// Times are ISO-8601 UTC strings; dates YYYY-MM-DD (India time); flags 0/1; JSON as text.

/** A question paper of the sandbox test player; its questions come from the bank by subject. */
export interface ExamPapersTable {
  /** The test short code, e.g. IACST-SOM, MJEE-P1. */
  code: string;
  /** The programme's exam type (SAMPLE-PACK for the sample and mock paper pack). */
  exam_type: string;
  /** SOE, SOF or SOM; '' fits every stream. */
  stream: string;
  /** 0: the main paper; 1…n: the nth paper of a test in a series (or of the pack). */
  part: number;
  title: string;
  /** JSON array of subject names, in paper order. */
  subjects: string;
  duration_minutes: number;
}

/** The student's exam booking after an edit (the students row holds the one from registration). */
export interface ExamBookingsTable {
  student_id: string;
  class_stream: string;
  exam_mode: 'Online' | 'Offline';
  exam_state_id: string | null;
  /** The centre's code and id (offline); never the option value string. */
  exam_centre_code: string | null;
  exam_centre_id: string | null;
  exam_date: string;
  exam_slot_id: string | null;
  exam_attempts_left: number;
  /** The date came from an offline centre's own list: edits are not counted. */
  is_offline_sf_exam_date: number;
  /** The offline switch fee was paid once; switching again is free. */
  offline_fee_paid: number;
  updated_at: string;
}

/** An exam edit waiting for its offline-switch payment; the paid hook applies it. */
export interface ExamEditRequestsTable {
  id: string;
  student_id: string;
  order_id: string;
  /** JSON of the new booking fields. */
  change: string;
  /** closed: its order failed or was abandoned, and a later submit made a new one. */
  status: 'pending' | 'applied' | 'closed';
  created_at: string;
}

/** What the dashboard shows besides the exam: profile edits, purchases and notices. */
export interface ExamStudentStateTable {
  student_id: string;
  student_city: string | null;
  school_board: string | null;
  school_id: string | null;
  school_name: string | null;
  /** Marked absent at an offline exam. */
  absent: number;
  course_purchased: number;
  mock_purchased: number;
  /** The test player is down for this student's exam (static_data.testplayer_down). */
  testplayer_down: number;
  dashboard_msg: string | null;
  /** Unguessable id of the admit-card page. */
  admit_card_id: string;
  updated_at: string;
}

/** One test of a series (MOCK-JEE) as scheduled for one student. */
export interface ExamSeriesTable {
  id: string;
  student_id: string;
  series_no: number;
  series_name: string;
  opens_at: string;
  closes_at: string;
}

export interface ExamAttemptsTable {
  /** Also the test page's address: /sandbox/test/:id. */
  id: string;
  student_id: string;
  paper_code: string;
  /** external_schedule_id of the sitting. */
  schedule_id: string;
  status: 'open' | 'submitted';
  source_type: string;
  started_at: string;
  expires_at: string;
  submitted_at: string | null;
  /** JSON map of question id to the chosen option index. */
  answers: string;
}

export interface ExamResultsTable {
  id: string;
  student_id: string;
  attempt_id: string | null;
  paper_code: string;
  schedule_id: string;
  /** JSON array of { subject, questions, attempted, correct, wrong, score, max }. */
  subjects: string;
  score: number;
  max_score: number;
  scholarship_percent: number;
  /** HTML; sanitised again whenever it is sent. */
  message_html: string;
  created_at: string;
  /** The result shows from this time on. */
  release_at: string;
}

/** Short-lived tokens the test platform calls accept (GET /api/test-platform/token). */
export interface TestPlatformTokensTable {
  token_hash: string;
  student_id: string;
  created_at: string;
  expires_at: string;
}

export interface ExamsTables {
  exam_papers: ExamPapersTable;
  exam_bookings: ExamBookingsTable;
  exam_edit_requests: ExamEditRequestsTable;
  exam_student_state: ExamStudentStateTable;
  exam_series: ExamSeriesTable;
  exam_attempts: ExamAttemptsTable;
  exam_results: ExamResultsTable;
  test_platform_tokens: TestPlatformTokensTable;
}
