// The client against the real server on a real port (no fake fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginReply } from '../generated/api/login';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { apiGet, apiPost, ApiRequestError, GET_FAILED, POST_FAILED, UNREACHABLE } from './client';

let t: TestApp;
let baseUrl = '';
beforeAll(async () => {
  t = await testApp();
  t.app.get('/test/plain-error', async (_request, reply) =>
    reply.code(500).type('text/plain').send('Upstream is down'),
  );
  t.app.get('/test/empty-error', async (_request, reply) => reply.code(502).send(''));
  t.app.post('/test/empty-error', async (_request, reply) => reply.code(502).send(''));
  // The provider's contract (part 1 §7): a failure may come as a 200 whose body says so.
  const refused = { success: 'false', msg: 'No exam date is open for this centre.' };
  t.app.get('/test/refused-200', async () => refused);
  t.app.post('/test/refused-200', async () => refused);
  t.app.post('/test/refused-200-bare', async () => ({ success: false }));
  t.app.get('/test/refused-200-bare', async () => ({ success: 'false' }));
  t.app.get('/test/echo-language', async (request) => ({
    language: request.headers['accept-language'] ?? null,
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => t.close());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as ApiRequestError;
  }
  throw new Error('expected a failure');
};

describe('api client', () => {
  it('returns the parsed answer and sends the token', async () => {
    const login = await apiPost<LoginReply>(
      '/api/login',
      { roll_number: '250000000001', date_of_birth: '05/01/2008' },
      { baseUrl },
    );
    expect(login.success).toBe('true');
    const session = await apiGet<{ data: { roll_number: string } }>('/api/session', {
      baseUrl,
      token: login.token,
    });
    expect(session.data.roll_number).toBe('250000000001');
  });

  it("shows the server's msg for a failed POST, with its status and body", async () => {
    const error = await failure(
      apiPost('/api/login', { roll_number: '250000000001', date_of_birth: '01/01/2001' }, { baseUrl }),
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid roll number or password');
  });

  it('falls back to the spec texts', async () => {
    expect((await failure(apiGet('/test/plain-error', { baseUrl }))).message).toBe('Upstream is down');
    expect((await failure(apiGet('/test/empty-error', { baseUrl }))).message).toBe(GET_FAILED);
    expect((await failure(apiPost('/test/empty-error', {}, { baseUrl }))).message).toBe(POST_FAILED);
    const down = await failure(apiPost('/api/login', {}, { baseUrl: 'http://127.0.0.1:1' }));
    expect([down.message, down.status]).toEqual([UNREACHABLE, 0]);
    expect((await failure(apiGet('/api/session', { baseUrl: 'http://127.0.0.1:1' }))).message).toBe(
      GET_FAILED,
    );
  });

  it("asks for the page's locale, so the server's own message comes in it", async () => {
    const echo = (locale?: string) =>
      apiGet<{ language: string | null }>('/test/echo-language', { baseUrl, locale });
    expect((await echo('hi')).language).toBe('hi');
    // Outside a page, with no locale given, the client claims none (Node's fetch sends '*').
    expect([null, '*']).toContain((await echo()).language);
    const wrong = { roll_number: '250000000001', date_of_birth: '01/01/2001' };
    const hindi = await failure(apiPost('/api/login', wrong, { baseUrl, locale: 'hi' }));
    expect(hindi.message).toBe('रोल नंबर या पासवर्ड गलत है। आपका पासवर्ड आपकी जन्म तिथि (DD/MM/YYYY) है।');
    const english = await failure(apiPost('/api/login', wrong, { baseUrl, locale: 'en' }));
    expect(english.message).toContain('Invalid roll number or password');
  });

  it("fails a 200 whose body says success 'false', with the server's msg, status and body", async () => {
    for (const call of [
      apiGet('/test/refused-200', { baseUrl }),
      apiPost('/test/refused-200', {}, { baseUrl }),
    ]) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect([error.status, error.message]).toEqual([200, 'No exam date is open for this centre.']);
      expect(error.body).toEqual({ success: 'false', msg: 'No exam date is open for this centre.' });
    }
    // Without a msg (and with a boolean false): the spec's fallbacks, as for any failed call.
    expect((await failure(apiPost('/test/refused-200-bare', {}, { baseUrl }))).message).toBe(POST_FAILED);
    expect((await failure(apiGet('/test/refused-200-bare', { baseUrl }))).message).toBe(GET_FAILED);
  });

  it("returns a 200's success 'false' to a call that reads it as an answer", async () => {
    const reply = await apiGet<{ success: string; msg: string }>('/test/refused-200', {
      baseUrl,
      refusalIsAnswer: true,
    });
    expect(reply).toEqual({ success: 'false', msg: 'No exam date is open for this centre.' });
  });

  it('reads the message of a GET error answer', async () => {
    const error = await failure(apiGet('/api/session', { baseUrl }));
    expect([error.status, error.message]).toEqual([401, 'Your session has expired. Please log in again.']);
  });
});
