// The code's length is the site config's otp.length (decision 038): the server makes codes of that
// many digits, says so with each send (registration and recovery), and a shorter guess is no match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDir } from '../../src/engine/node/paths';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp } from '../../tests/support/server-harness';

let t: TestApp;
beforeAll(async () => {
  const site = loadConfig(configDir());
  t = await testApp({
    start: new Date('2025-04-01T06:00:00Z'),
    site: { ...site, site: { ...site.site, otp: { length: 6 } } },
  });
});
afterAll(async () => t.close());

const lastOtp = async (mobile: string) =>
  String(
    (
      (await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` })).data as unknown as {
        otp: string;
      }[]
    )[0]?.otp,
  );

describe('a six-digit OTP by config', () => {
  it('registration: the send says 6, the SMS has 6 digits, 4 of them are no match, all 6 verify', async () => {
    const sent = await t.call({ method: 'POST', url: '/api/otp/send?mobile=9811100091&exam_type=MOCK-NEET' });
    expect(sent.data.data).toEqual({ mobile_no: '9811100091', otp_length: 6 });
    const otp = await lastOtp('9811100091');
    expect(otp).toMatch(/^\d{6}$/);
    const short = await t.call({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=9811100091&otp=${otp.slice(0, 4)}&exam_type=MOCK-NEET`,
    });
    expect(short.statusCode).toBe(400);
    const right = await t.call({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=9811100091&otp=${otp}&exam_type=MOCK-NEET`,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('recovery: the send says 6 too', async () => {
    const sent = await t.call({
      method: 'POST',
      url: '/api/recover/otp',
      payload: { login_id: '9000000003' },
    });
    expect(sent.data.data).toMatchObject({ is_mobile: true, otp_length: 6 });
    expect(await lastOtp('9000000003')).toMatch(/^\d{6}$/);
  });
});
