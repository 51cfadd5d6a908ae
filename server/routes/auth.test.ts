import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

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
    // As people write it too (domain/dates.ts normaliseDob, the same rule as the page's box).
    for (const dob of [DOB, '05-01-2008', '2008-01-05', '5/1/2008', ' 05.01.2008', '05 01 2008']) {
      const response = await login({ roll_number: ROLL, date_of_birth: dob });
      expect(response.statusCode).toBe(200);
      expect(response.data).toMatchObject({
        success: 'true',
        msg: 'Login successful',
        dashboard_url: 'http://localhost:3000/dashboard',
      });
      expect(String(response.data.token)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect([response.headers['set-cookie']].flat().some((c) => String(c).startsWith('ef_session=1;'))).toBe(
        true,
      );
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
    expect(data.dashboard_url).toMatch(/^http:\/\/localhost:3000\/dashboard\?handoff=[A-Za-z0-9_-]{43}$/);
  });

  it('links only to hosts that hosts.json names, whatever Host the request claims', async () => {
    for (const host of ['evil.example.net', 'evil.example.net:3000', 'localhost@evil.net', '']) {
      const { data } = await login({ roll_number: ROLL, date_of_birth: DOB }, '10.0.0.2', host);
      expect(new URL(String(data.dashboard_url)).hostname).toBe('localhost');
    }
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

describe('personal answers', () => {
  it('are never kept by a browser or a proxy (Cache-Control: no-store)', async () => {
    const answer = await login({ roll_number: ROLL, date_of_birth: DOB }, '10.0.9.1');
    expect(answer.headers['cache-control']).toBe('no-store');
    const headers = { authorization: `Bearer ${String(answer.data.token)}` };
    for (const url of ['/api/dashboard', '/api/profile', '/api/session']) {
      const read = await t.call({ method: 'GET', url, headers });
      expect([url, read.statusCode, read.headers['cache-control']]).toEqual([url, 200, 'no-store']);
    }
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
    expect(out.headers['set-cookie']).toMatch(/^ef_session=; Max-Age=0; Path=\/;/);
    const again = await t.call({ method: 'POST', url: '/api/logout', headers: auth });
    expect(again.statusCode).toBe(401);
    expect(again.data).toEqual({
      success: 'false',
      msg: 'Your session has expired. Please log in again.',
      session_end: 'logged_out',
    });
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

describe('one login on two hosts (the default host sends the student to her programme host)', () => {
  const NEET = { roll: '250000000011', dob: '19/01/2007' }; // MOCK-NEET
  const at = (host: string, body: object) =>
    t.call({ method: 'POST', url: '/api/login', payload: body, headers: { host } });
  const session = (authorization: string) =>
    t.call({ method: 'GET', url: '/api/session', headers: { authorization, host: 'localhost:3000' } });
  const logout = (authorization: string, host: string) =>
    t.call({ method: 'POST', url: '/api/logout', headers: { authorization, host } });
  const bearer = (reply: { data: Record<string, unknown> }) => `Bearer ${String(reply.data.token)}`;

  /** Logs in at the default host, then at the programme's host with the dashboard_url's code. */
  async function loginBothHosts(): Promise<{ first: string; second: string; handoff: string }> {
    const first = await at('localhost:3000', { roll_number: NEET.roll, date_of_birth: NEET.dob });
    const url = new URL(String(first.data.dashboard_url));
    expect(url.origin + url.pathname).toBe('http://mock-neet.localhost:3000/dashboard');
    const handoff = url.searchParams.get('handoff') ?? '';
    const second = await at('mock-neet.localhost:3000', {
      roll_number: NEET.roll,
      date_of_birth: '19-01-2007',
      handoff,
    });
    expect(second.statusCode).toBe(200);
    // Already on the programme's host: no code to hand on.
    expect(second.data.dashboard_url).toBe('http://mock-neet.localhost:3000/dashboard');
    return { first: bearer(first), second: bearer(second), handoff };
  }

  it('a logout on the programme host ends the default host session too, which then clears its marker', async () => {
    const { first, second } = await loginBothHosts();
    expect((await session(first)).statusCode).toBe(200);
    expect((await logout(second, 'mock-neet.localhost:3000')).statusCode).toBe(200);
    const refused = await session(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.data.session_end).toBe('logged_out');
    expect(refused.headers['set-cookie']).toMatch(/^ef_session=; Max-Age=0; Path=\/;.*SameSite=Lax$/);
  });

  it('a logout on the default host ends the programme host session too', async () => {
    const { first, second } = await loginBothHosts();
    expect((await logout(first, 'localhost:3000')).statusCode).toBe(200);
    expect((await session(second)).statusCode).toBe(401);
  });

  it('the code joins one login only, once, and only for the same student', async () => {
    const { first, second, handoff } = await loginBothHosts();
    const body = { roll_number: NEET.roll, date_of_birth: NEET.dob, handoff };
    const replayed = bearer(await at('mock-neet.localhost:3000', body));
    const other = await at('localhost:3000', {
      roll_number: '250000000012',
      date_of_birth: '03/05/2008',
      handoff,
    });
    expect(other.statusCode).toBe(200);
    // The replayed code made a login of its own: ending it leaves the first login alone.
    expect((await logout(replayed, 'mock-neet.localhost:3000')).statusCode).toBe(200);
    expect((await logout(bearer(other), 'localhost:3000')).statusCode).toBe(200);
    expect((await session(first)).statusCode).toBe(200);
    expect((await session(second)).statusCode).toBe(200);
  });

  it('an expired code is ignored, and a student logged in on two devices keeps the other one', async () => {
    const first = await at('localhost:3000', { roll_number: NEET.roll, date_of_birth: NEET.dob });
    const handoff = new URL(String(first.data.dashboard_url)).searchParams.get('handoff') ?? '';
    t.clock.advance(11 * 60_000);
    const late = await at('mock-neet.localhost:3000', {
      roll_number: NEET.roll,
      date_of_birth: NEET.dob,
      handoff,
    });
    expect((await logout(bearer(late), 'mock-neet.localhost:3000')).statusCode).toBe(200);
    expect((await session(bearer(first))).statusCode).toBe(200);
  });
});
