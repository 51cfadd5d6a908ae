// kill -9 loses nothing answered: the real server on its SQLite folder pays a course
// order, an exam edit and a mock pack through the gateway's paid callback while students sign up
// beside it, and is killed with SIGKILL the moment the last payment is answered, with signups still
// in flight. A new process on the same folder finds every write that was answered: each order paid
// with its effect (the purchase, the edited exam), each signup answered 200 once; the file is whole.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sqliteFileIn, type Db } from '../../server/db/database';
import type { StudentsTable } from '../../server/db/tables/core';
import { startServerProcess, type ServerProcess } from './server-process';
import { seasonal } from '../../server/seed/commerce';
import { iacstSignupBody } from '../../tests/support/server-harness';

// 10 March 2026 in India: the demo students' exams can still be edited (exam-edit-once.test.ts).
const CLOCK = '2026-03-10T06:30:00.000Z';
const TOMORROW = '2026-03-11';
const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-kill9-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, SANDBOX_CLOCK: CLOCK });
  children.push(server.child);
  return server;
}

type Body = Record<string, unknown> & { data?: Record<string, unknown> };
let base = '';
async function call(method: string, url: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: (/^[[{]/.test(text) ? JSON.parse(text) : {}) as Body };
}

async function login(roll: string, dob: string): Promise<Record<string, string>> {
  const answer = await call('POST', '/api/login', { roll_number: roll, date_of_birth: dob });
  expect(answer.status).toBe(200);
  return { authorization: `Bearer ${String(answer.body.token)}` };
}

/** The sandbox gateway's paid callback for an order: answered 303 once it is recorded. */
async function pay(orderId: string): Promise<void> {
  expect((await call('POST', `/sandbox/gateway/${orderId}/pay`)).status).toBe(303);
}

// A student who can buy the NEET 2-year course (commerce.test-support.ts's addStudent, by hand:
// it is written into the file before the server opens it).
const COURSE_STUDENT: StudentsTable = {
  id: 'kill9-course-student',
  data_version: 'kill9-v1',
  config_version: null,
  roll_number: '259900009001',
  psid: 'PSCkill9',
  sf_id: 'sf-kill9',
  registration_status: 'registered',
  first_name: 'Ishita',
  last_name: 'Verma',
  father_name: 'Rakesh Verma',
  mobile: '9899000901',
  email: 'ishita.kill9@example.com',
  dob: '2008-03-14',
  exam_type: 'iACST',
  class_stream: '11&SOM',
  board: 'CBSE',
  city: 'New Delhi',
  pincode: '110001',
  state: 'Delhi',
  school_id: null,
  branch_code: 'DL001',
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
  created_at: CLOCK,
};

/** Signs students up one after another until told to stop; the mobiles answered 200, with their roll numbers. */
function signupsUntil(stop: { now: boolean }, prefix: string): Promise<Map<string, string>> {
  const answered = new Map<string, string>();
  return (async () => {
    for (let n = 0; !stop.now; n++) {
      try {
        const mobile = `${prefix}${String(n).padStart(4, '0')}`;
        const sent = await call('POST', `/api/otp/send?mobile=${mobile}&exam_type=iACST`);
        if (sent.status !== 200) throw new Error(`OTP send ${sent.status}: ${JSON.stringify(sent.body)}`);
        const sms = await call('GET', `/sandbox/messages?mobile=${mobile}`);
        const otp = (sms.body as unknown as { otp: string }[])[0]?.otp;
        const verified = await call('POST', `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=iACST`);
        if (verified.status !== 200)
          throw new Error(`OTP verify ${verified.status}: ${JSON.stringify(verified.body)}`);
        const token = String(verified.body.registration_token);
        const signup = await call('POST', '/api/signup', iacstSignupBody(mobile, { exam_date: TOMORROW }), {
          'x-registration-token': token,
        });
        if (signup.status === 200) answered.set(mobile, String(signup.body.data?.roll_number));
        else if (!stop.now) throw new Error(`signup ${signup.status}: ${JSON.stringify(signup.body)}`);
      } catch (error) {
        if (stop.now) cut += 1;
        if (!stop.now) throw error; // after the kill, a request without an answer is expected
      }
    }
    return answered;
  })();
}

/** Signup requests the kill cut off (sent, never answered). */
let cut = 0;
let orders: { course: string; edit: string; mock: string };
let signedUp: Map<string, string>;
let db: Db;

beforeAll(async () => {
  // The first run creates, migrates and seeds the file; the course student joins it while it runs.
  let server = await startServer();
  base = server.base;
  const writer = createDb({ sqliteFile: sqliteFileIn(dataDir) });
  await writer.insertInto('students').values(COURSE_STUDENT).execute();
  await writer.destroy();

  const stop = { now: false };
  const signups = signupsUntil(stop, '931000');
  const signupsToo = signupsUntil(stop, '931010');
  // If the setup fails first, the loops' own failure is not another unhandled error.
  for (const loop of [signups, signupsToo]) loop.catch(() => {});

  const courseStudent = await login(COURSE_STUDENT.roll_number, '14/03/2008');
  const course = await call(
    'POST',
    '/api/course-order',
    {
      roll_number: COURSE_STUDENT.roll_number,
      student_stream: 'SOM',
      sf_id: COURSE_STUDENT.sf_id,
      payment_method: 'hdfc',
      billing_name: 'Ishita Verma',
      billing_address: 'Flat 12, Block C, Vasant Kunj',
      billing_city: 'New Delhi',
      billing_state: 'Delhi',
      billing_zip: '110070',
      billing_email: COURSE_STUDENT.email,
      product_id: 'NEET-C11-2Y',
      // The seed's term on the server's day (courses move on with the session on sale).
      product_course_term: seasonal('2025-2027', new Date(CLOCK)),
      center_code: 'DL001',
      mobile_no: COURSE_STUDENT.mobile,
      father_name: 'Rakesh Verma',
    },
    courseStudent,
  );
  expect(course.body).toMatchObject({ success: 'true' });

  const editor = await login('250000000015', '21/09/2008');
  const edit = await call(
    'POST',
    '/api/exam-info',
    {
      state_id: '9',
      exam_date: '2026-03-15',
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOE',
    },
    editor,
  );
  expect(edit.body, JSON.stringify(edit.body)).toMatchObject({ success: 'true' });

  const buyer = await login('250000000002', '14/03/2011');
  const mock = await call('GET', '/api/mock-payment?payment_type=exam', undefined, buyer);
  expect(mock.body).toMatchObject({ success: 'true' });

  orders = {
    course: String(course.body.data?.order_id),
    edit: String(edit.body.data?.order_id),
    mock: String(mock.body.data?.order_id),
  };
  await pay(orders.course);
  await pay(orders.edit);
  await pay(orders.mock);
  // The moment the last payment is answered, with signups in flight.
  server.child.kill('SIGKILL');
  stop.now = true;
  const killed = await new Promise<NodeJS.Signals | null>((resolve) =>
    server.child.once('exit', (_code, signal) => resolve(signal)),
  );
  expect(killed).toBe('SIGKILL');
  signedUp = new Map([...(await signups), ...(await signupsToo)]);

  // A new process on the same folder (it opens, checks its migrations and serves).
  server = await startServer();
  base = server.base;
  db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
}, 90_000);
afterAll(async () => db?.destroy());

const orderRow = (id: string) =>
  db
    .selectFrom('orders')
    .select(['status', 'kind', 'student_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const studentId = async (roll: string) =>
  (await db.selectFrom('students').select('id').where('roll_number', '=', roll).executeTakeFirstOrThrow()).id;
const purchases = async (id: string) =>
  db.selectFrom('commerce_purchases').select('id').where('student_id', '=', id).execute();

describe('after kill -9 and a restart on the same SQLite folder', () => {
  it('the course order answered paid is paid, and the course is bought', async () => {
    expect(await orderRow(orders.course)).toMatchObject({ status: 'paid', kind: 'course' });
    expect(await purchases(COURSE_STUDENT.id)).toHaveLength(1);
    // Read as its owner reads it, with her session.
    const owner = await login(COURSE_STUDENT.roll_number, '14/03/2008');
    const status = await call('GET', `/api/orders/${orders.course}`, undefined, owner);
    expect(status.body.data).toMatchObject({ status: 'paid' });
  });

  it('the exam edit answered paid is applied: offline at the chosen centre, one edit used', async () => {
    expect(await orderRow(orders.edit)).toMatchObject({ status: 'paid', kind: 'exam' });
    const profile = await call('GET', '/api/profile', undefined, await login('250000000015', '21/09/2008'));
    expect(profile.body.data).toMatchObject({
      exam_attempts_left: 1,
      exam_date_id: '2026-03-15',
      exam_center: 'RCC Delhi Central-DL001-1',
    });
  });

  it('the mock pack answered paid is bought once', async () => {
    expect(await orderRow(orders.mock)).toMatchObject({ status: 'paid', kind: 'mock' });
    expect(await purchases(await studentId('250000000002'))).toHaveLength(1);
  });

  it('every signup answered 200 is there once, with the roll number it was given', async () => {
    expect(signedUp.size).toBeGreaterThan(0);
    // The kill landed with signups in flight (each loop always waits on a request).
    expect(cut).toBeGreaterThan(0);
    const rows = await db
      .selectFrom('students')
      .select(['mobile', 'roll_number'])
      .where('mobile', 'in', [...signedUp.keys()])
      .execute();
    expect(rows).toHaveLength(signedUp.size);
    for (const row of rows) expect(row.roll_number).toBe(signedUp.get(row.mobile));
  });

  it('the file is whole', async () => {
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  });
});
