// One budget per secret, on every door (decision 038): the roll number + date of birth that login
// and the result page both check, and the one-time codes. Requests are sent together to two servers
// on one database (on PostgreSQL each with its own pool, so their counts interleave in the database),
// from many addresses, as an attacker with a botnet would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondApp, testApp, type TestApp } from '../../tests/support/server-harness';
import { CREDENTIAL_RULES } from './credentials';

// 1 March 2026: student 05's result is out (server/seed/demo-students.json).
const START = new Date('2026-03-12T06:00:00Z');
const ROLL = '250000000005';
const DOB = '30/04/2007';
const ATTACK = 300;

let t: TestApp;
let other: Awaited<ReturnType<typeof secondApp>>;
beforeAll(async () => {
  t = await testApp({ start: START });
  other = await secondApp(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Door = '/api/login' | '/api/result';
const body = (door: Door, roll: string, dob: string) =>
  door === '/api/login' ? { roll_number: roll, date_of_birth: dob } : { roll_number: roll, dob };
/** The i-th request goes to one server or the other, from its own address. */
const tryDob = (door: Door, dob: string, from: string, i = 0, cookie?: string) =>
  (i % 2 ? other.call : t.call)({
    method: 'POST',
    url: door,
    payload: body(door, ROLL, dob),
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });
/** A wrong date for the i-th guess (never the right one). */
const wrongDob = (i: number) =>
  `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2006`;

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

describe('one budget for a roll number and date of birth, on every door', () => {
  let deviceCookie = '';

  it('a login leaves a trusted-device cookie the API alone reads', async () => {
    const response = await tryDob('/api/login', DOB, '10.40.0.1');
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers['set-cookie']].flat().map(String);
    const device = cookies.find((c) => c.startsWith('ef_device='));
    expect(device).toMatch(/; Path=\/api\/; HttpOnly; SameSite=Strict$/);
    deviceCookie = String(device).split(';')[0] ?? '';
    // Only the token's hash is stored.
    const rows = await t.db.selectFrom('trusted_devices').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(deviceCookie.split('=')[1]);
    expect(rows).toHaveLength(1);
  });

  it("a login clears the student's devices whose trust has ended, and keeps the live ones", async () => {
    const [{ student_id: studentId } = { student_id: '' }] = await t.db
      .selectFrom('trusted_devices')
      .select('student_id')
      .execute();
    await t.db
      .insertInto('trusted_devices')
      .values({
        token_hash: 'expired-device',
        student_id: studentId,
        created_at: '2020-01-01T00:00:00.000Z',
        expires_at: '2020-07-01T00:00:00.000Z',
      })
      .execute();
    expect((await tryDob('/api/login', DOB, '10.40.0.2')).statusCode).toBe(200);
    const hashes = (await t.db.selectFrom('trusted_devices').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(hashes).not.toContain('expired-device');
    expect(hashes).toHaveLength(2);
  });

  it(`${ATTACK} wrong dates at once from ${ATTACK} addresses, through login and the result page: at most the roll number's free tries are compared`, async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTACK }, (_, i) =>
        tryDob(i % 4 < 2 ? '/api/login' : '/api/result', wrongDob(i), `10.41.${i >> 8}.${i & 255}`, i),
      ),
    );
    const statuses = tally(answers.map((a) => a.statusCode));
    expect(Object.keys(statuses).sort()).toEqual(['401', '429']);
    expect(statuses[401]).toBeLessThanOrEqual(CREDENTIAL_RULES.roll.lockAfter);
    // Each refusal says how long to wait, and Retry-After says the same.
    const refused = answers.find((a) => a.statusCode === 429);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('then the right date answers as a wrong one does, on both doors (no oracle)', async () => {
    for (const door of ['/api/login', '/api/result'] as const) {
      const right = await tryDob(door, DOB, '10.42.0.1');
      const wrong = await tryDob(door, wrongDob(7), '10.42.0.2');
      expect(right.statusCode).toBe(429);
      expect(right.statusCode).toBe(wrong.statusCode);
      expect(right.data.msg).toBe(wrong.data.msg);
    }
  });

  it('the owner, on the browser she logged in from before, is let in during the attack', async () => {
    expect((await tryDob('/api/login', DOB, '10.43.0.1', 0, deviceCookie)).statusCode).toBe(200);
    expect((await tryDob('/api/result', DOB, '10.43.0.1', 1, deviceCookie)).statusCode).toBe(200);
    // The cookie counts for its own roll number only.
    const elsewhere = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { roll_number: '250000000001', date_of_birth: '01/01/2001' },
      remoteAddress: '10.43.0.1',
      headers: { cookie: deviceCookie },
    });
    expect(elsewhere.statusCode).toBe(401);
    const counted = await t.db
      .selectFrom('throttles')
      .select('count')
      .where('key', '=', 'cred-roll:250000000001')
      .executeTakeFirst();
    expect(counted?.count).toBe(1);
  });

  it('locks grow with each guess past the limit, each as long as its message says, and the owner gets in after it', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await tryDob('/api/login', wrongDob(i), `10.44.0.${i}`);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(refused.data.msg).toContain(`${Math.ceil(seconds / 60)} minute`);
      t.clock.advance(seconds * 1000);
      // The guess let through once the lock is over.
      expect((await tryDob('/api/login', wrongDob(i + 1), `10.44.1.${i}`)).statusCode).toBe(401);
      waits.push(seconds);
    }
    // 1, 2, 4, 8 minutes (the first as left over from the attack).
    expect(waits.slice(1)).toEqual([120, 240, 480]);
    const refused = await tryDob('/api/login', DOB, '10.45.0.1');
    expect(refused.statusCode).toBe(429);
    t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await tryDob('/api/login', DOB, '10.45.0.1')).statusCode).toBe(200);
  });

  it('no lock lasts beyond an hour, and a day later the free tries are back', async () => {
    for (let i = 0; i < 6; i++) {
      const refused = await tryDob('/api/result', wrongDob(i), `10.46.0.${i}`);
      t.clock.advance(Number(refused.headers['retry-after'] ?? 0) * 1000);
      await tryDob('/api/result', wrongDob(i), `10.46.1.${i}`);
    }
    const refused = await tryDob('/api/result', DOB, '10.46.2.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    t.clock.advance(24 * 3_600_000);
    expect((await tryDob('/api/result', DOB, '10.46.2.1')).statusCode).toBe(200);
  });
});

