import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp, iacstSignupBody } from '../../tests/support/server-harness';
import { callbackSignature } from '../payments/orders';

// 1 April 2025, 11:30 in India: the NEET mock dates (13, 20, 27 April) are open.
const START = new Date('2025-04-01T06:00:00Z');
const ACCOUNT_EXISTS =
  'Account already exists with this mobile number. Please login or register with a different mobile number. For support, please write to us at support@example.com.';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Data = Record<string, unknown>;
const post = (url: string, payload?: object, headers?: Record<string, string>) =>
  t.call({ method: 'POST', url, payload, headers });
const get = (url: string, headers?: Record<string, string>) => t.call({ method: 'GET', url, headers });

async function lastSms(mobile: string): Promise<{ otp: string | null; text: string }> {
  const { data } = await get(`/sandbox/messages?mobile=${mobile}`);
  const first = (data as unknown as { otp: string | null; text: string }[])[0];
  if (!first) throw new Error('no SMS sent');
  return first;
}

/** OTP round trip; returns the verify answer. */
async function verify(loginId: string, examType = 'MOCK-NEET', smsTo = loginId) {
  t.clock.advance(46_000); // past the resend wait of an earlier code
  const sent = await post(`/api/otp/send?mobile=${loginId}&exam_type=${examType}`);
  expect(sent.statusCode, sent.body).toBe(200);
  const { otp } = await lastSms(smsTo);
  const verified = await post(`/api/otp/verify?mobile_no=${loginId}&otp=${otp}&exam_type=${examType}`);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.data;
}
async function tokenFor(mobile: string, examType = 'MOCK-NEET'): Promise<Record<string, string>> {
  const data = await verify(mobile, examType);
  return { 'x-registration-token': String(data.registration_token) };
}

const neetBody = (mobile: string, extra: Data = {}): Data => ({
  student_name: 'Riya  Verma'.replace('  ', ' '),
  father_name: 'Anil K. Verma',
  student_email: 'Riya.Verma@Example.com',
  student_dob: '2008-01-04T18:30:00.000Z',
  student_mobile_no: mobile,
  school_board: 'CBSE',
  class_stream: '12&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_mode: 'Offline',
  student_city: 'New Delhi',
  student_state: 'Delhi',
  student_pincode: '110005',
  whatsapp_status: true,
  registration_page: 'MOCK-NEET',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'neet-mock-april',
  utm_id: '42',
  gclid: 'Cj0KCQjw-abc_123',
  payment_mode: 'paytm',
  ...extra,
});
const iacstBody = (mobile: string, extra: Data = {}): Data => ({ ...iacstSignupBody(mobile), ...extra });
const studentsOf = (mobile: string) =>
  t.db
    .selectFrom('students')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

