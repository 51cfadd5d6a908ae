// @vitest-environment jsdom
// The portal's first read, started by the inline script of the page's head
// (src/engine/early-reads-script.ts) and taken once by the client (early-reads.ts). fetch is a stand-in here (jsdom has no server at the page's origin);
// the browser tests on /dashboard (tests/e2e/dashboard.test.ts, dev-dashboard.test.ts) check the
// same against the real server, under the CSP that names the script's hash.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiGet, GET_FAILED } from './client';
import {
  EARLY_READS_AT_ATTRIBUTE,
  EARLY_READS_ATTRIBUTE,
  EARLY_READS_SCRIPT,
  SESSION_STORAGE_KEY,
} from '../engine/early-reads-script';
import { requestHeaders } from './request-headers';

let asked: { path: string; init: RequestInit }[] = [];
let reachable = true;

beforeEach(() => {
  asked = [];
  reachable = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      asked.push({ path, init });
      if (!reachable) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ path, n: asked.length }), { status: 200 });
    }),
  );
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/dashboard');
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'tok', rollNumber: '250000000002' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.head.replaceChildren();
});

/** The page's head as the build writes it: the script runs as it is parsed. */
function parseHead(at = '/dashboard') {
  const script = document.createElement('script');
  script.setAttribute(EARLY_READS_ATTRIBUTE, '/api/session /api/dashboard');
  script.setAttribute(EARLY_READS_AT_ATTRIBUTE, at);
  document.head.append(script);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  // The inline script's own text, run as the browser runs it.
  new Function(EARLY_READS_SCRIPT)();
}

describe('early reads', () => {
  it("go out at once with the session and the client's own headers; the client takes each answer once", async () => {
    parseHead();
    expect(asked.map((a) => a.path)).toEqual(['/api/session', '/api/dashboard']);
    // Exactly what the app's client would send for the same read.
    expect(asked[0]?.init).toEqual({
      method: 'GET',
      headers: requestHeaders({ token: 'tok' }, false),
      credentials: 'same-origin',
    });

    expect(await apiGet('/api/dashboard', { token: 'tok' })).toEqual({ path: '/api/dashboard', n: 2 });
    expect(asked).toHaveLength(2);
    // Taken once: the next read (a revalidation) asks the server again.
    expect(await apiGet('/api/dashboard', { token: 'tok' })).toEqual({ path: '/api/dashboard', n: 3 });
  });

  it('send no language header when the page names none, as the client does not', async () => {
    document.documentElement.lang = '';
    parseHead();
    expect(asked[0]?.init.headers).toEqual(requestHeaders({ token: 'tok' }, false));
    await apiGet('/api/session', { token: 'tok' });
    expect(asked).toHaveLength(2);
  });

  it('are not taken by a request that differs in who asks or in which language', async () => {
    parseHead();
    await apiGet('/api/session', { token: 'other' });
    await apiGet('/api/session', { token: 'tok', locale: 'hi' });
    expect(asked).toHaveLength(4);
  });

  it('start only with a session, and only on the paths the page names', () => {
    parseHead('/dashboard/elsewhere');
    for (const stored of [null, '{"token":""}', '{"token":7}', 'not json']) {
      if (stored === null) localStorage.clear();
      else localStorage.setItem(SESSION_STORAGE_KEY, stored);
      parseHead();
    }
    expect(asked).toEqual([]);
  });

  it('never throw, even when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => parseHead()).not.toThrow();
    expect(asked).toEqual([]);
  });

  it("that could not reach the server fail as the app's own read would, when taken", async () => {
    reachable = false;
    parseHead();
    const failure = await apiGet('/api/session', { token: 'tok' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ message: GET_FAILED, status: 0 });
  });
});
