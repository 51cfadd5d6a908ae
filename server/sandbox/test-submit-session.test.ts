// Submitting a test resets the session (part 1 §3, decision 001): the server ends every session of
// the student when the sandbox test player records the answers, and the answer page clears the
// ef_session marker and links to the login page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

// Noon in India on the seed's "today": 250000000002's iACST exam is open (Start Now).
const START = new Date('2026-03-10T06:30:00.000Z');
const ROLL = '250000000002';
const DOB = '14/03/2011';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const get = (url: string, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, headers });
const form = (url: string, payload: string) =>
  t.call({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const clearsMarker = (header: unknown) =>
  expect(String(header)).toMatch(/^ef_session=; Max-Age=0; Path=\/;.*SameSite=Lax$/);

describe('submitting a test in the sandbox test player', () => {
  it('ends every session of the student: a token used before the submit answers 401 after it', async () => {
    const phone = await t.login(ROLL, DOB);
    const laptop = await t.login(ROLL, DOB); // another device, logged in too
    const main = (((await get('/api/dashboard', phone)).data.data as Row).main_exam as Row[])[0] as Row;
    const { exam_short_code, external_schedule_id } = main.exam_data as Row;
    const launch = await t.call({
      method: 'POST',
      url: '/api/test-launch',
      payload: { exam_short_code, external_schedule_id },
      headers: phone,
    });
    expect(launch.statusCode).toBe(200);
    const url = String((launch.data.data as Row).exam_url);
    expect((await get('/api/session', phone)).statusCode).toBe(200); // still logged in mid-test
    const platform = await get('/api/test-platform/token', phone);
    expect(platform.statusCode).toBe(200);
    const platformAuth = { authorization: `Bearer ${String(platform.data.data)}` };
    const resultCall = `/api/student-result?rollNo=${ROLL}`;
    expect((await get(resultCall, platformAuth)).statusCode).toBe(200);

    const page = await get(url);
    const field = /name="(q-[a-z]+-\d+)"/.exec(page.body)?.[1];
    expect(field).toBeDefined();
    const submitted = await form(url, `${field}=0`);
    expect(submitted.statusCode).toBe(303);
    clearsMarker(submitted.headers['set-cookie']);

    for (const headers of [phone, laptop]) {
      const session = await get('/api/session', headers);
      expect(session.statusCode).toBe(401);
      expect(session.data.msg).toBe('Your session has expired. Please log in again.');
      // The code a page words as "Your test was submitted, so you were signed out…".
      expect(session.data.session_end).toBe('test_submitted');
      expect((await get('/api/dashboard', headers)).statusCode).toBe(401);
    }
    // The test-platform token fetched before the submit ends with the sessions.
    const afterSubmit = await get(resultCall, platformAuth);
    expect(afterSubmit.statusCode).toBe(401);
    expect(afterSubmit.data.msg).toBe('The test platform token is missing or has expired.');

    // The answer page: thanks, and a clear way back in (the submit's answer cleared the marker).
    const thanks = await get(url);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Thank you! Your test has been submitted.');
    expect(thanks.body).toContain('<a href="/exam/login">Log in again</a>');
    expect(thanks.body).not.toContain('href="/dashboard"');

    // Logging in again works; sending the answers again records nothing and ends nothing, not
    // even the new session's marker.
    const again = await t.login(ROLL, DOB);
    expect((await get('/api/session', again)).statusCode).toBe(200);
    const repeat = await form(url, `${field}=1`);
    expect(repeat.statusCode).toBe(303);
    expect(repeat.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/session', again)).statusCode).toBe(200);

    // "Release my result now" on the answer page (still open in the test's tab) keeps the new
    // session: the release and the answer page it returns to leave the marker alone.
    const release = await form(`${url}/release`, '');
    expect(release.statusCode).toBe(303);
    expect(release.headers['set-cookie']).toBeUndefined();
    const released = await get(String(release.headers.location));
    expect(released.body).toContain('Your result is ready.');
    expect(released.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/session', again)).statusCode).toBe(200);
  });

  it('a submit past the time records nothing and leaves the session alone', async () => {
    const headers = await t.login('250000000013', '28/10/2006'); // MOCK-JEE: test 3 is live
    const series = ((await get('/api/dashboard', headers)).data.data as Row).mock_jee_series as Row[];
    const paper = ((series[2] as Row).papers as Row[])[1] as Row;
    const { exam_short_code, external_schedule_id } = paper.exam_data as Row;
    const launch = await t.call({
      method: 'POST',
      url: '/api/test-launch',
      payload: { exam_short_code, external_schedule_id },
      headers,
    });
    const url = String((launch.data.data as Row).exam_url);
    t.clock.advance(3 * 3_600_000 + 1000); // a 3-hour paper
    const late = await form(url, 'q-phy-1=1');
    expect(late.statusCode).toBe(410);
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/session', headers)).statusCode).toBe(200);
  });
});
