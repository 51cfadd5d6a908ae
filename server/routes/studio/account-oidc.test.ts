// Signing in to examflow Studio through the organisation's OpenID Connect provider (decision 051):
// a real provider (oidc-provider) on a free port, the real app on another, and a browser walking the
// authorization code flow by hand with fetch. On SQLite (and PostgreSQL with TEST_DATABASE_URL).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, type OidcSettings } from '../../config';
import { updateStaff } from '../../services/staff/accounts';
import { COMMAND_LINE } from '../../services/staff/audit';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import {
  browse,
  CLIENT_ID,
  CLIENT_SECRET,
  CookieJar,
  startLocalProvider,
  throughProvider,
  type LocalProvider,
} from './oidc-provider.test-support';
import { studio } from './studio.test-support';

const users = {
  asha: { email: 'Asha.Rao@Example.com', email_verified: true, name: 'Asha Rao' },
  stranger: { email: 'stranger@example.com', email_verified: true, name: 'A Stranger' },
  ravi: { email: 'ravi@example.com', email_verified: false, name: 'Ravi Unconfirmed' },
  off: { email: 'off@example.com', email_verified: true, name: 'Switched Off' },
  neha: { email: 'neha@studio-team.example', email_verified: true, name: 'Neha Newcomer' },
};

let idp: LocalProvider;
let t: TestApp;
let s: ReturnType<typeof studio>;
let base: string;

const settingsFor = (issuer: string): OidcSettings => ({
  issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  name: 'Example Sign-In',
  newAccounts: { domains: ['studio-team.example'], role: 'editor' },
});
const studioWith = (extra: object) => ({
  studio: { ...configFromEnv({ NODE_ENV: 'test' }).studio, ...extra },
});