describe('registration OTP', () => {
  it('sends a 4-digit code by SMS (never in the answer) and verifies it with a registration token', async () => {
    const sent = await post('/api/otp/send?mobile=9811100001&exam_type=MOCK-NEET');
    expect(sent.data).toEqual({
      success: 'true',
      msg: 'OTP sent to 9811100001.',
      data: { mobile_no: '9811100001', otp_length: 4 },
    });
    const sms = await lastSms('9811100001');
    expect(sms.otp).toMatch(/^\d{4}$/);
    expect(sms.text).toContain(String(sms.otp));
    // (Read without the mobile number, which the code may happen to be part of: 9811 in 9811100001.)
    expect(sent.body.replaceAll('9811100001', '')).not.toContain(String(sms.otp));
    const verified = await post(`/api/otp/verify?mobile_no=9811100001&otp=${sms.otp}&exam_type=MOCK-NEET`);
    expect(verified.data).toMatchObject({
      success: 'true',
      msg: 'OTP verified.',
      error_code: 0,
      student_details: [],
      allowed_registration_count: 1,
    });
    expect(String(verified.data.registration_token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db
      .selectFrom('registration_tokens')
      .selectAll()
      .where('mobile', '=', '9811100001')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(verified.data.registration_token);
    expect(Date.parse(String(stored[0]?.expires_at)) - t.clock.now().getTime()).toBe(2 * 3_600_000);
  });

  it('answers a wrong code with 400 and error_code 1, and a used code is refused', async () => {
    t.clock.advance(46_000);
    await post('/api/otp/send?mobile=9811100002&exam_type=MOCK-NEET');
    const { otp } = await lastSms('9811100002');
    const wrong = await post(`/api/otp/verify?mobile_no=9811100002&otp=${otp === '0000' ? '1111' : '0000'}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data).toMatchObject({ success: 'false', error_code: 1 });
    expect((await post(`/api/otp/verify?mobile_no=9811100002&otp=${otp}`)).statusCode).toBe(200);
    expect((await post(`/api/otp/verify?mobile_no=9811100002&otp=${otp}`)).data.msg).toBe(
      'This OTP has already been used. Please request a new one.',
    );
  });

  it('a second send within the wait (another tab) says a code just went, how long is left and its digits; that code verifies', async () => {
    t.clock.advance(46_000);
    expect((await post('/api/otp/send?mobile=9811100003&exam_type=MOCK-NEET')).statusCode).toBe(200);
    t.clock.advance(10_000);
    const again = await post('/api/otp/send?mobile=9811100003&exam_type=MOCK-NEET');
    expect(again.statusCode).toBe(429);
    expect(again.data).toMatchObject({
      success: 'false',
      msg: 'Please wait 35 seconds before asking for a new OTP.',
      error_code: 2,
      data: { resend_in: 35, otp_length: 4 },
    });
    expect(again.headers['retry-after']).toBe('35');
    const { otp } = await lastSms('9811100003');
    expect(
      (await post(`/api/otp/verify?mobile_no=9811100003&otp=${otp}&exam_type=MOCK-NEET`)).statusCode,
    ).toBe(200);
    // Once that code is used, a send within the wait is a plain wait: its boxes would be no help.
    t.clock.advance(1_000);
    const used = await post('/api/otp/send?mobile=9811100003&exam_type=MOCK-NEET');
    expect(used.statusCode).toBe(429);
    expect(used.data).not.toHaveProperty('error_code');
  });

  it('refuses a 10-digit number starting with 0, non-numbers and a student id where not accepted', async () => {
    expect((await post('/api/otp/send?mobile=0123456789')).data).toEqual({
      success: 'false',
      msg: 'Please enter the correct number',
    });
    expect((await post('/api/otp/send?mobile=98111')).data.msg).toBe(
      'Please enter correct mobile number/ PSID',
    );
    expect((await post('/api/otp/send?mobile=PS00000001&exam_type=MOCK-NEET')).data.msg).toBe(
      'Please enter correct mobile number/ PSID',
    );
    for (const bad of ['%3Cscript%3E', "9811'--", '98111000011234', '%E0%A5%AF%E0%A5%AE'])
      expect((await post(`/api/otp/send?mobile=${bad}`)).statusCode).toBe(400);
    expect((await post('/api/otp/send')).statusCode).toBe(400);
    expect((await post('/api/otp/verify?mobile_no=9811100001&otp=12a4')).statusCode).toBe(400);
    expect((await post('/api/otp/verify?mobile_no=9811100001&otp=1234&x=1')).statusCode).toBe(400);
  });

  it('reads a number written with +91, 0091, a leading 0, spaces or dashes as its 10 digits, never another number', async () => {
    t.clock.advance(46_000);
    const sent = await post(
      `/api/otp/send?mobile=${encodeURIComponent('+91 98111 00003')}&exam_type=MOCK-NEET`,
    );
    expect(sent.data).toMatchObject({ success: 'true', data: { mobile_no: '9811100003' } });
    const { otp } = await lastSms('9811100003');
    const verified = await post(
      `/api/otp/verify?mobile_no=${encodeURIComponent('0091-98111-00003')}&otp=${otp}&exam_type=MOCK-NEET`,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const leads = await get(
      `/api/leads?mobile_no=${encodeURIComponent('+919811100003')}&exam_type=MOCK-NEET`,
      {
        'x-registration-token': String(verified.data.registration_token),
      },
    );
    expect(leads.statusCode, leads.body).toBe(200);
    // 11 digits after +91 are no Indian mobile: refused, not cut to 10.
    expect((await post(`/api/otp/send?mobile=${encodeURIComponent('+91 98111 000034')}`)).statusCode).toBe(
      400,
    );
  });

  it('accepts a student id where the programme does, sends to its mobile and shows only the masked number', async () => {
    const sent = await post('/api/otp/send?mobile=PS00000001&exam_type=iACST');
    expect(sent.data).toEqual({
      success: 'true',
      msg: 'OTP sent to 90******01.',
      data: { mobile_no: '90******01', otp_length: 4 },
    });
    const { otp } = await lastSms('9000000001');
    const verified = await post(`/api/otp/verify?mobile_no=PS00000001&otp=${otp}&exam_type=iACST`);
    expect(verified.data).toMatchObject({
      success: 'true',
      allowed_registration_count: 2,
      student_details: [
        {
          student_name: 'Aarav Sharma',
          student_dob: '2008-01-05',
          student_email: 'aarav.demo@example.com',
          mobile_no: '9000000001',
          registration_count: 1,
          exam_type: 'iACST',
        },
      ],
    });
    expect((await post('/api/otp/send?mobile=PS99999999&exam_type=iACST')).statusCode).toBe(404);
  });
});

describe('leads', () => {
  it('needs the registration token of that very mobile', async () => {
    expect((await get('/api/leads?mobile_no=9000000001')).statusCode).toBe(401);
    expect(
      (await get('/api/leads?mobile_no=9000000001', { 'x-registration-token': 'x'.repeat(43) })).data,
    ).toEqual({
      success: 'false',
      msg: 'Please verify your mobile number with the OTP first.',
    });
    const other = await tokenFor('9811100003');
    const forbidden = await get('/api/leads?mobile_no=9000000001', other);
    expect(forbidden.statusCode).toBe(403);
    expect(JSON.stringify(forbidden.data)).not.toContain('Aarav');
  });

  it('lists the registrations of a verified mobile, filtered by exam type when given', async () => {
    const token = {
      'x-registration-token': String((await verify('9000000001', 'iACST')).registration_token),
    };
    const all = await get('/api/leads?mobile_no=9000000001', token);
    expect(all.data).toMatchObject({ success: 'true', student_details: [{ student_name: 'Aarav Sharma' }] });
    expect(
      (await get('/api/leads?mobile_no=9000000001&exam_type=MOCK-NEET', token)).data.student_details,
    ).toEqual([]);
    t.clock.advance(2 * 3_600_000 + 1);
    expect((await get('/api/leads?mobile_no=9000000001', token)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown sf_id and 400 for a malformed one', async () => {
    expect((await get('/api/leads/by-sf-id?sf_id=SF0000000000000000')).statusCode).toBe(404);
    expect((await get('/api/leads/by-sf-id?sf_id=%27%20OR%201%3D1')).statusCode).toBe(400);
    expect((await get('/api/leads/by-sf-id')).statusCode).toBe(400);
  });
});

describe('POST /api/coupon/validate', () => {
  const coupon = (body: Data) => post('/api/coupon/validate', body);
  it('applies a valid coupon: amount off or percent off the programme fee', async () => {
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: 'neet50', class_stream: '12&SOM' })).data,
    ).toEqual({
      success: 'true',
      message: 'Success: Coupon Applied Successfully',
      msg: 'Success: Coupon Applied Successfully',
      data: { exam_discount_amount: 50, exam_fee: 200, amount_payable: 150 },
    });
    const jee = await coupon({
      exam_type: 'MOCK-JEE',
      coupon_code: 'JEE10',
      class_stream: '11&SOE',
      lead_term: '',
    });
    expect(jee.data.data).toEqual({ exam_discount_amount: 120, exam_fee: 1200, amount_payable: 1080 });
    const term = await coupon({
      exam_type: 'MOCK-NEET',
      coupon_code: 'NEET2526',
      class_stream: '11&SOM',
      lead_term: '2025-26',
    });
    expect((term.data.data as Data).exam_discount_amount).toBe(40);
  });

  it("a lead-term coupon applies without a lead term in its programme's season, and only then", async () => {
    const body = { exam_type: 'MOCK-NEET', coupon_code: 'NEET2526', class_stream: '12&SOM' };
    const now = t.clock.now();
    try {
      // 10 April 2025: the season of April 2025, term 2024-25 (the config's dates and term).
      t.clock.set(new Date('2025-04-10T06:00:00Z'));
      expect((await coupon(body)).statusCode).toBe(400);
      // A lead's own term decides when the request carries one.
      expect((await coupon({ ...body, lead_term: '2025-26' })).data.data).toMatchObject({
        exam_discount_amount: 40,
      });
      // 1 May 2025 and March 2026: the season of April 2026, term 2025-26.
      for (const day of ['2025-05-01T06:00:00Z', '2026-03-12T06:00:00Z']) {
        t.clock.set(new Date(day));
        expect((await coupon(body)).data.data, day).toMatchObject({ exam_discount_amount: 40 });
      }
    } finally {
      t.clock.set(now);
    }
  });

  it("refuses a class the landing page's own eligibility leaves out (NEET repeater: class 12 and 12 passed, medical)", async () => {
    for (const cs of ['11&SOM', '12&SOE']) {
      const response = await coupon({
        exam_type: 'iacst_repeater_neet',
        coupon_code: 'NEET50',
        class_stream: cs,
      });
      expect(response.statusCode, cs).toBe(400);
      expect(response.data.msg, cs).toBe('This class & stream is not eligible for iACST.');
    }
  });

  it("refuses expired, unknown, other exams', other classes' and other terms' coupons alike", async () => {
    const invalid = { success: 'false', msg: 'Error: Invalid Coupon', data: { exam_discount_amount: 0 } };
    for (const body of [
      { exam_type: 'MOCK-NEET', coupon_code: 'NEET2024', class_stream: '12&SOM' },
      { exam_type: 'MOCK-NEET', coupon_code: 'NOPE', class_stream: '12&SOM' },
      { exam_type: 'MOCK-NEET', coupon_code: 'JEE10', class_stream: '12&SOM' },
      { exam_type: 'MOCK-JEE', coupon_code: 'JEEDROP', class_stream: '12&SOE' },
      { exam_type: 'MOCK-NEET', coupon_code: 'NEET2526', class_stream: '12&SOM', lead_term: '2024-25' },
      { exam_type: 'iACST', coupon_code: 'NEET50', class_stream: '9&SOF' },
    ]) {
      const response = await coupon(body);
      expect(response.statusCode).toBe(400);
      expect(response.data).toEqual(invalid);
    }
  });

  it('asks for a code, checks the class, and refuses bad input', async () => {
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: ' ', class_stream: '12&SOM' })).data.msg,
    ).toBe('Please enter a coupon code.');
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: 'NEET50', class_stream: '9&SOF' })).data.msg,
    ).toBe('This class & stream is not eligible for NEET Mock.');
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: 'NEET50', class_stream: '12&SOX' })).data.msg,
    ).toBe('Please select class & stream');
    expect((await coupon({ exam_type: 'MOCK-NEET', coupon_code: 'NEET50' })).statusCode).toBe(400);
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: 'X'.repeat(31), class_stream: '12&SOM' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: 50, class_stream: '12&SOM' })).statusCode,
    ).toBe(400);
    expect(
      (await coupon({ exam_type: 'MOCK-NEET', coupon_code: "' OR 1=1 --", class_stream: '12&SOM' })).data.msg,
    ).toBe('Error: Invalid Coupon');
  });
});

describe('POST /api/signup: free exam (iACST)', () => {
  it('registers at once, filed under the chosen centre, never the digital branch by default', async () => {
    const mobile = '9811100010';
    const headers = await tokenFor(mobile, 'iACST');
    // The course-type switch asks for a state and a centre (classroom: chosen; online-only: preset),
    // so a signup without them is refused rather than filed under the digital-only branch IC006.
    const noCentre = await post(
      '/api/signup',
      iacstBody(mobile, { exam_state: undefined, branch_code: undefined }),
      headers,
    );
    expect(noCentre.statusCode, noCentre.body).toBe(400);
    expect(noCentre.data.msg).toBe('Please select centre');
    expect(await studentsOf(mobile)).toHaveLength(0);
    const response = await post('/api/signup', iacstBody(mobile), headers);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.data.data as Data;
    expect(response.data).toMatchObject({ success: 'true', msg: 'Registration Successful' });
    expect(data).toMatchObject({
      dob: '15-08-2011',
      isPaidExam: false,
      payment_data: null,
      exam_fee: 0,
      exam_date: '2025-04-02',
      branch_phone_numbers: ['011-4762-3456', '011-4762-3457', '98100-00101', '98100-00102'],
    });
    expect(String(data.roll_number)).toMatch(/^25\d{10}$/);
    expect(String(data.psid)).toMatch(/^[1-9]\d{10}$/);
    const link = new URL(String(data.dashboard_link));
    expect([link.hostname, link.pathname]).toEqual(['localhost', '/']);
    expect(Object.fromEntries(link.searchParams)).toEqual({ roll_no: data.roll_number, dob: '15-08-2011' });
    const [student] = await studentsOf(mobile);
    expect(student).toMatchObject({
      registration_status: 'registered',
      branch_code: 'DL001',
      exam_centre_code: 'DL001',
      exam_state_id: '9',
      board: 'CBSE',
      exam_mode: 'Online',
      exam_slot_id: 'online-9am-10pm',
      is_payment_done: 0,
      class_stream: '9&SOF',
    });
    await t.login(String(data.roll_number), '15/08/2011');
  });

  it('allows the configured number of registrations per mobile, then answers the account-exists message', async () => {
    const mobile = '9811100011';
    // One verified OTP, one signup: each registration verifies the mobile again.
    expect((await post('/api/signup', iacstBody(mobile), await tokenFor(mobile, 'iACST'))).statusCode).toBe(
      200,
    );
    const second = await post(
      '/api/signup',
      iacstBody(mobile, { exam_date: '2025-04-05' }),
      await tokenFor(mobile, 'iACST'),
    );
    expect(second.statusCode).toBe(200);
    const third = await post('/api/signup', iacstBody(mobile), await tokenFor(mobile, 'iACST'));
    expect(third.statusCode).toBe(409);
    expect(third.data).toEqual({ success: 'false', msg: ACCOUNT_EXISTS });
    expect(await studentsOf(mobile)).toHaveLength(2);
    const again = await verify(mobile, 'iACST');
    expect(again).toMatchObject({ msg: ACCOUNT_EXISTS, allowed_registration_count: 2 });
    expect((again.student_details as Data[])[0]?.registration_count).toBe(2);
  });

  it('accepts a name with initials (first name, then a last name with dots), as the form does', async () => {
    const mobile = '9811100013';
    const headers = await tokenFor(mobile, 'iACST');
    for (const refused of ['Asha.K Verma', 'Mr. Asha', 'Asha .Verma']) {
      const response = await post('/api/signup', iacstBody(mobile, { student_name: refused }), headers);
      expect(response.statusCode, refused).toBe(400);
    }
    expect(await studentsOf(mobile)).toHaveLength(0);
    const ok = await post('/api/signup', iacstBody(mobile, { student_name: 'Asha K. Verma' }), headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await studentsOf(mobile))[0]).toMatchObject({ first_name: 'Asha', last_name: 'K. Verma' });
  });

  it('is offline-only in Gujarat (config offlineOnlyStates), and offline nowhere else', async () => {
    const mobile = '9811100014';
    const headers = await tokenFor(mobile, 'iACST');
    const gujarat = await t.db
      .selectFrom('states')
      .select('tid')
      .where('short_code', '=', 'GJ')
      .executeTakeFirstOrThrow();
    const offline = { exam_mode: 'Offline', exam_slot: 'offline-gujarat' };
    const inDelhi = await post('/api/signup', iacstBody(mobile, offline), headers);
    expect(inDelhi.statusCode, inDelhi.body).toBe(400);
    expect(inDelhi.data.msg).toBe('This exam slot is not offered in the selected state.');
    const ok = await post(
      '/api/signup',
      iacstBody(mobile, { ...offline, exam_state: gujarat.tid, branch_code: 'GJ001' }),
      headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await studentsOf(mobile))[0]).toMatchObject({
      branch_code: 'GJ001',
      exam_mode: 'Offline',
      exam_slot_id: 'offline-gujarat',
    });
  });

  it('stores a chosen classroom centre and checks it against the state', async () => {
    const mobile = '9811100012';
    const headers = await tokenFor(mobile, 'iACST');
    const wrongState = await post(
      '/api/signup',
      iacstBody(mobile, { exam_state: '21', branch_code: 'DL002' }),
      headers,
    );
    expect(wrongState.data.msg).toBe('This centre is not in the selected state.');
    const ok = await post(
      '/api/signup',
      iacstBody(mobile, { exam_state: '9', branch_code: 'dl002' }),
      headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.data).toMatchObject({
      branch_address: 'C-2 Community Centre, Janakpuri, New Delhi 110058',
    });
    expect((await studentsOf(mobile))[0]).toMatchObject({
      exam_centre_code: 'DL002',
      exam_centre_id: '2',
      exam_state_id: '9',
    });
  });
});

describe('POST /api/signup: paid exam (MOCK-NEET)', () => {
  it('creates a pending registration and an order; paying completes it', async () => {
    const mobile = '9811100020';
    const headers = await tokenFor(mobile);
    const response = await post('/api/signup', neetBody(mobile), headers);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.data.data as Data & { payment_data: Data };
    expect(data).toMatchObject({
      dob: '05-01-2008',
      isPaidExam: true,
      exam_fee: 200,
      branch_gps: '28.6448,77.1905',
      branch_address: '8 Pusa Road, Karol Bagh, New Delhi 110005',
      gps_link: 'https://www.google.com/maps/search/?api=1&query=28.6448%2C77.1905',
    });
    expect(data.payment_data).toMatchObject({
      amount: 200,
      action_url: '/sandbox/gateway',
      redirect_url: '/mock-neet-exam',
    });
    // The auto-login link goes to the host of the student's exam type.
    expect(new URL(String(data.dashboard_link)).hostname).toBe('mock-neet.localhost');
    const [student] = await studentsOf(mobile);
    expect(student).toMatchObject({
      registration_status: 'pending_payment',
      email: 'riya.verma@example.com',
      first_name: 'Riya',
      last_name: 'Verma',
      father_name: 'Anil K. Verma',
      dob: '2008-01-05',
      pincode: '110005',
      exam_slot_id: 'offline-10am',
    });
    expect(JSON.parse(String(student?.utm))).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'neet-mock-april',
      utm_id: '42',
    });
    // Not registered yet: no login, and the sf_id link shows the lead.
    const login = await post('/api/login', { roll_number: data.roll_number, date_of_birth: '05/01/2008' });
    expect(login.statusCode).toBe(401);
    const lead = await get(`/api/leads/by-sf-id?sf_id=${String(student?.sf_id)}`);
    expect(lead.data).toMatchObject({
      success: 'true',
      student_details: [{ student_name: 'Riya Verma', father_name: 'Anil K. Verma', registration_count: 0 }],
    });
    // The link expires: a day after the registration began it names nobody.
    t.clock.advance(24 * 3_600_000 + 1);
    expect((await get(`/api/leads/by-sf-id?sf_id=${String(student?.sf_id)}`)).statusCode).toBe(410);
    t.clock.advance(-(24 * 3_600_000 + 1));

    const pay = await post(`/sandbox/gateway/${String(data.payment_data.order_id)}/pay`);
    expect(pay.statusCode).toBe(303);
    const back = new URL(String(pay.headers.location), 'http://x');
    expect(back.pathname).toBe('/mock-neet-exam');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      status: 'success',
      registeration: 'success',
      roll_no: data.roll_number,
      dob: '05-01-2008',
      exam_date: '2025-04-13',
    });
    expect((await studentsOf(mobile))[0]).toMatchObject({
      registration_status: 'registered',
      is_payment_done: 1,
    });
    const registration = await t.db
      .selectFrom('registrations')
      .selectAll()
      .where('student_id', '=', String(student?.id))
      .executeTakeFirst();
    expect(registration).toMatchObject({
      exam_fee: 200,
      amount_payable: 200,
      payment_mode: 'paytm',
      whatsapp_opt_in: 1,
    });
    expect(registration?.paid_at).not.toBeNull();
    await t.login(String(data.roll_number), '05/01/2008');
    // The sf_id link of a paid registration gives its login details to the mobile's token only.
    const link = `/api/leads/by-sf-id?sf_id=${String(student?.sf_id)}`;
    expect((await get(link, headers)).data).toEqual({
      success: 'false',
      msg: 'This registration is complete. Please log in with your roll number and date of birth.',
      data: { student_roll_no: data.roll_number, student_dob: '05-01-2008' },
    });
    const stranger = await get(link);
    expect([stranger.statusCode, stranger.data]).toEqual([
      410,
      {
        success: 'false',
        msg: 'This link has expired. Please enter your mobile number to continue your registration.',
      },
    ]);
    expect((await get(link, await tokenFor('9811100071'))).statusCode).toBe(410);
    // The same token again answers the same, now complete, registration; a new verification of
    // the mobile meets allowedRegistrationCount 1 of the NEET mock.
    const repeat = await post('/api/signup', neetBody(mobile), headers);
    expect(repeat.data).toMatchObject({ success: 'true', msg: 'Registration Successful' });
    expect(repeat.data.data).toMatchObject({
      roll_number: data.roll_number,
      payment_data: null,
      exam_fee: 200,
    });
    expect((await post('/api/signup', neetBody(mobile), await tokenFor(mobile))).data.msg).toBe(
      ACCOUNT_EXISTS,
    );
    expect(await studentsOf(mobile)).toHaveLength(1);
  });

  it('after a failed payment, Try Again with the sf_id updates the same registration; a 100% coupon makes it free', async () => {
    const mobile = '9811100021';
    const headers = await tokenFor(mobile);
    const first = await post('/api/signup', neetBody(mobile), headers);
    const { order_id } = (first.data.data as { payment_data: { order_id: string } }).payment_data;
    const fail = await post(`/sandbox/gateway/${order_id}/fail`);
    const back = new URL(String(fail.headers.location), 'http://x');
    const sfId = back.searchParams.get('sf_id');
    expect(back.searchParams.get('status')).toBe('failure');
    expect(back.searchParams.get('mobile')).toBe(mobile);
    const retry = await post(
      '/api/signup',
      neetBody(mobile, { student_sf_id: sfId, coupon_code: 'neet50', exam_date: '2025-04-20' }),
      headers,
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.data.data).toMatchObject({
      roll_number: (first.data.data as Data).roll_number,
      exam_fee: 150,
    });
    expect(await studentsOf(mobile)).toHaveLength(1);
    const free = await post(
      '/api/signup',
      neetBody(mobile, { student_sf_id: sfId, coupon_code: 'NEETFREE' }),
      headers,
    );
    expect(free.data).toMatchObject({ success: 'true', msg: 'Registration Successful' });
    expect(free.data.data).toMatchObject({ isPaidExam: false, payment_data: null, exam_fee: 0 });
    expect(await studentsOf(mobile)).toMatchObject([
      { registration_status: 'registered', is_payment_done: 1 },
    ]);
    const repeat = await post('/api/signup', neetBody(mobile, { student_sf_id: sfId }), headers);
    expect(repeat.data.data).toMatchObject({ roll_number: (first.data.data as Data).roll_number });
    const done = await post('/api/signup', neetBody(mobile, { student_sf_id: sfId }), await tokenFor(mobile));
    expect(done.statusCode).toBe(409);
  });

  it('refuses an sf_id of someone else', async () => {
    const mobile = '9811100022';
    const headers = await tokenFor(mobile);
    const other = await t.db
      .selectFrom('students')
      .select('sf_id')
      .where('roll_number', '=', '250000000001')
      .executeTakeFirstOrThrow();
    const response = await post('/api/signup', neetBody(mobile, { student_sf_id: other.sf_id }), headers);
    expect(response.statusCode).toBe(404);
    expect(await studentsOf(mobile)).toHaveLength(0);
  });
});

describe('the login details SMS of a completed registration', () => {
  /** The login-details texts the sandbox recorded for the mobile (not its OTPs), oldest first. */
  async function loginDetails(mobile: string): Promise<string[]> {
    const { data } = await get(`/sandbox/messages?mobile=${mobile}`);
    return (data as unknown as { otp: string | null; text: string }[])
      .filter((m) => m.otp === null && m.text.includes('roll number'))
      .map((m) => m.text)
      .reverse();
  }
  const setSms = (payload: object) => post('/sandbox/sms/settings', payload);

  it('free: the signup sends one SMS with the roll number, the date of birth as DD/MM/YYYY and where to log in', async () => {
    const mobile = '9811100090';
    const headers = await tokenFor(mobile, 'iACST');
    const response = await post('/api/signup', iacstBody(mobile), headers);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.data.data as Data;
    // Where to log in: the login page the thank-you page's link opens (without its auto-login query).
    const [login = ''] = String(data.dashboard_link).split('?');
    expect(login).toMatch(/^http:\/\/localhost(:\d+)?\/$/);
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([
        `Your Demo Academy roll number is ${String(data.roll_number)} and your password (date of birth) is 15/08/2011. Log in at ${login}`,
      ]);
    // The same token again answers the same registration and sends nothing more.
    expect((await post('/api/signup', iacstBody(mobile), headers)).statusCode).toBe(200);
    expect(await loginDetails(mobile)).toHaveLength(1);
  });

  it('paid: nothing at signup or after a failed payment; one SMS when the order is paid, however often the gateway says so', async () => {
    const mobile = '9811100091';
    const headers = await tokenFor(mobile);
    const first = await post('/api/signup', neetBody(mobile), headers);
    const data = first.data.data as Data & { payment_data: { order_id: string } };
    expect(await loginDetails(mobile)).toEqual([]);
    const fail = await post(`/sandbox/gateway/${data.payment_data.order_id}/fail`);
    expect(fail.statusCode).toBe(303);
    const sfId = new URL(String(fail.headers.location), 'http://x').searchParams.get('sf_id');
    const retry = await post('/api/signup', neetBody(mobile, { student_sf_id: sfId }), headers);
    const { order_id: orderId } = (retry.data.data as { payment_data: { order_id: string } }).payment_data;
    expect(await loginDetails(mobile)).toEqual([]);

    expect((await post(`/sandbox/gateway/${orderId}/pay`)).statusCode).toBe(303);
    // The login page on the exam type's host, as the thank-you page's link.
    const [login = ''] = String(data.dashboard_link).split('?');
    expect(new URL(login).hostname).toBe('mock-neet.localhost');
    const text = `Your Demo Academy roll number is ${String(data.roll_number)} and your password (date of birth) is 05/01/2008. Log in at ${login}`;
    await expect.poll(() => loginDetails(mobile)).toEqual([text]);
    // The gateway's callback again (a retry, another transaction id) and the signup again: still one.
    const secret = t.app.ctx.config.paymentCallbackSecret;
    for (const txn of ['TXN-AGAIN-1', 'TXN-AGAIN-2']) {
      const again = await post('/api/payments/callback', {
        order_id: orderId,
        status: 'paid',
        txn_id: txn,
        amount: 200,
        signature: callbackSignature(secret, orderId, 'paid', txn, 200),
      });
      expect(again.statusCode, again.body).toBe(200);
    }
    expect((await post('/api/signup', neetBody(mobile), headers)).statusCode).toBe(200);
    await expect.poll(() => loginDetails(mobile)).toEqual([text]);
  });

  it('paid, made free by a 100% coupon on Try Again: that signup sends the SMS', async () => {
    const mobile = '9811100092';
    const headers = await tokenFor(mobile);
    const first = await post('/api/signup', neetBody(mobile), headers);
    const { order_id: orderId } = (first.data.data as { payment_data: { order_id: string } }).payment_data;
    const fail = await post(`/sandbox/gateway/${orderId}/fail`);
    const sfId = new URL(String(fail.headers.location), 'http://x').searchParams.get('sf_id');
    const free = await post(
      '/api/signup',
      neetBody(mobile, { student_sf_id: sfId, coupon_code: 'NEETFREE' }),
      headers,
    );
    expect(free.data.data).toMatchObject({ isPaidExam: false, exam_fee: 0 });
    await expect
      .poll(() => loginDetails(mobile))
      .toEqual([
        expect.stringMatching(
          /roll number is 25\d{10} and your password \(date of birth\) is 05\/01\/2008\./,
        ),
      ]);
  });

  it('a failing SMS provider fails no registration: the signup and the payment stand, unsent', async () => {
    const freeMobile = '9811100093';
    const paidMobile = '9811100094';
    const freeHeaders = await tokenFor(freeMobile, 'iACST');
    const paidHeaders = await tokenFor(paidMobile);
    try {
      await setSms({ mode: 'fail', mobile: freeMobile });
      const free = await post('/api/signup', iacstBody(freeMobile), freeHeaders);
      expect(free.statusCode, free.body).toBe(200);
      expect(free.data).toMatchObject({ success: 'true', msg: 'Registration Successful' });
      expect(await studentsOf(freeMobile)).toMatchObject([{ registration_status: 'registered' }]);

      const paid = await post('/api/signup', neetBody(paidMobile), paidHeaders);
      const { order_id: orderId } = (paid.data.data as { payment_data: { order_id: string } }).payment_data;
      await setSms({ mode: 'fail', mobile: paidMobile });
      expect((await post(`/sandbox/gateway/${orderId}/pay`)).statusCode).toBe(303);
      expect(await studentsOf(paidMobile)).toMatchObject([{ registration_status: 'registered' }]);
    } finally {
      await setSms({ mode: 'none', mobile: null });
    }
    expect(await loginDetails(freeMobile)).toEqual([]);
    expect(await loginDetails(paidMobile)).toEqual([]);
  });
});

describe('POST /api/signup: IAT at a centre', () => {
  it('needs a centre, a seeded date of that centre and a slot when there are two', async () => {
    const mobile = '9811100030';
    const headers = await tokenFor(mobile, 'IAT');
    const body = neetBody(mobile, {
      registration_page: 'IAT',
      class_stream: '11&SOE',
      exam_date: '2025-04-06',
      exam_slot: 'offline-afternoon',
      coupon_code: 'IAT25',
    });
    const noSlot = await post('/api/signup', { ...body, exam_slot: undefined }, headers);
    expect(noSlot.data.msg).toBe('Please select exam slot');
    const noCentre = await post('/api/signup', { ...body, branch_code: '' }, headers);
    expect(noCentre.data.msg).toBe('Please select centre');
    const notIat = await post('/api/signup', { ...body, branch_code: 'DL003' }, headers);
    expect(notIat.data.msg).toBe('Please select centre');
    const notDate = await post('/api/signup', { ...body, exam_date: '2025-04-07' }, headers);
    expect(notDate.data.msg).toBe('This exam date is not open for registration. Please choose another date.');
    const ok = await post('/api/signup', body, headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.data).toMatchObject({ isPaidExam: true, exam_fee: 75 });
    expect((await studentsOf(mobile))[0]).toMatchObject({
      exam_slot_id: 'offline-afternoon',
      exam_date: '2025-04-06',
    });
  });
});

describe('POST /api/signup on a landing page with its own eligibility', () => {
  it('the NEET repeater page registers class 12 medical and refuses class 9 and class 12 engineering', async () => {
    const mobile = '9811177001';
    const page = { registration_page: 'iacst_repeater_neet' };
    for (const cs of ['9&SOF', '12&SOE']) {
      const refused = await post(
        '/api/signup',
        iacstBody(mobile, { ...page, class_stream: cs }),
        await tokenFor(mobile, 'iACST'),
      );
      expect(refused.statusCode, cs).toBe(400);
      expect(refused.data.msg, cs).toBe('This class & stream is not eligible for iACST.');
    }
    const ok = await post(
      '/api/signup',
      iacstBody(mobile, { ...page, class_stream: '12&SOM', student_dob: '15/08/2007' }),
      await tokenFor(mobile, 'iACST'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('POST /api/signup: what it refuses', () => {
  const mobile = '9811100040';
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await tokenFor(mobile);
  });

  it('needs the registration token of the mobile being registered', async () => {
    expect((await post('/api/signup', neetBody(mobile))).statusCode).toBe(401);
    const other = await post('/api/signup', neetBody('9811100041'), headers);
    expect(other.statusCode).toBe(403);
    expect(other.data.msg).toBe('Please verify this mobile number with the OTP first.');
  });

  it('checks the payload against the programme config and the master data', async () => {
    const cases: [Data, string][] = [
      [{ class_stream: '9&SOF' }, 'This class & stream is not eligible for NEET Mock.'],
      [{ class_stream: '12&SOF' }, 'Please select class & stream'],
      [
        { exam_date: '2025-04-14' },
        'This exam date is not open for registration. Please choose another date.',
      ],
      [{ exam_date: '' }, 'Please select date of exam'],
      [{ exam_mode: 'Online' }, 'NEET Mock is not held online.'],
      [{ branch_code: 'GJ001' }, 'Please select centre'],
      [{ branch_code: 'IC006' }, 'Please select centre'],
      [{ branch_code: 'ZZ001' }, 'Please select centre'],
      [{ school_board: 'Hogwarts' }, 'Please select a valid school board.'],
      [{ student_email: 'riya@gmail.gmail.com' }, 'Enter a valid email address'],
      [{ student_dob: '1985-01-01' }, 'Please select a valid date of birth'],
      [{ student_dob: '31/02/2008' }, 'Please select a valid date of birth'],
      [{ payment_mode: 'bitcoin' }, 'Please choose a valid payment method.'],
      [{ coupon_code: 'NEET2024' }, 'Error: Invalid Coupon'],
      [{ registration_page: 'SAMPLE-PACK' }, 'Unknown exam type.'],
    ];
    for (const [extra, msg] of cases) {
      const response = await post('/api/signup', neetBody(mobile, extra), headers);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.data.msg, JSON.stringify(extra)).toBe(msg);
    }
    expect(await studentsOf(mobile)).toHaveLength(0);
  });

  it('refuses wrong types, missing and extra fields, long strings, SQL-like, script and odd Unicode text', async () => {
    const before = await t.db.selectFrom('students').select('id').execute();
    const bad: Data[] = [
      { student_name: undefined },
      { student_mobile_no: 9811100040 },
      { whatsapp_status: 'yes' },
      { extra_field: 1 },
      { student_name: 'A'.repeat(61) },
      { student_name: 'R' },
      { student_name: 'Riya 2 Verma' },
      { student_name: "Robert'); DROP TABLE students;--" },
      { student_name: '<script>alert(1)</script>' },
      { student_name: 'Ｒｉｙａ' },
      { student_name: 'रिया Verma' },
      { father_name: '<b>x</b>' },
      { student_email: 'not-an-email' },
      { student_email: `${'a'.repeat(250)}@example.com` },
      { student_dob: '2008-13-45T18:30:00Z; DROP' },
      { utm_source: 'x'.repeat(201) },
      { utm_campaign: 'café\u0000' },
      { student_pincode: '011000' },
      { exam_state: "9' OR '1'='1" },
      { branch_code: 'DL001; --' },
      { class_stream: '12&SOM&x' },
    ];
    for (const extra of bad) {
      const response = await post('/api/signup', neetBody(mobile, extra), headers);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.data.success).toBe('false');
    }
    const raw = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: '{"student_name": "x"',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(await t.db.selectFrom('students').select('id').execute()).toHaveLength(before.length);
  });
});

describe('caller identity', () => {
  const nonce = { requestNonce: 'n0nce-for-the-app-link' };
  const start = async () => String((await post('/api/caller-identity', nonce)).data.requestId);
  const poll = (id: string) => get(`/api/caller-identity/${id}`);
  const form = (id: string, decision: string, body = '') =>
    t.call({
      method: 'POST',
      url: `/sandbox/caller-identity/${id}/${decision}`,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('starts pending; the sandbox page approves it; the first poll after gets a registration token', async () => {
    const started = await post('/api/caller-identity', nonce);
    expect(started.data).toMatchObject({ success: 'true', ttl_ms: 24_000 });
    expect(started.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const id = String(started.data.requestId);
    expect((await poll(id)).data).toEqual({
      status: 'pending',
      mobile: '',
      firstName: '',
      lastName: '',
      email: '',
    });
    const page = await get(`/sandbox/caller-identity/${id}`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="/sandbox/caller-identity/${id}/approve"`);
    expect(page.body).toContain(`action="/sandbox/caller-identity/${id}/reject"`);
    expect(page.body).toContain('>Approve</button>');
    expect(page.body).toContain('>Reject</button>');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('n0nce-for-the-app-link');
    const approved = await form(
      id,
      'approve',
      'mobile=%2B91+98111+00050&first_name=Meera&last_name=Iyer&email=Meera%40Example.com',
    );
    expect(approved.statusCode).toBe(200);
    const result = await poll(id);
    expect(result.data).toMatchObject({
      status: 'verified',
      mobile: '9811100050',
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera@example.com',
    });
    const token = String(result.data.registration_token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await poll(id)).data.registration_token).toBeUndefined();
    const leads = await get('/api/leads?mobile_no=9811100050', { 'x-registration-token': token });
    expect(leads.data).toEqual({ success: 'true', student_details: [] });
    expect((await form(id, 'reject')).statusCode).toBe(409);
  });

  it('rejects, expires after 24 s, and refuses an invalid mobile or an unknown request', async () => {
    const rejected = await start();
    expect((await form(rejected, 'reject')).statusCode).toBe(200);
    expect((await poll(rejected)).data.status).toBe('failed');
    const invalid = await start();
    const bad = await form(invalid, 'approve', 'mobile=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toBe('Invalid mobile number received');
    expect((await poll(invalid)).data.status).toBe('pending');
    t.clock.advance(24_000);
    expect((await poll(invalid)).data.status).toBe('failed');
    expect((await form(invalid, 'approve', 'mobile=9811100051')).statusCode).toBe(409);
    expect((await poll('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await poll('not-a-uuid')).statusCode).toBe(400);
    expect((await form(await start(), 'maybe')).statusCode).toBe(400);
    for (const body of [
      undefined,
      {},
      { requestNonce: 'short' },
      { requestNonce: '<script>x</script>' },
      { ...nonce, x: 1 },
    ])
      expect((await post('/api/caller-identity', body)).statusCode).toBe(400);
    const script = await form(await start(), 'approve', 'mobile=9811100052&first_name=%3Cscript%3E');
    expect(script.statusCode).toBe(400);
  });
});

describe('sandbox off', () => {
  it('has no caller-identity sandbox page', async () => {
    const off = await testApp({ start: START, config: { sandbox: false } });
    try {
      const started = await off.call({
        method: 'POST',
        url: '/api/caller-identity',
        payload: { requestNonce: 'n0nce-for-the-app-link' },
      });
      const id = String(started.data.requestId);
      const page = await off.call({ method: 'GET', url: `/sandbox/caller-identity/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.data.msg).toBe('The sandbox is off.');
    } finally {
      await off.close();
    }
  });
});
