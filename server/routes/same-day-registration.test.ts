// Same-day registration (part 2 §1 and §9): iACST offers today's date until 9 PM India
// time (schedule.firstDay 'today', sameDayRegistrationClosesAt '21:00'); from 9 PM the first date
// is tomorrow, for the date list, signup and the edit-exam dates alike.
import { afterEach, describe, expect, it } from 'vitest';
import { iacstSignupBody, testApp, type TestApp } from '../../tests/support/server-harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const firstDate = async (app: TestApp, examType: string) => {
  const answer = await app.call({ method: 'GET', url: `/api/exam/dates?exam_type=${examType}` });
  return ((answer.data.data as { value: string }[])[0] ?? { value: '' }).value;
};

async function signupFor(app: TestApp, mobile: string, examDate: string) {
  await app.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=iACST` });
  const { data: sms } = await app.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const otp = (sms as unknown as { otp: string }[])[0]?.otp ?? '';
  const verified = await app.call({
    method: 'POST',
    url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=iACST`,
  });
  return app.call({
    method: 'POST',
    url: '/api/signup',
    headers: { 'x-registration-token': String(verified.data.registration_token) },
    payload: iacstSignupBody(mobile, { exam_date: examDate }),
  });
}

describe('same-day registration', () => {
  it('iACST offers today until 8:59 PM, and a signup for today then goes through', async () => {
    t = await testApp({ start: new Date('2026-03-10T20:59:00+05:30') });
    expect(await firstDate(t, 'iACST')).toBe('2026-03-10');
    const signup = await signupFor(t, '9844400101', '2026-03-10');
    expect(signup.statusCode, signup.body).toBe(200);
  });

  it('from 9 PM iACST offers tomorrow first, and refuses a signup for today', async () => {
    t = await testApp({ start: new Date('2026-03-10T21:00:00+05:30') });
    expect(await firstDate(t, 'iACST')).toBe('2026-03-11');
    const signup = await signupFor(t, '9844400102', '2026-03-10');
    expect(signup.statusCode).toBe(400);
    expect(signup.data.msg).toMatch(/date/i);
  });

  it('the edit-exam dates follow the same cut-off', async () => {
    const dates = async (app: TestApp) => {
      const headers = await app.login('250000000001', '05/01/2008');
      const answer = await app.call({
        method: 'POST',
        url: '/api/exam-dates',
        headers,
        payload: { exam_mode: 'Online', branch_code: 'DL001', class_and_stream: '11&SOM' },
      });
      return Object.keys(answer.data.data as Record<string, string>)[0];
    };
    t = await testApp({ start: new Date('2026-03-10T20:30:00+05:30') });
    expect(await dates(t)).toBe('2026-03-10');
    t.clock.set(new Date('2026-03-10T21:00:00+05:30'));
    expect(await dates(t)).toBe('2026-03-11');
  });
});
