// examflow Studio's staff sign-in, sessions and guards (decision 048), through the real app and
// real HTTP injections, on SQLite (and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../auth/staff-totp';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { ORIGIN, studio } from './studio.test-support';

let t: TestApp;
let s: ReturnType<typeof studio>;
beforeAll(async () => {
  t = await testApp();
  s = studio(t);
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
const session = (who: { cookie: string; csrf: string }) =>
  s.as(who, { method: 'GET', url: '/studio/api/account/session' });

describe('sign-in with enrolment and TOTP', () => {
  it('enrols at the first sign-in, then signs in with a code; GET session says who and gives the CSRF token', async () => {
    const { password } = await s.account('editor', 'Ed.Itor@Example.com');
    const first = await s.signIn('ed.itor@example.COM', password);
    expect(first.statusCode).toBe(200);
    expect(first.data).toMatchObject({ success: 'true', second_factor: 'enrol' });
    const { secret, uri } = first.data.enrolment as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}.*period=30/);
    const done = await s.secondFactor(String(first.data.ticket), totpCode(secret, t.clock.now()));
    expect(done.statusCode).toBe(200);
    const codes = done.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await t.db.selectFrom('staff_recovery_codes').select('code_hash').execute();
    expect(stored.some((r) => codes.some((c) => r.code_hash.includes(c)))).toBe(false);

    const setCookie = [done.headers['set-cookie']]
      .flat()
      .find((c) => String(c).startsWith('examflow_studio='));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/studio(;|$)/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here (the cookie is Secure over https)
    // Its life counts from when the browser gets it, not to a date of the server's clock (a browser
    // whose clock runs ahead would drop an Expires cookie at once: signed out while signing in).
    expect(setCookie).toMatch(new RegExp(`Max-Age=${12 * 3600}(;|$)`));
    expect(setCookie).not.toMatch(/Expires=/);
    const cookie = s.cookieOf(done, 'examflow_studio');
    const sessions = await t.db.selectFrom('staff_sessions').select('token_hash').execute();
    expect(sessions.some((r) => r.token_hash === cookie)).toBe(false);

    const who = await session({ cookie, csrf: '' });
    expect(who.statusCode).toBe(200);
    expect(who.headers['cache-control']).toBe('no-store');
    expect(who.data).toMatchObject({
      success: 'true',
      staff: { email: 'Ed.Itor@Example.com', role: 'editor', second_factor: true, disabled: false },
      csrf_token: done.data.csrf_token,
    });
    expect((await s.audited('enrolment.confirmed')).at(-1)?.actor_email).toBe('Ed.Itor@Example.com');

    // Later sign-ins ask for a code (a new step's: the enrolment's code is spent).
    t.clock.advance(30_000);
    const again = await s.signIn('ed.itor@example.com', password);
    expect(again.data).toMatchObject({ second_factor: 'code' });
    expect(again.data.enrolment).toBeUndefined();
    const ok = await s.secondFactor(String(again.data.ticket), totpCode(secret, t.clock.now()));
    expect(ok.statusCode).toBe(200);
    expect(ok.data.recovery_codes).toBeUndefined();
    expect((await s.audited('sign-in.success')).at(-1)?.details).toEqual({ method: 'totp' });
  });

  it('refuses a wrong password, and an unknown e-mail, with the same 401 (audited)', async () => {
    const { password } = await s.account('editor', 'wrong-pass@example.com');
    const wrong = await s.signIn('wrong-pass@example.com', `${password}x`);
    const unknown = await s.signIn('nobody@example.com', password);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.data.msg).toBe(wrong.data.msg);
    const entries = await s.audited('sign-in.wrong-password');
    expect(entries.at(-2)).toMatchObject({ actor_email: 'wrong-pass@example.com', ip: '10.20.0.1' });
    expect(entries.at(-1)).toMatchObject({
      actor_id: null,
      details: { email: 'nobody@example.com', known: false },
    });
  });

  it('refuses a wrong code; five wrong codes end the ticket', async () => {
    const who = await s.enrolled('editor', 'wrong-code@example.com');
    t.clock.advance(30_000);
    const ticket = String((await s.signIn(who.email, who.password)).data.ticket);
    const right = totpCode(who.secret, t.clock.now());
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await s.secondFactor(ticket, wrongCode);
      expect(answer.statusCode).toBe(401);
      expect(answer.data.msg).toMatch(/code is wrong/);
    }
    const late = await s.secondFactor(ticket, right);
    expect(late.statusCode).toBe(401);
    expect(late.data.msg).toMatch(/sign in again/);
    const wrongs = (await s.audited('sign-in.wrong-code')).filter((e) => e.actor_email === who.email);
    expect(wrongs).toHaveLength(5);
    expect(wrongs.at(-1)?.details).toMatchObject({ tries_left: 0 });
  });

  it('takes each code once: a replay in the same 30-second step is refused', async () => {
    const who = await s.enrolled('editor', 'replay@example.com');
    t.clock.advance(30_000);
    const code = totpCode(who.secret, t.clock.now());
    const one = await s.secondFactor(String((await s.signIn(who.email, who.password)).data.ticket), code);
    expect(one.statusCode).toBe(200);
    const two = await s.secondFactor(String((await s.signIn(who.email, who.password)).data.ticket), code);
    expect(two.statusCode).toBe(401);
    expect((await s.audited('sign-in.wrong-code')).at(-1)?.details).toMatchObject({ reason: 'replay' });
    // The previous step's code (still in the window) is no better.
    const previous = totpCode(who.secret, new Date(t.clock.now().getTime() - 30_000));
    const three = await s.secondFactor(
      String((await s.signIn(who.email, who.password)).data.ticket),
      previous,
    );
    expect(three.statusCode).toBe(401);
    t.clock.advance(30_000);
    const next = await s.secondFactor(
      String((await s.signIn(who.email, who.password)).data.ticket),
      totpCode(who.secret, t.clock.now()),
    );
    expect(next.statusCode).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const who = await s.enrolled('editor', 'recovery@example.com');
    const [code = ''] = who.recoveryCodes;
    const one = await s.secondFactor(String((await s.signIn(who.email, who.password)).data.ticket), code);
    expect(one.statusCode).toBe(200);
    expect((await s.audited('sign-in.success')).at(-1)?.details).toEqual({ method: 'recovery-code' });
    const two = await s.secondFactor(
      String((await s.signIn(who.email, who.password)).data.ticket),
      code.toUpperCase(),
    );
    expect(two.statusCode).toBe(401);
  });

  it('lets a disabled account open nothing: neither its sessions nor a new sign-in', async () => {
    const admin = await s.enrolled('admin', 'disabler@example.com');
    const who = await s.enrolled('editor', 'disabled@example.com');
    const row = await t.db
      .selectFrom('staff')
      .select('id')
      .where('email_key', '=', who.email)
      .executeTakeFirstOrThrow();
    const off = await s.as(admin, {
      method: 'PATCH',
      url: `/studio/api/staff/${row.id}`,
      payload: { disabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect((await session(who)).statusCode).toBe(401);
    const again = await s.signIn(who.email, who.password);
    expect(again.statusCode).toBe(401);
    expect((await s.audited('sign-in.disabled')).at(-1)?.actor_email).toBe(who.email);
    expect((await s.audited('staff.disabled')).at(-1)).toMatchObject({ actor_email: admin.email });
  });
});

describe('sessions', () => {
  it('end after 30 minutes idle', async () => {
    const who = await s.enrolled('editor', 'idle@example.com');
    t.clock.advance(29 * MINUTE);
    expect((await session(who)).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await session(who)).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE + 1000);
    expect((await session(who)).statusCode).toBe(401);
    expect((await s.audited('access.refused')).at(-1)?.details).toMatchObject({ reason: 'session-ended' });
  });

  it('end 12 hours after sign-in however active', async () => {
    const who = await s.enrolled('editor', 'absolute@example.com');
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      t.clock.advance(25 * MINUTE);
      expect((await session(who)).statusCode).toBe(200);
    }
    t.clock.advance(25 * MINUTE);
    expect((await session(who)).statusCode).toBe(401);
  });

  it('end at sign-out (which needs the CSRF token)', async () => {
    const who = await s.enrolled('editor', 'sign-out@example.com');
    const out = await s.as(who, { method: 'POST', url: '/studio/api/account/sign-out' });
    expect(out.statusCode).toBe(200);
    expect([out.headers['set-cookie']].flat().join()).toMatch(/examflow_studio=;/);
    expect((await session(who)).statusCode).toBe(401);
    expect((await s.audited('sign-out')).at(-1)?.actor_email).toBe(who.email);
  });

  it('are apart from students’: a student token opens nothing in the Studio, a staff cookie nothing of the student API', async () => {
    const student = await t.login('250000000001', '05/01/2008');
    const refused = await s.call({ method: 'GET', url: '/studio/api/account/session', headers: student });
    expect(refused.statusCode).toBe(401);
    expect(refused.data).toEqual({ success: 'false', msg: expect.stringMatching(/Sign in to the Studio/) });
    expect((await s.audited('access.refused')).at(-1)?.details).toMatchObject({ reason: 'student-token' });

    const who = await s.enrolled('admin', 'apart@example.com');
    const byCookie = await t.call({
      method: 'GET',
      url: '/api/session',
      cookies: { examflow_studio: who.cookie },
    });
    expect(byCookie.statusCode).toBe(401);
    const byBearer = await t.call({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: `Bearer ${who.cookie}` },
    });
    expect(byBearer.statusCode).toBe(401);
  });
});

