// The SMS provider fails or is slow. The server waits no longer than its SMS timeout,
// answers a 503 in the request's language, and a send that did not go out costs the student
// nothing: no OTP, no resend wait, no send counted against the hourly limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp, iacstSignupBody } from '../../tests/support/server-harness';

// 1 April 2025, 11:30 in India: MOCK-NEET registration is open.
const START = new Date('2025-04-01T06:00:00Z');
const TIMEOUT_MS = 150;
const OTP_FAILED = 'We could not send the OTP just now. Please try again.';
const OTP_FAILED_HI = 'अभी ओटीपी नहीं भेजा जा सका। कृपया फिर से कोशिश करें।';
// A demo student (server/seed): recovery sends to this number.
const DEMO = { roll: '250000000001', mobile: '9000000001' };

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    start: START,
    config: { sms: { timeoutMs: TIMEOUT_MS, otpSendsPerAddressPerHour: 100 } },
  });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await setSms({ mode: 'none', slow_ms: 10_000, mobile: null });
  t.clock.advance(60 * 60_000); // every test starts with no resend wait or hourly count
});

const setSms = (payload: object) => t.call({ method: 'POST', url: '/sandbox/sms/settings', payload });
const sendOtp = (mobile: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`, headers });
const verifyOtp = (mobile: string, otp: string) =>
  t.call({ method: 'POST', url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=MOCK-NEET` });
async function outbox(mobile: string): Promise<{ otp: string | null; text: string }[]> {
  const { data } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  return data as unknown as { otp: string | null; text: string }[];
}
const otpRows = (mobile: string) =>
  t.db.selectFrom('otps').select('id').where('mobile', '=', mobile).execute();

describe('the sandbox SMS switch', () => {
  it('says how the provider behaves and the server timeout, and changes on request', async () => {
    expect((await t.call({ method: 'GET', url: '/sandbox/sms/settings' })).data).toEqual({
      mode: 'none',
      slow_ms: 10_000,
      mobile: null,
      timeout_ms: TIMEOUT_MS,
    });
    const set = await setSms({ mode: 'fail' });
    expect(set.data).toEqual({ mode: 'fail', slow_ms: 10_000, mobile: null, timeout_ms: TIMEOUT_MS });
    expect((await setSms({ mode: 'sometimes' })).statusCode).toBe(400);
  });
});

