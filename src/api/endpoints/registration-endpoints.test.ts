// Registration: OTP send and verify, leads by mobile and by sf_id, coupon, signup (free and paid),
// order status, caller identity. Real server on a real port; each test checks the request the server
// received (path, query, registration-token header, body) and the reply the fetcher parsed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationSignupBody } from '../../generated/api/registration-signup';
import { orderReturnToken } from '../../../server/payments/orders';
import { iacstSignupBody, testApp, type TestApp } from '../../../tests/support/server-harness';
import { failure, lastOtp, listen } from './endpoints.test-support';
import { pollCallerIdentity, callerIdentityPollPath } from './caller-identity-poll';
import { startCallerIdentity } from './caller-identity-start';
import { validateCoupon } from './coupon-validate';
import { fetchLeadBySfId, leadBySfIdKey } from './lead-by-sf-id';
import { fetchLeadsByMobile, leadsByMobileKey } from './leads-by-mobile';
import { login } from './login';
import { fetchOrderStatus } from './order-status';
import { otpSendPath, sendRegistrationOtp } from './otp-send';
import { verifyRegistrationOtp } from './otp-verify';
import { REGISTRATION_TOKEN_HEADER } from './request-helpers';
import { signup } from './signup';

// 1 April 2025, 11:30 in India: the NEET mock dates (13, 20, 27 April) and iACST's 2 April are open.
const START = new Date('2025-04-01T06:00:00Z');

interface Seen {
  method: string;
  url: string;
  registrationToken: string | undefined;
  body: unknown;
}

let t: TestApp;
let baseUrl = '';
let seen: Seen[] = [];
beforeAll(async () => {
  t = await testApp({ start: START });
  t.app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/sandbox/')) return; // the test's own look-ups
    const header = request.headers[REGISTRATION_TOKEN_HEADER.toLowerCase()];
    seen.push({
      method: request.method,
      url: request.url,
      registrationToken: typeof header === 'string' ? header : undefined,
      body: request.body,
    });
  });
  baseUrl = await listen(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  seen = [];
  t.clock.advance(46_000); // past the resend wait of an earlier code
});

/** The OTP round trip through the fetchers; returns the registration token. */
async function verifiedToken(mobile: string, examType: string): Promise<string> {
  await sendRegistrationOtp({ mobile, exam_type: examType }, { baseUrl });
  const verified = await verifyRegistrationOtp(
    { mobile_no: mobile, otp: await lastOtp(t, mobile), exam_type: examType },
    { baseUrl },
  );
  return verified.registration_token;
}

const neetBody = (mobile: string): RegistrationSignupBody => ({
  student_name: 'Riya Verma',
  father_name: 'Anil Verma',
  student_email: 'riya.verma@example.com',
  student_dob: '2008-01-04T18:30:00.000Z',
  student_mobile_no: mobile,
  school_board: 'CBSE',
  class_stream: '12&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_mode: 'Offline',
  whatsapp_status: true,
  registration_page: 'MOCK-NEET',
  utm_source: 'google',
  gclid: 'Cj0KCQjw-abc_123',
  payment_mode: 'paytm',
});

