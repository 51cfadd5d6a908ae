// Test students for the commerce tests: inserted directly, so the tests do not depend on the
// demo students other seeders choose.
import { splitClassStream } from '../../src/domain/class-stream';
import type { StudentsTable } from '../db/tables/core';
import type { TestApp } from '../../tests/support/server-harness';
import { seasonal } from '../seed/commerce';

export interface TestStudent {
  id: string;
  roll_number: string;
  mobile: string;
  sf_id: string;
  /** DD/MM/YYYY, the password. */
  dob: string;
  class_stream: string;
  branch_code: string;
  email: string;
  /** The term of the NEET 2-year course the seed offered on the app's day (courses move on with it). */
  neetTwoYearTerm: string;
}

let counter = 0;

/** A registered student; roll numbers 2599… never clash with the demo students (2500…). */
export async function addStudent(
  t: TestApp,
  overrides: Partial<
    Pick<StudentsTable, 'class_stream' | 'branch_code' | 'exam_type' | 'roll_number' | 'mobile'>
  > = {},
): Promise<TestStudent & { authorization: string }> {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  const row: StudentsTable = {
    id: `test-commerce-${n}-${Math.random().toString(36).slice(2, 8)}`,
    data_version: `v-${Math.random().toString(36).slice(2)}`,
    config_version: null,
    roll_number: overrides.roll_number ?? `25990000${n}`,
    psid: `PSC${n}${Math.random().toString(36).slice(2, 8)}`,
    sf_id: `sf-commerce-${n}-${Math.random().toString(36).slice(2, 8)}`,
    registration_status: 'registered',
    first_name: 'Ishita',
    last_name: 'Verma',
    father_name: 'Rakesh Verma',
    mobile: overrides.mobile ?? `98990${n}${String(counter % 10)}`,
    email: `ishita.${n}@example.com`,
    dob: '2008-03-14',
    exam_type: overrides.exam_type ?? 'iACST',
    class_stream: overrides.class_stream ?? '11&SOM',
    board: 'CBSE',
    city: 'New Delhi',
    pincode: '110001',
    state: 'Delhi',
    school_id: null,
    branch_code: overrides.branch_code ?? 'DL001',
    exam_state_id: null,
    exam_centre_code: null,
    exam_centre_id: null,
    exam_date: null,
    exam_slot_id: null,
    exam_mode: 'Online',
    is_payment_done: 0,
    register_from_third_party: 0,
    max_exam_edit_allowed: 2,
    exam_attempts_left: 2,
    is_edit_allowed: 1,
    remove_edit_exam_edit_profile: 0,
    utm: null,
    created_at: t.clock.now().toISOString(),
  };
  await t.db.insertInto('students').values(row).execute();
  const { authorization } = await t.login(row.roll_number, '14/03/2008');
  return {
    id: row.id,
    roll_number: row.roll_number,
    mobile: row.mobile,
    sf_id: row.sf_id,
    dob: '14/03/2008',
    class_stream: row.class_stream,
    branch_code: row.branch_code,
    email: row.email,
    neetTwoYearTerm: seasonal('2025-2027', t.clock.now()),
    authorization,
  };
}

/** The course-list URL of a student (the path the client builds from the profile). */
export function coursesUrl(s: TestStudent, query = ''): string {
  const { klass, stream } = splitClassStream(s.class_stream);
  return `/api/courses/${klass}/${stream}/${s.branch_code}/${s.roll_number}/${s.mobile}${query}`;
}

/** Pays (or fails) an order in the sandbox gateway; returns where the browser is sent. */
export async function gateway(t: TestApp, orderId: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const response = await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/${outcome}` });
  if (response.statusCode !== 303)
    throw new Error(`gateway ${outcome}: ${response.statusCode} ${response.body}`);
  return new URL(String(response.headers.location), 'http://localhost');
}

/** A valid course-order body for the student (NEET 2-year course), with any field overridden. */
export const orderBody = (s: TestStudent, overrides: Record<string, unknown> = {}) => ({
  roll_number: s.roll_number,
  student_stream: splitClassStream(s.class_stream).stream,
  sf_id: s.sf_id,
  payment_method: 'hdfc',
  billing_name: 'Ishita Verma',
  billing_address: 'Flat 12, Block C, Vasant Kunj',
  billing_city: 'New Delhi',
  billing_state: 'Delhi',
  billing_zip: '110070',
  billing_email: s.email,
  product_id: 'NEET-C11-2Y',
  product_course_term: s.neetTwoYearTerm,
  center_code: s.branch_code,
  mobile_no: s.mobile,
  father_name: 'Rakesh Verma',
  ...overrides,
});

/** POST /api/course-order as the student. */
export const postOrder = (t: TestApp, s: { authorization: string }, body: unknown) =>
  t.call({
    method: 'POST',
    url: '/api/course-order',
    payload: body as object,
    headers: { authorization: s.authorization },
  });