beforeAll(async () => {
  idp = await startLocalProvider(users);
  t = await testApp({ config: studioWith({ oidc: settingsFor(idp.issuer) }) });
  s = studio(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp.open(`${base}/studio/api/account/oidc/callback`);
  await s.account('editor', 'asha.rao@example.com');
  await s.account('publisher', 'ravi@example.com');
  const off = await s.account('editor', 'off@example.com');
  const row = await t.db
    .selectFrom('staff')
    .select('id')
    .where('email', '=', off.email)
    .executeTakeFirstOrThrow();
  await updateStaff(t.app.ctx, row.id, { disabled: true }, { actor: COMMAND_LINE, ip: null });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Clicks "Sign in with …" in the Studio: the start, as the Studio page posts it. */
async function start(jar: CookieJar, returnTo?: string) {
  const response = await browse(jar, `${base}/studio/api/account/oidc/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(returnTo ? { return_to: returnTo } : {}),
  });
  expect(response.status).toBe(200);
  return { response, url: ((await response.json()) as { url: string }).url };
}

/** Start, the provider (signed in as `login`), and the provider's URL back; the callback not yet opened. */
async function upToCallback(login: string, options: { returnTo?: string; cancel?: boolean } = {}) {
  const jar = new CookieJar();
  const { response, url } = await start(jar, options.returnTo);
  const flowCookie = jar.cookies.get('examflow_studio_oidc') ?? '';
  const callback = await throughProvider(url, login, { cancel: options.cancel });
  return { jar, url, callback, flowCookie, startResponse: response };
}

/** Opens the callback in the browser: where it sends the browser next. */
async function back(jar: CookieJar, callback: URL) {
  const response = await browse(jar, callback);
  expect(response.status).toBe(303);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { response, location: response.headers.get('location') ?? '' };
}

/** The refusal's code on the Studio page sent to, and the sentence the sign-in page shows for it. */
async function refusalAt(location: string) {
  const code = new URL(location, base).searchParams.get('sign-in-refused');
  const words = await fetch(`${base}/studio/api/account/oidc?refused=${code}`);
  return { code, sentence: ((await words.json()) as { refusal?: string }).refusal };
}

const sessions = async () =>
  Number(
    (
      await t.db
        .selectFrom('staff_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastRefusal = async () => (await s.audited('sign-in.oidc-refused')).at(-1)?.details;

describe('the Studio says whether it signs in through the provider', () => {
  it('names the provider and no secret', async () => {
    const response = await fetch(`${base}/studio/api/account/oidc`);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: 'true', enabled: true, name: 'Example Sign-In' });
    expect(text).not.toContain(CLIENT_SECRET);
  });
});

describe('signing in through the provider', () => {
  it('opens a Studio session for an account with that e-mail, on the page asked for', async () => {
    const { jar, url, callback, flowCookie, startResponse } = await upToCallback('asha', {
      returnTo: '/studio/funnel?variant=a',
    });
    const asked = new URL(url);
    expect(asked.origin).toBe(idp.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(asked.searchParams.get('redirect_uri')).toBe(`${base}/studio/api/account/oidc/callback`);
    expect(url).not.toContain(CLIENT_SECRET);
    const flowSetCookie = startResponse.headers
      .getSetCookie()
      .find((c) => c.startsWith('examflow_studio_oidc='));
    expect(flowSetCookie).toMatch(/HttpOnly/i);
    expect(flowSetCookie).toMatch(/SameSite=Lax/i);
    expect(flowSetCookie).toMatch(/Path=\/studio\/api\/account\/oidc\//);
    // The verifier never left the server but as its challenge; the cookie's token is kept as a hash.
    const flow = await t.db
      .selectFrom('staff_oidc_flows')
      .selectAll()
      .where('state', '=', asked.searchParams.get('state') ?? '')
      .executeTakeFirstOrThrow();
    expect(url).not.toContain(flow.code_verifier);
    expect(flow.token_hash).not.toBe(flowCookie);

    const { location, response } = await back(jar, callback);
    expect(location).toBe('/studio/funnel?variant=a');
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith('examflow_studio='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Strict/i);
    expect(jar.cookies.has('examflow_studio_oidc')).toBe(false);

    const who = await browse(jar, `${base}/studio/api/account/session`);
    expect(who.status).toBe(200);
    const body = (await who.json()) as { staff: { email: string; role: string }; csrf_token: string };
    expect(body.staff).toMatchObject({ email: 'asha.rao@example.com', role: 'editor' });
    expect(body.csrf_token).toMatch(/^[\w-]{43}$/);
    const files = await browse(jar, `${base}/studio/api/files`);
    expect(files.status).toBe(200);
    expect(((await files.json()) as { landings: unknown[] }).landings.length).toBeGreaterThan(0);
    expect((await s.audited('sign-in.success')).at(-1)).toMatchObject({
      actor_email: 'asha.rao@example.com',
      details: { method: 'oidc', issuer: idp.issuer },
    });

    // The same callback again, even with the flow's cookie put back: refused, no second session.
    const before = await sessions();
    jar.cookies.set('examflow_studio_oidc', flowCookie);
    jar.cookies.delete('examflow_studio');
    const replay = await back(jar, callback);
    expect(await refusalAt(replay.location)).toMatchObject({ code: 'expired' });
    expect(replay.response.headers.getSetCookie().some((c) => c.startsWith('examflow_studio='))).toBe(false);
    expect(await sessions()).toBe(before);
    expect(await lastRefusal()).toMatchObject({ reason: 'used-or-expired' });
  });

  it('refuses an e-mail without an account, in words', async () => {
    const { jar, callback } = await upToCallback('stranger');
    const { location, response } = await back(jar, callback);
    expect(location).toBe('/studio?sign-in-refused=no-account');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('examflow_studio='))).toBe(false);
    expect((await refusalAt(location)).sentence).toBe(
      'Your e-mail address at Example Sign-In has no Studio account. Ask an admin of the Studio to make one for it, then sign in again.',
    );
    expect(await lastRefusal()).toEqual({ reason: 'no-account', email: 'stranger@example.com' });
    expect(
      await t.db
        .selectFrom('staff')
        .select('id')
        .where('email_key', '=', 'stranger@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified, though an account has it', async () => {
    const { jar, callback } = await upToCallback('ravi');
    const { location } = await back(jar, callback);
    const refusal = await refusalAt(location);
    expect(refusal.code).toBe('unverified-email');
    expect(refusal.sentence).toMatch(/^Example Sign-In has not confirmed your e-mail address/);
    expect(await lastRefusal()).toEqual({ reason: 'email-not-verified', email: 'ravi@example.com' });
    expect((await browse(jar, `${base}/studio/api/account/session`)).status).toBe(401);
  });

  it('refuses a disabled account', async () => {
    const { jar, callback } = await upToCallback('off');
    const { location } = await back(jar, callback);
    expect((await refusalAt(location)).code).toBe('disabled');
    const entry = (await s.audited('sign-in.oidc-refused')).at(-1);
    expect(entry).toMatchObject({ actor_email: 'off@example.com', details: { reason: 'disabled' } });
    expect((await browse(jar, `${base}/studio/api/account/session`)).status).toBe(401);
  });

  it('refuses a changed state, and the sign-in it belonged to is spent', async () => {
    const { jar, callback, flowCookie } = await upToCallback('asha');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const { location } = await back(jar, tampered);
    expect((await refusalAt(location)).code).toBe('expired');
    expect(await lastRefusal()).toMatchObject({ reason: 'state-mismatch' });
    jar.cookies.set('examflow_studio_oidc', flowCookie);
    const genuine = await back(jar, callback);
    expect((await refusalAt(genuine.location)).code).toBe('expired');
    expect((await browse(jar, `${base}/studio/api/account/session`)).status).toBe(401);
  });

  it('refuses the callback in a browser that did not start the sign-in', async () => {
    const { callback } = await upToCallback('asha');
    const other = new CookieJar();
    const { location } = await back(other, callback);
    expect((await refusalAt(location)).code).toBe('expired');
    expect(await lastRefusal()).toMatchObject({ reason: 'no-cookie' });
    expect(other.cookies.has('examflow_studio')).toBe(false);
  });

  it('says so when the person cancels at the provider', async () => {
    const { jar, callback } = await upToCallback('asha', { cancel: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const { location } = await back(jar, callback);
    const refusal = await refusalAt(location);
    expect(refusal).toEqual({
      code: 'cancelled',
      sentence: 'The sign-in was cancelled at Example Sign-In, so you are not signed in.',
    });
  });

  it('makes an account with the configured role for a verified e-mail of an allowed domain', async () => {
    const { jar, callback } = await upToCallback('neha');
    const { location } = await back(jar, callback);
    expect(location).toBe('/studio');
    const who = await browse(jar, `${base}/studio/api/account/session`);
    expect(((await who.json()) as { staff: unknown }).staff).toMatchObject({
      email: 'neha@studio-team.example',
      name: 'Neha Newcomer',
      role: 'editor',
    });
    expect((await s.audited('staff.created')).at(-1)).toMatchObject({
      actor_email: 'organisation sign-in',
      details: { email: 'neha@studio-team.example', role: 'editor' },
    });
  });

  it('refuses a sign-in finished after its 10 minutes', async () => {
    const { jar, callback } = await upToCallback('asha');
    t.clock.advance(11 * 60_000);
    const { location } = await back(jar, callback);
    expect((await refusalAt(location)).code).toBe('expired');
    expect(await lastRefusal()).toMatchObject({ reason: 'used-or-expired' });
  });
});

describe('where the Studio answers', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await testApp({
      config: studioWith({ host: 'studio.example.com', oidc: settingsFor('http://127.0.0.1:9') }),
    });
  });
  afterAll(async () => limited?.close());

  it('answers its OpenID Connect routes only on STUDIO_HOST', async () => {
    const at = (host: string, method: 'GET' | 'POST', url: string) =>
      limited.call({ method, url, headers: { host }, ...(method === 'POST' ? { payload: {} } : {}) });
    for (const [method, url] of [
      ['GET', '/studio/api/account/oidc'],
      ['POST', '/studio/api/account/oidc/start'],
      ['GET', '/studio/api/account/oidc/callback?code=x&state=y'],
    ] as const)
      expect((await at('www.example.com', method, url)).statusCode).toBe(404);
    expect((await at('studio.example.com', 'GET', '/studio/api/account/oidc')).data).toMatchObject({
      enabled: true,
    });
    // The provider cannot be reached (port 9): said, not a 500.
    const unreachable = await at('studio.example.com', 'POST', '/studio/api/account/oidc/start');
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.data.msg).toMatch(/^Example Sign-In cannot be reached now/);
  });
});

describe('without a provider', () => {
  it('offers no button and starts nothing', async () => {
    const plain = await testApp();
    try {
      const offer = await plain.call({
        method: 'GET',
        url: '/studio/api/account/oidc',
        headers: { host: 'localhost:3000' },
      });
      expect(offer.data).toEqual({ success: 'true', enabled: false });
      const started = await plain.call({
        method: 'POST',
        url: '/studio/api/account/oidc/start',
        headers: { host: 'localhost:3000' },
        payload: {},
      });
      expect(started.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('reads the STUDIO_OIDC_* variables, and stops on a half-made setting', () => {
    const env = {
      NODE_ENV: 'test',
      STUDIO_OIDC_ISSUER: 'https://login.example.com',
      STUDIO_OIDC_CLIENT_ID: 'studio',
    };
    expect(configFromEnv(env).studio.oidc).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'studio',
      clientSecret: undefined,
      redirectUrl: undefined,
      name: 'your organisation',
    });
    expect(configFromEnv({ NODE_ENV: 'test' }).studio.oidc).toBeUndefined();
    expect(() => configFromEnv({ NODE_ENV: 'test', STUDIO_OIDC_ISSUER: 'https://x.example' })).toThrow(
      /STUDIO_OIDC_CLIENT_ID/,
    );
    expect(() => configFromEnv({ ...env, STUDIO_OIDC_EMAIL_DOMAINS: 'example.com' })).toThrow(
      /STUDIO_OIDC_NEW_ROLE/,
    );
    expect(() =>
      configFromEnv({ ...env, STUDIO_OIDC_EMAIL_DOMAINS: 'a.example', STUDIO_OIDC_NEW_ROLE: 'boss' }),
    ).toThrow(/editor, publisher or admin/);
    expect(
      configFromEnv({
        ...env,
        STUDIO_OIDC_EMAIL_DOMAINS: '@A.example, b.example',
        STUDIO_OIDC_NEW_ROLE: 'editor',
      }).studio.oidc?.newAccounts,
    ).toEqual({ domains: ['a.example', 'b.example'], role: 'editor' });
  });
});
