import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness';

const ROLL = '250000000001';
const DOB = '05/01/2008';
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const login = (body: object, remoteAddress = '10.0.0.1', host = 'localhost:3000') =>
  t.call({ method: 'POST', url: '/api/login', payload: body, remoteAddress, headers: { host } });

describe('POST /api/login', () => {
  it('logs a student in with roll number and date of birth in any of the accepted formats', async () => {
    for (const dob of [DOB, '05-01-2008', '2008-01-05']) {
      const response = await login({ roll_number: ROLL, date_of_birth: dob });
      expect(response.statusCode).toBe(200);
      expect(response.data).toMatchObject({
        success: 'true',
        msg: 'Login successful',
        dashboard_url: 'http://localhost:3000/dashboard',
      });
      expect(String(response.data.token)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect(response.headers['set-cookie']).toContain('ef_session=1');
    }
  });

  it('stores only a hash of the token', async () => {
    const { data } = await login({ roll_number: ROLL, date_of_birth: DOB });
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === data.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('sends the student to the dashboard on the host of their exam type', async () => {
    const { data } = await login(
      { roll_number: ROLL, date_of_birth: DOB },
      '10.0.0.1',
      'mock-neet.localhost:3000',
    );
    expect(data.dashboard_url).toBe('http://localhost:3000/dashboard');
  });

  it('answers a wrong date of birth or an unknown roll number with 401 and the same message', async () => {
    const wrong = await login({ roll_number: ROLL, date_of_birth: '06/01/2008' }, '10.0.0.2');
    const unknown = await login({ roll_number: '999999999999', date_of_birth: DOB }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.data).toEqual({
      success: 'false',
      msg: expect.stringContaining('Invalid roll number or password'),
    });
    expect(unknown.data.msg).toBe(wrong.data.msg);
  });

  it.each([
    [
      { roll_number: '12345', date_of_birth: DOB },
      'Invalid roll_number: "12345" is not valid: a roll number is 12 digits.',
    ],
    [{ roll_number: ROLL }, 'Invalid request: missing required property "date_of_birth".'],
    [
      { roll_number: ROLL, date_of_birth: DOB, admin: true },
      'Invalid request: unknown property "admin" (check its spelling against the schema).',
    ],
    [{ roll_number: 250000000001, date_of_birth: DOB }, 'Invalid roll_number: must be string, not number.'],
  ])('rejects bad input %j with a clear 400', async (body, msg) => {
    const response = await login(body, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({ success: 'false', msg });
  });

  it('locks a roll number and address pair after 5 wrong tries, without locking the student out elsewhere', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ roll_number: ROLL, date_of_birth: '01/01/2001' }, '10.9.9.9')).statusCode).toBe(
        401,
      );
    const locked = await login({ roll_number: ROLL, date_of_birth: DOB }, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.data.msg).toMatch(/Too many login attempts\. Please try again in 15 minutes\./);
    expect((await login({ roll_number: ROLL, date_of_birth: DOB }, '10.8.8.8')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login({ roll_number: ROLL, date_of_birth: DOB }, '10.9.9.9')).statusCode).toBe(200);
  });

  it('limits one address trying many roll numbers', async () => {
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (await login({ roll_number: String(300000000000 + i), date_of_birth: DOB }, '10.7.7.7'))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sessions', () => {
  const session = (headers: { authorization: string }) =>
    t.call({ method: 'GET', url: '/api/session', headers });

  it('expire after 12 hours idle', async () => {
    const auth = await t.login(ROLL, DOB);
    expect((await session(auth)).data).toMatchObject({
      success: 'true',
      data: { roll_number: ROLL, exam_type: 'iACST' },
    });
    t.clock.advance(11 * 60 * 60_000);
    expect((await session(auth)).statusCode).toBe(200); // activity keeps it alive
    t.clock.advance(11 * 60 * 60_000);
    expect((await session(auth)).statusCode).toBe(200);
    t.clock.advance(12 * 60 * 60_000 + 1000);
    expect((await session(auth)).statusCode).toBe(401);
  });

  it('expire 7 days after login however active the student is', async () => {
    const auth = await t.login(ROLL, DOB);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      t.clock.advance(6 * 60 * 60_000);
      expect((await session(auth)).statusCode).toBe(200);
    }
    t.clock.advance(6 * 60 * 60_000);
    expect((await session(auth)).statusCode).toBe(401);
  });

  it('end at logout: the token stops working and the marker cookie is cleared', async () => {
    const auth = await t.login(ROLL, DOB);
    const out = await t.call({ method: 'POST', url: '/api/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toContain('ef_session=; Path=/; Max-Age=0');
    const again = await t.call({ method: 'POST', url: '/api/logout', headers: auth });
    expect(again.statusCode).toBe(401);
    expect(again.data).toEqual({ success: 'false', msg: 'Your session has expired. Please log in again.' });
  });

  it('refuse missing or malformed tokens', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer short',
      'Basic abc',
      `Bearer ${'x'.repeat(43)}`,
    ]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/logout',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
