// Login, session, logout and credential recovery: each fetcher against the real server on a real
// port (no fake fetch), checking the request the server received and the reply the fetcher parsed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { failure, lastOtp, listen } from './endpoints.test-support';
import { login } from './login';
import { logout } from './logout';
import { requestRecoveryOtp } from './recover-otp';
import { verifyRecoveryOtp } from './recover-verify';
import { fetchSession, sessionKey } from './session';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

let t: TestApp;
let baseUrl = '';
let seen: Seen[] = [];
beforeAll(async () => {
  t = await testApp();
  t.app.addHook('preHandler', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: request.body,
    });
  });
  baseUrl = await listen(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  seen = [];
});

describe('login, session and logout', () => {
  it('logs in with the roll number and date of birth, then the session reads and logout ends it', async () => {
    const reply = await login({ roll_number: '250000000001', date_of_birth: '05/01/2008' }, { baseUrl });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/login',
      body: { roll_number: '250000000001', date_of_birth: '05/01/2008' },
    });
    expect(reply).toMatchObject({ success: 'true', msg: 'Login successful' });
    expect(reply.dashboard_url).toMatch(/\/dashboard$/);
    expect(reply.token.length).toBeGreaterThan(20);

    const session = await fetchSession(reply.token, { baseUrl });
    expect(seen[1]).toMatchObject({
      method: 'GET',
      url: '/api/session',
      authorization: `Bearer ${reply.token}`,
    });
    expect(session.data).toMatchObject({ roll_number: '250000000001', exam_type: 'iACST' });
    expect(sessionKey(reply.token)).toEqual(['/api/session', reply.token]);

    expect(await logout(reply.token, { baseUrl })).toEqual({
      success: 'true',
      msg: 'You have been logged out.',
    });
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/api/logout' });
    const expired = await failure(fetchSession(reply.token, { baseUrl }));
    expect(expired.status).toBe(401);
  });

  it("fails with the server's msg for a wrong date of birth", async () => {
    const error = await failure(
      login({ roll_number: '250000000002', date_of_birth: '01/01/2001' }, { baseUrl }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Invalid roll number or password. Your password is your date of birth (DD/MM/YYYY).',
    );
  });
});

describe('credential recovery', () => {
  it('a mobile number gets an OTP, and the OTP the roll number and date of birth', async () => {
    const sent = await requestRecoveryOtp({ login_id: '9000000003' }, { baseUrl });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/recover/otp',
      body: { login_id: '9000000003' },
    });
    expect(sent.data.is_mobile).toBe(true);
    expect(sent.data.otp_id).not.toBe('');
    expect(sent.data.mobile_number).not.toContain('9000000003');

    const otp = await lastOtp(t, '9000000003');
    const body = { otp_id: sent.data.otp_id, otp, login_id: '9000000003', resendUserDetails: false };
    const verified = await verifyRecoveryOtp(body, { baseUrl });
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/api/recover/verify', body });
    expect(verified).toMatchObject({
      success: 'true',
      msg: 'OTP verified.',
      data: { roll_number: '250000000003', dob: '22-07-2007' },
    });

    const again = await verifyRecoveryOtp({ ...body, resendUserDetails: true }, { baseUrl });
    expect(again.msg).toBe('Your login details have been sent to your mobile number.');
  });

  it('a roll number gets its details by SMS without an OTP', async () => {
    const sent = await requestRecoveryOtp({ login_id: '250000000004' }, { baseUrl });
    expect(sent.data).toMatchObject({ is_mobile: false, otp_id: '' });
    expect(sent.msg).toMatch(/^Your login details have been sent/);
  });

  it("a wrong OTP or an unknown number fails with the server's msg", async () => {
    const sent = await requestRecoveryOtp({ login_id: '9000000005' }, { baseUrl });
    const otp = await lastOtp(t, '9000000005');
    const wrong = await failure(
      verifyRecoveryOtp(
        {
          otp_id: sent.data.otp_id,
          otp: otp === '0000' ? '1111' : '0000',
          login_id: '9000000005',
          resendUserDetails: false,
        },
        { baseUrl },
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.message).not.toBe('Something went wrong');
    const unknown = await failure(requestRecoveryOtp({ login_id: '9999999990' }, { baseUrl }));
    expect([unknown.status, unknown.message]).toEqual([404, 'No registration found for this mobile number.']);
  });
});
