// /api/* takes JSON only, and a POST without a session only from this site's pages (decision 038):
// login CSRF and SMS sent from another site's page are refused; callers that are not browsers pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => t.close());

const login = { roll_number: '250000000001', date_of_birth: '05/01/2008' };
const post = (url: string, headers: Record<string, string>, payload?: object | string) =>
  t.call({ method: 'POST', url, headers, payload });

describe('a POST without a session', () => {
  it("from another site's page is refused: login, OTP send", async () => {
    const forgeries: Record<string, string>[] = [
      { origin: 'https://evil.example.net' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of forgeries) {
      const forged = await post('/api/login', headers, login);
      expect([forged.statusCode, forged.data.msg]).toEqual([
        403,
        'This request came from another website and was refused.',
      ]);
      expect((await post('/api/otp/send?mobile=9811100081&exam_type=MOCK-NEET', headers)).statusCode).toBe(
        403,
      );
    }
    expect(
      await t.db.selectFrom('sms_messages').select('id').where('mobile', '=', '9811100081').execute(),
    ).toEqual([]);
  });

  it("from this site's own pages, on any of its hosts, or from no browser at all, passes", async () => {
    const own: Record<string, string>[] = [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://mock-neet.localhost:3000', 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of own) expect((await post('/api/login', headers, login)).statusCode).toBe(200);
  });

  it('a form post (not JSON) is refused, except the funnel beacon’s text/plain', async () => {
    const form = await post(
      '/api/login',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'roll_number=250000000001&date_of_birth=05%2F01%2F2008',
    );
    expect([form.statusCode, form.data.msg]).toEqual([415, 'Send the request as JSON.']);
    const beacon = await post(
      '/api/funnel/events',
      { 'content-type': 'text/plain' },
      JSON.stringify({ sent_at: Date.now(), events: [] }),
    );
    expect(beacon.statusCode).toBe(400); // read as JSON, then refused by its schema (no events)
  });
});
