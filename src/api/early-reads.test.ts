// @vitest-environment jsdom
// The portal's first reads, started by the page script and taken once by the client (early-reads.ts).
// fetch is a stand-in here (jsdom has no server at the page's origin); the browser test on
// /dashboard (tests/e2e/dashboard.test.ts) checks the same against the real server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../app/session-token';
import { ApiRequestError, apiGet, GET_FAILED } from './client';
import { startReadsOf } from './early-reads';

let asked: { path: string; headers: Record<string, string> }[] = [];
let reachable = true;

beforeEach(() => {
  asked = [];
  reachable = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      asked.push({ path, headers: init.headers as Record<string, string> });
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
  localStorage.clear();
});

const shell = (at = '/dashboard') => {
  const element = document.createElement('div');
  element.dataset.earlyReads = '/api/session /api/dashboard';
  element.dataset.earlyReadsAt = at;
  return element;
};

describe('early reads', () => {
  it('go out at once with the session, and the client takes each answer once', async () => {
    startReadsOf(shell());
    expect(asked.map((a) => a.path)).toEqual(['/api/session', '/api/dashboard']);
    expect(asked[0]?.headers).toMatchObject({ authorization: 'Bearer tok', 'accept-language': 'en' });

    expect(await apiGet('/api/dashboard', { token: 'tok' })).toEqual({ path: '/api/dashboard', n: 2 });
    expect(asked).toHaveLength(2);
    // Taken once: the next read (a revalidation) asks the server again.
    expect(await apiGet('/api/dashboard', { token: 'tok' })).toEqual({ path: '/api/dashboard', n: 3 });
  });

  it('are not taken by a request that differs in who asks or in which language', async () => {
    startReadsOf(shell());
    await apiGet('/api/session', { token: 'other' });
    await apiGet('/api/session', { token: 'tok', locale: 'hi' });
    expect(asked).toHaveLength(4);
  });

  it('start only with a session, and only on the paths the shell names', () => {
    startReadsOf(shell('/dashboard/elsewhere'));
    localStorage.clear();
    startReadsOf(shell());
    expect(asked).toEqual([]);
  });

  it("that could not reach the server fail as the app's own read would, when taken", async () => {
    reachable = false;
    startReadsOf(shell());
    const failure = await apiGet('/api/session', { token: 'tok' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ message: GET_FAILED, status: 0 });
  });
});