describe('guards', () => {
  it('refuse an editor on an admin route (403), in the audit log', async () => {
    const who = await s.enrolled('editor', 'not-admin@example.com');
    const list = await s.as(who, { method: 'GET', url: '/studio/api/staff' });
    expect(list.statusCode).toBe(403);
    expect(list.data).toEqual({
      success: 'false',
      msg: 'This needs the admin role; your account is an editor.',
    });
    expect((await s.audited('access.refused')).at(-1)).toMatchObject({
      actor_email: who.email,
      details: { reason: 'role', role: 'editor', needed: 'admin', path: '/studio/api/staff' },
    });
    expect((await s.as(who, { method: 'GET', url: '/studio/api/audit' })).statusCode).toBe(403);
  });

  it('refuse a change without the CSRF token, or with a wrong one (audited)', async () => {
    const who = await s.enrolled('admin', 'csrf@example.com');
    const create = {
      method: 'POST' as const,
      url: '/studio/api/staff',
      payload: { email: 'x@example.com', name: 'X', role: 'editor' },
    };
    const missing = await s.call({
      ...create,
      cookies: { examflow_studio: who.cookie },
      headers: { origin: ORIGIN },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.data.msg).toMatch(/CSRF token/);
    expect((await s.audited('access.refused')).at(-1)?.details).toMatchObject({ reason: 'csrf-missing' });
    // A token one character off (never the same character: that would be the right token).
    const last = who.csrf.at(-1) === 'A' ? 'B' : 'A';
    const wrong = await s.as({ ...who, csrf: `${who.csrf.slice(0, -1)}${last}` }, create);
    expect(wrong.statusCode).toBe(403);
    expect((await s.audited('access.refused')).at(-1)?.details).toMatchObject({ reason: 'csrf-wrong' });
    expect(
      await t.db.selectFrom('staff').where('email_key', '=', 'x@example.com').selectAll().execute(),
    ).toEqual([]);
    expect((await s.as(who, create)).statusCode).toBe(200);
  });

  it('refuse a change from another origin, signed in or not (audited)', async () => {
    const who = await s.enrolled('admin', 'origin@example.com');
    const foreign = await s.as(who, {
      method: 'POST',
      url: '/studio/api/account/sign-out',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.data.msg).toMatch(/own pages/);
    expect((await session(who)).statusCode).toBe(200);
    const signIn = await s.call({
      method: 'POST',
      url: '/studio/api/account/sign-in',
      payload: { email: who.email, password: who.password },
      headers: { origin: 'http://mock-neet.localhost:3000' },
    });
    expect(signIn.statusCode).toBe(403);
    const crossSite = await s.call({
      method: 'POST',
      url: '/studio/api/account/sign-in',
      payload: { email: who.email, password: who.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const refusals = (await s.audited('access.refused')).slice(-3).map((e) => e.details);
    expect(refusals).toMatchObject([
      { reason: 'origin', origin: 'https://evil.example.net' },
      { reason: 'origin', origin: 'http://mock-neet.localhost:3000' },
      { reason: 'origin', sec_fetch_site: 'cross-site' },
    ]);
    const form = await s.call({
      method: 'POST',
      url: '/studio/api/account/sign-in',
      payload: `email=${who.email}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('the audit log', () => {
  it('is read newest first, a page at a time, by action', async () => {
    const admin = await s.enrolled('admin', 'reader@example.com');
    const page = await s.as(admin, { method: 'GET', url: '/studio/api/audit?limit=3' });
    expect(page.statusCode).toBe(200);
    const entries = page.data.entries as { id: number; action: string }[];
    expect(entries).toHaveLength(3);
    expect(entries[0]?.id).toBeGreaterThan(entries[1]?.id ?? Infinity);
    const next = await s.as(admin, {
      method: 'GET',
      url: `/studio/api/audit?limit=3&before=${page.data.next_before}`,
    });
    expect((next.data.entries as { id: number }[])[0]?.id).toBeLessThan(entries[2]?.id ?? 0);
    const refusals = await s.as(admin, {
      method: 'GET',
      url: '/studio/api/audit?action=access.refused&limit=200',
    });
    const actions = new Set((refusals.data.entries as { action: string }[]).map((e) => e.action));
    expect([...actions]).toEqual(['access.refused']);
  });

  it('is append-only in the database: UPDATE and DELETE fail', async () => {
    const before = await t.db
      .selectFrom('staff_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(sql`UPDATE staff_audit SET action = 'nothing'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM staff_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('staff_audit').where('id', '=', 1).execute()).rejects.toThrow(/append-only/);
    const after = await t.db
      .selectFrom('staff_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(
      await t.db.selectFrom('staff_audit').select('action').where('action', '=', 'nothing').execute(),
    ).toEqual([]);
  });
});
