// One verified OTP, one signup: a double tap on a slow network, many times over, sends
// the same signup with the same registration token. Fired over real HTTP so the requests really
// overlap; each registration sends its login details by SMS once. Runs on SQLite and, with TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenForHttp,
  testApp,
  type HttpAnswer,
  type TestApp,
  iacstSignupBody,
} from '../../tests/support/server-harness';
import { callbackSignature } from '../payments/orders';

// 1 April 2025 in India: iACST (free, two registrations per mobile) and the NEET mock (paid) are open.
const START = new Date('2025-04-01T06:00:00Z');
const TIMES = 10;
let t: TestApp;
let http: Awaited<ReturnType<typeof listenForHttp>>;
beforeAll(async () => {
  t = await testApp({ start: START });
  http = await listenForHttp(t);
});
afterAll(async () => t.close());

type Data = Record<string, unknown>;
interface Answer {
  status: number;
  body: { success: string; msg: string; data?: Data & { payment_data?: Data | null } };
}

const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  http(method, path, body, headers) as Promise<HttpAnswer & { body: Data }>;

/** Verifies the mobile by OTP (sandbox SMS); returns the X-Registration-Token header. */
async function tokenFor(mobile: string, examType: string): Promise<Record<string, string>> {
  t.clock.advance(46_000);
  expect((await call('POST', `/api/otp/send?mobile=${mobile}&exam_type=${examType}`)).status).toBe(200);
  const sms = await call('GET', `/sandbox/messages?mobile=${mobile}`);
  const otp = (sms.body as unknown as { otp: string }[])[0]?.otp;
  const verified = await call('POST', `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=${examType}`);
  expect(verified.status).toBe(200);
  return { 'x-registration-token': String(verified.body.registration_token) };
}

/** The login-details SMS the sandbox recorded for the mobile (its OTPs left out). */
const loginDetails = async (mobile: string): Promise<string[]> =>
  (
    (await call('GET', `/sandbox/messages?mobile=${mobile}`)).body as unknown as {
      otp: string | null;
      text: string;
    }[]
  )
    .filter((m) => m.otp === null && m.text.includes('roll number'))
    .map((m) => m.text);

const signupTimes = async (n: number, body: Data, headers: Record<string, string>): Promise<Answer[]> =>
  (await Promise.all(
    Array.from({ length: n }, () => call('POST', '/api/signup', body, headers)),
  )) as unknown as Answer[];

const rowsOf = async (mobile: string) => {
  const students = await t.db.selectFrom('students').selectAll().where('mobile', '=', mobile).execute();
  const ids = students.map((s) => s.id);
  const none = ['-'];
  const registrations = await t.db
    .selectFrom('registrations')
    .select('student_id')
    .where('student_id', 'in', ids.length ? ids : none)
    .execute();
  const orders = await t.db
    .selectFrom('orders')
    .selectAll()
    .where('student_id', 'in', ids.length ? ids : none)
    .orderBy('created_at')
    .execute();
  return { students, registrations, orders };
};

const iacstBody = (mobile: string): Data => ({ ...iacstSignupBody(mobile) });
const neetBody = (mobile: string, extra: Data = {}): Data => ({
  student_name: 'Riya Verma',
  father_name: 'Anil Verma',
  student_email: 'riya.verma@example.com',
  student_dob: '05/01/2008',
  student_mobile_no: mobile,
  class_stream: '12&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_mode: 'Offline',
  whatsapp_status: true,
  registration_page: 'MOCK-NEET',
  payment_mode: 'paytm',
  ...extra,
});