describe('a failing SMS provider', () => {
  it('for one number only, when the switch names it: other numbers are sent to as usual', async () => {
    await setSms({ mode: 'fail', mobile: '9811100009' });
    expect((await sendOtp('9811100009')).statusCode).toBe(503);
    expect((await sendOtp('9811100010')).statusCode).toBe(200);
  });

  it('answers 503 with a clear message in the page language, and the student can try again at once', async () => {
    const mobile = '9811100001';
    await setSms({ mode: 'fail' });
    const failed = await sendOtp(mobile);
    expect(failed.statusCode).toBe(503);
    expect(failed.data).toEqual({ success: 'false', msg: OTP_FAILED });
    const hindi = await sendOtp(mobile, { 'accept-language': 'hi' });
    expect([hindi.statusCode, hindi.data.msg]).toEqual([503, OTP_FAILED_HI]);
    expect(await otpRows(mobile)).toEqual([]);
    expect(await outbox(mobile)).toEqual([]);

    await setSms({ mode: 'none' });
    // No resend wait: the same second, the send goes through and its code verifies.
    const sent = await sendOtp(mobile);
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = await outbox(mobile);
    expect((await verifyOtp(mobile, String(sms?.otp))).statusCode).toBe(200);
    // A code that did go out starts the resend wait as before.
    const again = await sendOtp(mobile);
    expect(again.statusCode).toBe(429);
    expect(again.data.msg).toMatch(/^Please wait \d+ seconds before asking for a new OTP\.$/);
  });

  it('counts no failed send against the five codes an hour', async () => {
    const mobile = '9811100002';
    await setSms({ mode: 'fail' });
    for (let i = 0; i < 8; i++) expect((await sendOtp(mobile)).statusCode).toBe(503);
    await setSms({ mode: 'none' });
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(mobile)).statusCode).toBe(200);
      t.clock.advance(46_000);
    }
    // The sixth code of the hour is refused, as before.
    const sixth = await sendOtp(mobile);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.data.msg).toMatch(/^Too many OTP requests for this number/);
  });

  it('leaves the code sent before it valid', async () => {
    const mobile = '9811100003';
    expect((await sendOtp(mobile)).statusCode).toBe(200);
    const [earlier] = await outbox(mobile);
    t.clock.advance(46_000);
    await setSms({ mode: 'fail' });
    expect((await sendOtp(mobile)).statusCode).toBe(503);
    expect((await verifyOtp(mobile, String(earlier?.otp))).statusCode).toBe(200);
  });

  it('recovery: an OTP or the details that could not be sent answer 503, and the next try works', async () => {
    await setSms({ mode: 'fail' });
    const byMobile = await t.call({
      method: 'POST',
      url: '/api/recover/otp',
      payload: { login_id: DEMO.mobile },
    });
    expect([byMobile.statusCode, byMobile.data.msg]).toEqual([503, OTP_FAILED]);
    const byRoll = await t.call({
      method: 'POST',
      url: '/api/recover/otp',
      payload: { login_id: DEMO.roll },
      headers: { 'accept-language': 'hi' },
    });
    expect([byRoll.statusCode, byRoll.data.msg]).toEqual([
      503,
      'अभी एसएमएस नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
    ]);
    await setSms({ mode: 'none' });
    const retry = await t.call({
      method: 'POST',
      url: '/api/recover/otp',
      payload: { login_id: DEMO.mobile },
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

describe('a slow SMS provider', () => {
  it('is given up on at the timeout: 503, and a message it sends late is never recorded', async () => {
    const mobile = '9811100004';
    // Slower than the timeout, short enough for the test to see that the late send never lands.
    await setSms({ mode: 'slow', slow_ms: TIMEOUT_MS * 4 });
    const started = performance.now();
    const slow = await sendOtp(mobile);
    const took = performance.now() - started;
    expect([slow.statusCode, slow.data.msg]).toEqual([503, OTP_FAILED]);
    // Answered at the timeout, not when the provider would have finished.
    expect(took).toBeLessThan(TIMEOUT_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 5));
    expect(await outbox(mobile)).toEqual([]);
    expect(await otpRows(mobile)).toEqual([]);
    await setSms({ mode: 'none' });
    expect((await sendOtp(mobile)).statusCode).toBe(200);
  });

  it('takes 10 s by default, and the request still answers at the timeout', async () => {
    await setSms({ mode: 'slow' });
    const started = performance.now();
    const slow = await sendOtp('9811100005', { 'accept-language': 'hi' });
    expect([slow.statusCode, slow.data.msg]).toEqual([503, OTP_FAILED_HI]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a registration while the SMS provider hangs', () => {
  it('answers the signup without waiting for the login details SMS (the provider would take 30 s)', async () => {
    // Its own server: an SMS timeout far beyond the test's, so a signup that waited would not answer.
    const app = await testApp({
      start: START,
      config: { sms: { timeoutMs: 60_000, otpSendsPerAddressPerHour: 100 } },
    });
    try {
      const mobile = '9811100006';
      const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
        app.call({ method, url, ...(payload ? { payload } : {}), headers });
      await call('POST', '/sandbox/sms/settings', { mode: 'none', mobile: null });
      expect((await call('POST', `/api/otp/send?mobile=${mobile}&exam_type=iACST`)).statusCode).toBe(200);
      const [{ otp } = { otp: '' }] = (await call('GET', `/sandbox/messages?mobile=${mobile}`))
        .data as unknown as { otp: string }[];
      const verified = await call('POST', `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=iACST`);
      const headers = { 'x-registration-token': String(verified.data.registration_token) };
      await call('POST', '/sandbox/sms/settings', { mode: 'slow', slow_ms: 30_000, mobile });
      const signup = await call('POST', '/api/signup', iacstSignupBody(mobile), headers);
      expect(signup.statusCode, signup.body).toBe(200);
      expect(signup.data).toMatchObject({ success: 'true', msg: 'Registration Successful' });
    } finally {
      await app.call({ method: 'POST', url: '/sandbox/sms/settings', payload: { mode: 'none' } });
      await app.close();
    }
  });
});