describe('registration OTP', () => {
  it('sends the code with mobile and exam_type in the query, and verifies it', async () => {
    const sent = await sendRegistrationOtp({ mobile: '9811100001', exam_type: 'MOCK-NEET' }, { baseUrl });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/otp/send?mobile=9811100001&exam_type=MOCK-NEET',
    });
    expect(sent).toEqual({
      success: 'true',
      msg: 'OTP sent to 9811100001.',
      data: { mobile_no: '9811100001', otp_length: 4 },
    });

    const otp = await lastOtp(t, '9811100001');
    const verified = await verifyRegistrationOtp(
      { mobile_no: '9811100001', otp, exam_type: 'MOCK-NEET' },
      { baseUrl },
    );
    expect(seen[1]).toMatchObject({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=9811100001&otp=${otp}&exam_type=MOCK-NEET`,
    });
    expect(verified).toMatchObject({
      success: 'true',
      error_code: 0,
      student_details: [],
      allowed_registration_count: 1,
    });
    expect(verified.registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('leaves an absent exam_type out of the query', () => {
    expect(otpSendPath({ mobile: '9811100001' })).toBe('/api/otp/send?mobile=9811100001');
    expect(otpSendPath({ mobile: '9811100001', exam_type: '' })).toBe('/api/otp/send?mobile=9811100001');
  });

  it('a wrong code fails with error_code 1 in the body; a number starting with 0 with the spec text', async () => {
    await sendRegistrationOtp({ mobile: '9811100002', exam_type: 'MOCK-NEET' }, { baseUrl });
    const otp = await lastOtp(t, '9811100002');
    const wrong = await failure(
      verifyRegistrationOtp({ mobile_no: '9811100002', otp: otp === '0000' ? '1111' : '0000' }, { baseUrl }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body?.error_code).toBe(1);
    const zero = await failure(sendRegistrationOtp({ mobile: '0123456789' }, { baseUrl }));
    expect(zero.message).toBe('Please enter the correct number');
  });
});

describe('leads, signup, coupon and order status', () => {
  it('registers a paid MOCK-NEET student and reads the lead back by mobile and by sf_id', async () => {
    const mobile = '9811100010';
    const token = await verifiedToken(mobile, 'MOCK-NEET');
    seen = [];

    const none = await fetchLeadsByMobile({ mobile_no: mobile, exam_type: 'MOCK-NEET' }, token, { baseUrl });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: `/api/leads?mobile_no=${mobile}&exam_type=MOCK-NEET`,
      registrationToken: token,
    });
    expect(none).toEqual({ success: 'true', student_details: [] });
    expect(leadsByMobileKey({ mobile_no: mobile }, token)).toEqual([`/api/leads?mobile_no=${mobile}`, token]);

    const body = neetBody(mobile);
    const signed = await signup(body, token, { baseUrl });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/api/signup', registrationToken: token, body });
    expect(signed.data.isPaidExam).toBe(true);
    expect(signed.data.exam_fee).toBe(200);
    const payment = signed.data.payment_data;
    expect(payment?.order_id).toBeTruthy();

    // The gateway's return link carries the token that reads the order without a login.
    const orderId = payment?.order_id ?? '';
    const orderToken = orderReturnToken(t.app.ctx.orderReturnKey, orderId);
    const order = await fetchOrderStatus({ order_id: orderId, order_token: orderToken }, { baseUrl });
    expect(seen[2]).toMatchObject({ method: 'GET', url: `/api/orders/${orderId}?order_token=${orderToken}` });
    expect(order.data).toMatchObject({ status: 'created', amount: 200, kind: 'exam' });

    const bySfId = await fetchLeadBySfId({ sf_id: signed.data.sf_id }, undefined, { baseUrl });
    expect(seen[3]).toMatchObject({ method: 'GET', url: `/api/leads/by-sf-id?sf_id=${signed.data.sf_id}` });
    expect(bySfId.success).toBe('true');
    expect(bySfId.student_details?.[0]).toMatchObject({
      mobile_no: mobile,
      student_name: 'Riya Verma',
      registration_status: 'pending_payment',
    });
    expect(leadBySfIdKey({ sf_id: 'SF1' })).toEqual(['/api/leads/by-sf-id?sf_id=SF1']);

    const one = await fetchLeadsByMobile({ mobile_no: mobile, exam_type: 'MOCK-NEET' }, token, { baseUrl });
    expect(one.student_details).toHaveLength(1);
  });

  it('refuses the lead look-up and signup without the registration token', async () => {
    const leads = await failure(fetchLeadsByMobile({ mobile_no: '9811100011' }, 'x'.repeat(43), { baseUrl }));
    expect([leads.status, leads.message]).toEqual([
      401,
      'Please verify your mobile number with the OTP first.',
    ]);
    const signed = await failure(signup(neetBody('9811100011'), 'x'.repeat(43), { baseUrl }));
    expect(signed.status).toBe(401);
  });

  it('registers a free iACST student; the lead by sf_id then answers the login details', async () => {
    const mobile = '9811100012';
    const token = await verifiedToken(mobile, 'iACST');
    const signed = await signup(
      // The dob as the card sends it: midnight in India, as an instant.
      iacstSignupBody(mobile, { student_dob: '2011-08-14T18:30:00.000Z' }),
      token,
      { baseUrl },
    );
    expect(signed).toMatchObject({
      success: 'true',
      msg: 'Registration Successful',
      data: { isPaidExam: false, payment_data: null, dob: '15-08-2011', exam_date: '2025-04-02' },
    });
    expect(signed.data.roll_number).toMatch(/^\d{12}$/);

    const done = await fetchLeadBySfId({ sf_id: signed.data.sf_id }, token, { baseUrl });
    expect(done).toMatchObject({
      success: 'false',
      data: { student_roll_no: signed.data.roll_number, student_dob: '15-08-2011' },
    });
    const loggedIn = await login(
      { roll_number: signed.data.roll_number, date_of_birth: '15/08/2011' },
      { baseUrl },
    );
    expect(loggedIn.success).toBe('true');
  });

  it('validates a coupon, and fails with the spec texts for a bad or empty one', async () => {
    const body = { exam_type: 'MOCK-NEET', coupon_code: 'NEET50', class_stream: '12&SOM' };
    const applied = await validateCoupon(body, { baseUrl });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/coupon/validate', body });
    expect(applied).toMatchObject({
      message: 'Success: Coupon Applied Successfully',
      data: { exam_discount_amount: 50, exam_fee: 200, amount_payable: 150 },
    });
    const invalid = await failure(validateCoupon({ ...body, coupon_code: 'NOPE' }, { baseUrl }));
    expect(invalid.message).toBe('Error: Invalid Coupon');
    const empty = await failure(validateCoupon({ ...body, coupon_code: ' ' }, { baseUrl }));
    expect(empty.message).toBe('Please enter a coupon code.');
  });
});

describe('caller identity', () => {
  it('starts a request, polls it pending, and after approval gets the token once', async () => {
    const started = await startCallerIdentity({ requestNonce: 'n0nce-from-the-client' }, { baseUrl });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/caller-identity',
      body: { requestNonce: 'n0nce-from-the-client' },
    });
    expect(started.ttl_ms).toBe(24_000);
    const params = { requestId: started.requestId };

    expect(await pollCallerIdentity(params, { baseUrl })).toEqual({
      status: 'pending',
      mobile: '',
      firstName: '',
      lastName: '',
      email: '',
    });
    expect(seen[1]).toMatchObject({ method: 'GET', url: callerIdentityPollPath(params) });
    expect(callerIdentityPollPath(params)).toBe(`/api/caller-identity/${started.requestId}`);

    const approved = await t.call({
      method: 'POST',
      url: `/sandbox/caller-identity/${started.requestId}/approve`,
      payload: 'mobile=9811100050&first_name=Meera&last_name=Iyer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.statusCode).toBe(200);
    const verified = await pollCallerIdentity(params, { baseUrl });
    expect(verified).toMatchObject({ status: 'verified', mobile: '9811100050', firstName: 'Meera' });
    expect(verified.registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await pollCallerIdentity(params, { baseUrl })).registration_token).toBeUndefined();
  });

  it('an unknown request fails with the server message', async () => {
    const error = await failure(pollCallerIdentity({ requestId: 'no-such-request' }, { baseUrl }));
    expect(error.status).toBeGreaterThanOrEqual(400);
  });
});
