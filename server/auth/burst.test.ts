// A burst (1,000 OTP sends from one address, 1,000 logins for one roll number), all
// in flight together. The throttles hold exactly (counted atomically: requests that arrive together
// cannot all pass a limit), the server stays up, and other students, from other addresses, send an
// OTP and log in during and after the burst.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const START = new Date('2025-04-01T06:00:00Z');
const PER_ADDRESS = 100;
const BURST = 1_000;
// Demo students (server/seed/demo-students.json).
const VICTIM = { roll_number: '250000000001', date_of_birth: '05/01/2008' };
const OTHER = { roll_number: '250000000002', date_of_birth: '14/03/2011' };
const THIRD = { roll_number: '250000000003', date_of_birth: '22/07/2007' };

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    start: START,
    config: { sms: { timeoutMs: 5_000, otpSendsPerAddressPerHour: PER_ADDRESS } },
  });
});
afterAll(async () => t.close());

const sendOtp = (mobile: string, from: string) =>
  t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`, remoteAddress: from });
const login = (body: object, from: string) =>
  t.call({ method: 'POST', url: '/api/login', payload: body, remoteAddress: from });
const smsCount = async (mobiles: string[]) =>
  (await t.db.selectFrom('sms_messages').select('mobile').where('mobile', 'in', mobiles).execute()).length;

/** How many answers had each status. */
function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/** Fires `count` requests at once, with one bystander's request sent in the middle of them. */
async function burst<T>(
  count: number,
  one: (i: number) => Promise<{ statusCode: number }>,
  bystander: () => Promise<T>,
) {
  const requests = Array.from({ length: count }, (_, i) => one(i));
  const during = bystander();
  const answers = await Promise.all(requests);
  return { statuses: tally(answers.map((a) => a.statusCode)), during: await during };
}

describe('a burst of OTP sends from one address', () => {
  it('to one number: one code goes out, every other request is a 429, and another student is unaffected', async () => {
    const target = '9822200000';
    const { statuses, during } = await burst(
      BURST,
      () => sendOtp(target, '10.66.0.1'),
      () => sendOtp('9822200999', '10.77.0.1'),
    );
    expect(statuses).toEqual({ 200: 1, 429: BURST - 1 });
    expect(await smsCount([target])).toBe(1);
    expect(during.statusCode, during.body).toBe(200);
  });

  it(`to ${BURST} numbers: the address gets ${PER_ADDRESS} codes an hour, and another address is unaffected`, async () => {
    const mobiles = Array.from({ length: BURST }, (_, i) => String(9833300000 + i));
    const { statuses, during } = await burst(
      BURST,
      (i) => sendOtp(mobiles[i] ?? '', '10.66.0.2'),
      () => sendOtp('9822200998', '10.77.0.2'),
    );
    expect(statuses).toEqual({ 200: PER_ADDRESS, 429: BURST - PER_ADDRESS });
    expect(await smsCount(mobiles)).toBe(PER_ADDRESS);
    expect(during.statusCode, during.body).toBe(200);
    const refused = await sendOtp('9844400000', '10.66.0.2');
    expect(refused.data.msg).toBe('Too many OTP requests from this network. Please try again in 60 minutes.');
    // After the burst, another student from another address still gets a code.
    expect((await sendOtp('9822200997', '10.77.0.3')).statusCode).toBe(200);
  });
});

describe('a burst of logins for one roll number', () => {
  it('lets 5 wrong guesses through, answers 429 to the rest, and other students log in during and after it', async () => {
    const wrong = { ...VICTIM, date_of_birth: '01/01/2001' };
    const { statuses, during } = await burst(
      BURST,
      () => login(wrong, '10.66.0.3'),
      () => login(OTHER, '10.77.0.4'),
    );
    expect(statuses).toEqual({ 401: 5, 429: BURST - 5 });
    expect(during.statusCode, during.body).toBe(200);
    // The student the burst aimed at still logs in from their own address, and so does another.
    expect((await login(VICTIM, '10.77.0.5')).statusCode).toBe(200);
    expect((await login(OTHER, '10.77.0.6')).statusCode).toBe(200);
    // The server is up and answering everything else.
    expect((await t.call({ method: 'GET', url: '/api/master?masterKey=state_master' })).statusCode).toBe(200);
  });
});

describe('a burst of right logins', () => {
  // More right logins in flight together than a limit: here the roll number's (10 free tries a day),
  // from many addresses; a school's lab or a mobile network's shared address meets the address's
  // limit the same way. Those over it may be told to wait; none was a wrong try, so nothing stays
  // counted or locked once they are answered. (On PostgreSQL the refused tries stayed counted, and
  // the student was locked out for 5 minutes.)
  const throttle = async (key: string) =>
    t.db.selectFrom('throttles').select(['count', 'locked_until']).where('key', '=', key).executeTakeFirst();

  it('for one student from many addresses leaves the student free to log in', async () => {
    const { statuses } = await burst(
      100,
      (i) => login(THIRD, `10.88.0.${i}`),
      async () => undefined,
    );
    expect(statuses[200]).toBeGreaterThan(0);
    expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '429')).toEqual([]);
    expect(await throttle('cred-roll:250000000003')).toEqual({ count: 0, locked_until: null });
    expect((await login(THIRD, '10.88.1.1')).statusCode).toBe(200);
  });
});
