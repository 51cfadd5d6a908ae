import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const ROLL = '250000000001';
const MOBILE = '9000000001';
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const requestOtp = (login_id: string) =>
  t.call({ method: 'POST', url: '/api/recover/otp', payload: { login_id } });
const verify = (body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/recover/verify', payload: body });
async function lastOtp(mobile: string): Promise<string> {
  const { data } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const list = data as unknown as { otp: string | null; text: string }[];
  const otp = list[0]?.otp;
  if (!otp) throw new Error('no OTP sent');
  return otp;
}

describe('credential recovery', () => {
  it('a roll number gets its details by SMS straight away, with masked contacts in the answer', async () => {
    const response = await requestOtp(ROLL);
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      success: 'true',
      msg: 'Your login details have been sent to your registered mobile number 90******01.',
      data: { is_mobile: false, otp_id: '', email: 'aa******mo@example.com', mobile_number: '90******01' },
    });
    const { data } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${MOBILE}` });
    expect((data as unknown as { text: string }[])[0]?.text).toBe(
      'Your Demo Academy roll number is 250000000001 and your password (date of birth) is 05/01/2008.',
    );
  });

  it('sends the details once per 45 seconds, then with growing waits past 5 an hour; a failed send counts nothing', async () => {
    const texts = async () =>
      (
        (await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${MOBILE}` }))
          .data as unknown as unknown[]
      ).length;
    t.clock.advance(60 * 60_000);
    const before = await texts();
    expect((await requestOtp(ROLL)).statusCode).toBe(200);
    const again = await requestOtp(ROLL);
    expect(again.statusCode).toBe(429);
    // It says when to ask again, for a client that reads Retry-After.
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(40);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(45);
    expect(again.data.msg).toMatch(
      /^Your login details were just sent\. Please wait \d+ seconds before asking again\.$/,
    );
    expect(await texts()).toBe(before + 1);
    // The provider fails: nothing went out, and nothing is counted.
    t.clock.advance(46_000);
    await t.call({ method: 'POST', url: '/sandbox/sms/settings', payload: { mode: 'fail', mobile: MOBILE } });
    expect((await requestOtp(ROLL)).statusCode).toBe(503);
    await t.call({ method: 'POST', url: '/sandbox/sms/settings', payload: { mode: 'none' } });
    for (let sent = 2; sent <= 5; sent++) {
      expect((await requestOtp(ROLL)).statusCode).toBe(200);
      t.clock.advance(46_000);
    }
    // Past five an hour, each next text waits longer (2 minutes, then 4, …), never the rest of
    // the hour: whoever asks, the owner gets her details within the wait it states.
    const sixth = await requestOtp(ROLL);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.data.msg).toMatch(
      /^Your login details were just sent\. Please wait \d+ seconds before asking again\.$/,
    );
    t.clock.advance(Number(sixth.headers['retry-after']) * 1000);
    expect((await requestOtp(ROLL)).statusCode).toBe(200);
    t.clock.advance(46_000);
    const eighth = await requestOtp(ROLL);
    expect(eighth.statusCode).toBe(429);
    expect(eighth.data.msg).toMatch(
      /^Too many requests for this number's login details\. Please try again in 4 minutes\.$/,
    );
    expect(Number(eighth.headers['retry-after'])).toBe(4 * 60 - 46);
    expect(await texts()).toBe(before + 6);
    t.clock.advance(60 * 60_000);
  });

  it('a mobile number gets a 4-digit OTP (never in the answer), then the roll number and date of birth', async () => {
    const sent = await requestOtp(MOBILE);
    expect(sent.data).toMatchObject({
      success: 'true',
      data: { is_mobile: true, mobile_number: '90******01' },
    });
    const otpId = String((sent.data.data as { otp_id: string }).otp_id);
    const otp = await lastOtp(MOBILE);
    expect(otp).toMatch(/^\d{4}$/);
    // No value of the answer is the code (it may occur inside the OTP's random id: 67110f40-…).
    const values: string[] = [];
    JSON.parse(sent.body, (_key, value: unknown) => (values.push(String(value)), value));
    expect(values).not.toContain(otp);
    const ok = await verify({ otp_id: otpId, otp, login_id: MOBILE, resendUserDetails: false });
    expect(ok.data).toEqual({
      success: 'true',
      msg: 'OTP verified.',
      data: {
        email: 'aa******mo@example.com',
        mobile_number: '90******01',
        roll_number: ROLL,
        dob: '05-01-2008',
      },
    });
    // single use, but "resend details" with the same code works while it is valid
    expect((await verify({ otp_id: otpId, otp, login_id: MOBILE, resendUserDetails: false })).data.msg).toBe(
      'This OTP has already been used. Please request a new one.',
    );
    const resend = await verify({ otp_id: otpId, otp, login_id: MOBILE, resendUserDetails: true });
    expect(resend.data.msg).toBe('Your login details have been sent to your mobile number.');
    // Both texts name the site's brand, and the password as the login asks for it (DD/MM/YYYY).
    const { data: texts } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${MOBILE}` });
    const [details, code] = texts as unknown as { text: string }[];
    expect(details?.text).toBe(
      'Your Demo Academy roll number is 250000000001 and your password (date of birth) is 05/01/2008.',
    );
    expect(code?.text).toBe(
      `${otp} is your Demo Academy OTP to recover your login details. It is valid for 10 minutes.`,
    );
  });

  it('refuses a new OTP within 45 seconds, and more than 5 an hour', async () => {
    t.clock.advance(60_000);
    expect((await requestOtp(MOBILE)).statusCode).toBe(200);
    const soon = await requestOtp(MOBILE);
    expect(soon.statusCode).toBe(429);
    expect(soon.data.msg).toMatch(/^Please wait \d+ seconds before asking for a new OTP\.$/);
    let status = 0;
    for (let i = 0; i < 4; i++) {
      t.clock.advance(46_000);
      status = (await requestOtp(MOBILE)).statusCode;
    }
    expect(status).toBe(429); // 2 before this test + 1 + 3 = 5 in the hour; the 6th is refused
    t.clock.advance(3_600_000);
    expect((await requestOtp(MOBILE)).statusCode).toBe(200);
  });

  it('allows 5 wrong tries per code, with error_code 1, and expires codes after 10 minutes', async () => {
    t.clock.advance(60_000);
    const sent = await requestOtp(MOBILE);
    const otpId = String((sent.data.data as { otp_id: string }).otp_id);
    const otp = await lastOtp(MOBILE);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const response = await verify({
        otp_id: otpId,
        otp: wrong,
        login_id: MOBILE,
        resendUserDetails: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.data.error_code).toBe(1);
    }
    expect((await verify({ otp_id: otpId, otp, login_id: MOBILE, resendUserDetails: false })).data.msg).toBe(
      'Too many wrong attempts. Please request a new OTP.',
    );
    t.clock.advance(60_000);
    const next = await requestOtp(MOBILE);
    const nextId = String((next.data.data as { otp_id: string }).otp_id);
    const code = await lastOtp(MOBILE);
    t.clock.advance(10 * 60_000 + 1);
    expect(
      (await verify({ otp_id: nextId, otp: code, login_id: MOBILE, resendUserDetails: false })).data.msg,
    ).toBe('This OTP has expired. Please request a new one.');
  });

  it('answers unknown numbers and bad input clearly', async () => {
    expect((await requestOtp('9999999999')).data).toEqual({
      success: 'false',
      msg: 'No registration found for this mobile number.',
    });
    expect((await requestOtp('999999999999')).data).toEqual({
      success: 'false',
      msg: 'No registration found for this roll number.',
    });
    const bad = await requestOtp('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toBe(
      'Invalid login_id: "12345" is not valid: a 10-digit mobile number or a 12-digit roll number.',
    );
  });
});

describe('API basics', () => {
  it('lists every route in the OpenAPI document and the docs page', async () => {
    const doc = await t.call({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys((doc.data as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/session',
        '/api/recover/otp',
        '/api/recover/verify',
      ]),
    );
    const page = await t.call({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    // Swagger UI (server/api/openapi.test.ts checks it further): its scripts from this server only.
    expect(page.body).toContain('swagger-ui-bundle.js');
  });

  it('answers unknown API paths, malformed JSON and oversized bodies with JSON errors', async () => {
    expect((await t.call({ method: 'GET', url: '/api/nope' })).data).toEqual({
      success: 'false',
      msg: 'This API call does not exist.',
    });
    const malformed = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: '{"roll_number": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.data).toEqual({ success: 'false', msg: 'The request body is not valid JSON.' });
    const huge = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { roll_number: 'x'.repeat(70_000), date_of_birth: '01/01/2000' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.data).toEqual({ success: 'false', msg: 'The request is too large.' });
  });
});
