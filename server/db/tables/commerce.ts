// Commerce: branches and their centres, payment options, courses with list prices, the
// third-party fee-waiver records, and what students bought (courses, the sample-paper pack).

/** One row per branch code (the code students carry in students.branch_code). */
export interface CommerceBranchesTable {
  code: string;
  name: string;
  city: string;
  state: string;
  /** classroom: courses at centres; digital: online-only courses, no centre list, its own help line. */
  channel: 'classroom' | 'digital';
  /** What the card's fee is: the registration fee, or the whole course fee after waivers (digital). */
  fee_basis: 'registration_fee' | 'course_fee';
}

/** The centres listed for a branch code (the branch carousel). */
export interface CommerceCentresTable {
  id: string;
  branch_code: string;
  /** With its RCC / F+EC / ALC prefix: stripping it is the client's job. */
  center_name: string;
  address: string;
  /** JSON array of 4 phone numbers. */
  contact_numbers: string;
  location_url: string;
  /** Decimal degrees as text (portable: no floating-point column type). */
  latitude: string;
  longitude: string;
  position: number;
}

export interface CommercePaymentOptionsTable {
  id: string;
  branch_code: string;
  /** e.g. ccavenue, paytm, others. */
  value: string;
  label: string;
  position: number;
}

export interface CommerceCoursesTable {
  product_id: string;
  /** The class part of class&stream: 6 … 12, 12-passed. */
  class: string;
  /** SOE, SOF or SOM. */
  stream: string;
  channel: 'classroom' | 'digital';
  /** Matches the main exam's career_type (NEET, JEE, Foundation): such courses are listed first. */
  career_type: string;
  product_title: string;
  product_course_term: string;
  course_category: string;
  course_highlights: string;
  course_description: string;
  /** JSON array of strings. */
  course_features: string;
  /** JSON object: fee component → list price in rupees. */
  price_list: string;
  /** 1 when the course has a Course details PDF. */
  has_content: number;
  position: number;
}

/** The third-party result record (GetStudentResult_WebJsonResult): fee waivers by roll number. */
export interface CommerceFeeWaiversTable {
  roll_number: string;
  admfee: string;
  tuitionfee: string;
  technology_examination_fee: string;
  classroom_service: string;
  updated_at: string;
}

/** A paid course registration or sample-paper pack, recorded when the gateway confirms payment. */
export interface CommercePurchasesTable {
  id: string;
  student_id: string;
  kind: 'course' | 'mock';
  /** The course's product_id, or the programme id of the pack. */
  product_id: string;
  order_id: string;
  amount: number;
  created_at: string;
}

export interface CommerceTables {
  commerce_branches: CommerceBranchesTable;
  commerce_centres: CommerceCentresTable;
  commerce_payment_options: CommercePaymentOptionsTable;
  commerce_courses: CommerceCoursesTable;
  commerce_fee_waivers: CommerceFeeWaiversTable;
  commerce_purchases: CommercePurchasesTable;
}