describe('one budget for a one-time code', () => {
  it(`${ATTACK} wrong codes at once, to two servers: at most 5 are compared`, async () => {
    const mobile = '9833300001';
    t.clock.advance(3_600_000);
    expect(
      (await t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET` }))
        .statusCode,
    ).toBe(200);
    const sms = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
    const otp = String((sms.data as unknown as { otp: string }[])[0]?.otp);
    const wrong = (i: number) => {
      const code = String(i % 10_000).padStart(4, '0');
      return code === otp ? String((i + 1) % 10_000).padStart(4, '0') : code;
    };
    const answers = await Promise.all(
      Array.from({ length: ATTACK }, (_, i) =>
        (i % 2 ? other.call : t.call)({
          method: 'POST',
          url: `/api/otp/verify?mobile_no=${mobile}&otp=${wrong(i)}&exam_type=MOCK-NEET`,
          remoteAddress: `10.47.${i >> 8}.${i & 255}`,
        }),
      ),
    );
    const compared = answers.filter((a) => a.statusCode === 400).length;
    expect(compared).toBeLessThanOrEqual(5);
    expect(compared + answers.filter((a) => a.statusCode === 429).length).toBe(ATTACK);
    // The right code is refused too now: the code is spent.
    const right = await t.call({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=MOCK-NEET`,
    });
    expect(right.statusCode).toBe(429);
  });
});

describe("one budget for a number's codes", () => {
  it('over many codes, at most 10 wrong a day are compared, then locks that grow; the right code after the lock passes', async () => {
    const mobile = '9833300002';
    t.clock.advance(24 * 3_600_000);
    const send = async () => {
      t.clock.advance(16 * 60_000); // past any resend wait
      const sent = await t.call({
        method: 'POST',
        url: `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const sms = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
      return String((sms.data as unknown as { otp: string }[])[0]?.otp);
    };
    const guess = (otp: string, i: number) =>
      t.call({
        method: 'POST',
        url: `/api/otp/verify?mobile_no=${mobile}&otp=${String((Number(otp) + 1 + i) % 10_000).padStart(4, '0')}&exam_type=MOCK-NEET`,
        remoteAddress: `10.48.0.${i}`,
      });
    let compared = 0;
    let refused: Awaited<ReturnType<typeof guess>> | undefined;
    // Four wrong guesses a code (each code allows five): the number's budget is what stops them.
    for (let code = 0; code < 4 && !refused; code++) {
      const otp = await send();
      for (let i = 0; i < 4; i++) {
        const answer = await guess(otp, i);
        if (answer.statusCode === 400) compared++;
        else {
          refused = answer;
          break;
        }
      }
    }
    expect(compared).toBe(10);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.data.msg).toBe('Too many wrong OTPs for this number. Please try again in 1 minutes.');
    // The owner's own code, once the stated wait is over.
    t.clock.advance(Number(refused?.headers['retry-after']) * 1000);
    const otp = await send();
    const right = await t.call({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=MOCK-NEET`,
    });
    expect(right.statusCode, right.body).toBe(200);
  });
});