describe('signup with one registration token, submitted many times at once', () => {
  it(`free exam: ${TIMES} concurrent submits create one student, and every answer is that student`, async () => {
    const mobile = '9822200001';
    const headers = await tokenFor(mobile, 'iACST');
    const answers = await signupTimes(TIMES, iacstBody(mobile), headers);

    expect(answers.map((a) => a.status)).toEqual(Array(TIMES).fill(200));
    const { students, registrations } = await rowsOf(mobile);
    expect(students).toHaveLength(1);
    expect(registrations).toHaveLength(1);
    // The same reply, not merely the same roll number: the client cannot tell a repeat from the first.
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.data?.roll_number).toBe(students[0]?.roll_number);
    expect(answers[0]?.body).toMatchObject({ success: 'true', msg: 'Registration Successful' });
    // One registration, one SMS of its login details: only the submit that wrote it sends.
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([
        expect.stringContaining(
          `roll number is ${String(students[0]?.roll_number)} and your password (date of birth) is 15/08/2011.`,
        ),
      ]);

    // Later repeats change nothing either; a new verification of the mobile is a new signup
    // (iACST allows two per mobile).
    const later = await call('POST', '/api/signup', iacstBody(mobile), headers);
    expect(later.body).toEqual(answers[0]?.body);
    expect((await rowsOf(mobile)).students).toHaveLength(1);
    const again = await call('POST', '/api/signup', iacstBody(mobile), await tokenFor(mobile, 'iACST'));
    expect(again.status).toBe(200);
    expect(again.body.data).not.toMatchObject({ roll_number: students[0]?.roll_number });
    expect((await rowsOf(mobile)).students).toHaveLength(2);
    // The repeats sent nothing; the second registration sent its own.
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([
        expect.stringContaining(`roll number is ${String((again.body.data as Data).roll_number)} `),
        expect.stringContaining(`roll number is ${String(students[0]?.roll_number)} `),
      ]);
  });

  it(`paid exam: ${TIMES} concurrent submits create one student and one order, answered to all`, async () => {
    const mobile = '9822200002';
    const headers = await tokenFor(mobile, 'MOCK-NEET');
    const answers = await signupTimes(TIMES, neetBody(mobile), headers);

    expect(answers.map((a) => a.status)).toEqual(Array(TIMES).fill(200));
    const { students, registrations, orders } = await rowsOf(mobile);
    expect(students).toHaveLength(1);
    expect(registrations).toHaveLength(1);
    expect(orders).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.data).toMatchObject({
      roll_number: students[0]?.roll_number,
      isPaidExam: true,
      payment_data: { order_id: orders[0]?.id, amount: 200 },
    });

    // After a failed payment, Try Again (the same token, with the sf_id) makes one new order, however
    // often it is tapped; paying it and repeating answers the finished registration.
    const failed = await call('POST', `/sandbox/gateway/${String(orders[0]?.id)}/fail`);
    expect(failed.status).toBe(303);
    t.clock.advance(60_000);
    const retry = neetBody(mobile, { student_sf_id: students[0]?.sf_id, exam_date: '2025-04-20' });
    const retries = await signupTimes(TIMES, retry, headers);
    expect(retries.map((a) => a.status)).toEqual(Array(TIMES).fill(200));
    const after = await rowsOf(mobile);
    expect(after.students).toHaveLength(1);
    expect(after.orders.map((o) => o.status)).toEqual(['failed', 'created']);
    for (const answer of retries) expect(answer.body).toEqual(retries[0]?.body);
    expect(retries[0]?.body.data?.payment_data).toMatchObject({ order_id: after.orders[1]?.id });
    // Awaiting payment: no login details yet.
    expect(await loginDetails(mobile)).toEqual([]);

    const paid = await call('POST', `/sandbox/gateway/${String(after.orders[1]?.id)}/pay`);
    expect(paid.status).toBe(303);
    const repeat = await call('POST', '/api/signup', neetBody(mobile), headers);
    expect(repeat.body).toMatchObject({
      success: 'true',
      msg: 'Registration Successful',
      data: { roll_number: students[0]?.roll_number, isPaidExam: false, payment_data: null },
    });
    expect((await rowsOf(mobile)).orders).toHaveLength(2);
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([
        expect.stringContaining(
          `roll number is ${String(students[0]?.roll_number)} and your password (date of birth) is 05/01/2008.`,
        ),
      ]);
  });

  it(`paid exam: the gateway's callback ${TIMES} times at once sends the login details once`, async () => {
    const mobile = '9822200003';
    const answers = await signupTimes(TIMES, neetBody(mobile), await tokenFor(mobile, 'MOCK-NEET'));
    const orderId = String(answers[0]?.body.data?.payment_data?.order_id);
    const secret = t.app.ctx.config.paymentCallbackSecret;
    // The same confirmation repeated, and others with their own transaction ids, all at once.
    const callbacks = await Promise.all(
      Array.from({ length: TIMES }, (_, i) => {
        const txn = i % 2 ? 'TXN-SAME' : `TXN-${i}`;
        return call('POST', '/api/payments/callback', {
          order_id: orderId,
          status: 'paid',
          txn_id: txn,
          amount: 200,
          signature: callbackSignature(secret, orderId, 'paid', txn, 200),
        });
      }),
    );
    expect(callbacks.map((c) => c.status)).toEqual(Array(TIMES).fill(200));
    const { students, orders } = await rowsOf(mobile);
    expect(students).toMatchObject([{ registration_status: 'registered', is_payment_done: 1 }]);
    expect(orders.map((o) => o.status)).toEqual(['paid']);
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([expect.stringContaining(`roll number is ${String(students[0]?.roll_number)} `)]);
  });
});
