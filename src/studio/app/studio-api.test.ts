// The Studio's transport (decision 048): the session cookie (credentials same-origin), the CSRF
// token on every change and never on a read, the server's sentence and Retry-After in a refusal,
// and PUT /file as a server draft.
import { describe, expect, it } from 'vitest';
import { createAccountApi } from './account-api';
import { createStudioApi, StudioApiError, type CsrfHolder } from './studio-api';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

function fakeFetch(answer: (url: string, method: string) => Response) {
  const sent: Sent[] = [];
  const impl = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({
      url,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return answer(url, method);
  }) as typeof fetch;
  return { sent, impl };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the Studio transport', () => {
  it('takes the CSRF token from the session and sends it with every change, never with a read', async () => {
    const csrf: CsrfHolder = { token: '' };
    const { sent, impl } = fakeFetch((url) => {
      if (url.endsWith('/session'))
        return json({
          success: 'true',
          staff: { id: 's1', name: 'Asha', role: 'editor' },
          csrf_token: 'tok-1',
        });
      if (url.includes('/file?')) return json({ path: 'landings/a.json', content: {}, version: '7' });
      if (url.endsWith('/file')) return json({ version: 12, state: 'draft' });
      return json({ success: 'true' });
    });
    const account = createAccountApi(csrf, '/studio/api/account', impl);
    const api = createStudioApi(csrf, '/studio/api', impl);
    expect(await account.session()).toMatchObject({ name: 'Asha' });
    expect(csrf.token).toBe('tok-1');

    await api.getFile('landings/a.json');
    expect(await api.putFile({ path: 'landings/a.json', content: { title: 'x' }, baseVersion: '7' })).toEqual(
      {
        ok: true,
        version: '12',
        number: 12,
        state: 'draft',
      },
    );
    await api.submitForReview({ path: 'landings/a.json', number: 12, note: 'New title' });
    const [, read, put, submit] = sent;
    expect(read?.headers['X-CSRF-Token']).toBeUndefined();
    expect(put).toMatchObject({ method: 'PUT', headers: { 'X-CSRF-Token': 'tok-1' } });
    expect(submit).toMatchObject({
      url: '/studio/api/versions/submit',
      method: 'POST',
      headers: { 'X-CSRF-Token': 'tok-1', 'Content-Type': 'application/json' },
      body: { path: 'landings/a.json', number: 12, note: 'New title' },
    });
    expect(sent.every((s) => s.credentials === 'same-origin')).toBe(true);
    expect(sent.some((s) => 'X-Studio-Token' in s.headers)).toBe(false);
  });

  it("answers a refusal with the server's sentence, its status and a 429's wait", async () => {
    const csrf: CsrfHolder = { token: '' };
    const { impl } = fakeFetch((url) =>
      url.endsWith('/sign-in')
        ? json({ success: 'false', msg: 'Too many tries: try again in 15 minutes.' }, 429, {
            'Retry-After': '900',
          })
        : url.endsWith('/session')
          ? json({ success: 'false', msg: 'Sign in first.' }, 401)
          : json({ success: 'false', msg: 'Sign in to the Studio first.' }, 401),
    );
    const account = createAccountApi(csrf, '/studio/api/account', impl);
    const refused = await account.signIn('a@example.com', 'x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StudioApiError);
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many tries: try again in 15 minutes.',
      retryAfter: 900,
    });
    expect(await account.session()).toBeNull();
    const ended = await createStudioApi(csrf, '/studio/api', impl)
      .listFiles()
      .catch((error: unknown) => error);
    expect(ended).toMatchObject({ status: 401, code: 'signed-out', message: 'Sign in to the Studio first.' });
  });
});
