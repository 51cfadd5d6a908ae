// Studio sign-in throttling (decision 048): a burst of wrong passwords for one e-mail from many
// addresses is evaluated at most up to the e-mail's budget, the refusal says truly how long to
// wait, and the owner signs in after that wait, or at once from a browser they signed in on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_SIGN_IN_RULES } from '../../auth/staff-sign-in';
import { totpCode } from '../../auth/staff-totp';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { studio } from './studio.test-support';

let t: TestApp;
let s: ReturnType<typeof studio>;
beforeAll(async () => {
  t = await testApp();
  s = studio(t);
});
afterAll(async () => t?.close());

it('300 simultaneous wrong passwords for one e-mail: at most the budget reaches the password check; the owner then signs in', async () => {
  const owner = await s.enrolled('publisher', 'owner@example.com');
  const burst = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      s.signIn(owner.email, `guess-${i}`, { ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` }),
    ),
  );
  const statuses = burst.map((r) => r.statusCode);
  const checked = (await s.audited('sign-in.wrong-password')).filter(
    (e) => e.details.email === owner.email,
  ).length;
  const throttled = (await s.audited('sign-in.throttled')).filter((e) => e.details.email === owner.email);
  expect(checked).toBeLessThanOrEqual(STAFF_SIGN_IN_RULES.email.lockAfter);
  expect(checked).toBeGreaterThan(0);
  expect(statuses.filter((c) => c === 401)).toHaveLength(checked);
  expect(statuses.filter((c) => c === 429)).toHaveLength(300 - checked);
  expect(throttled).toHaveLength(300 - checked);
  console.log(
    `300 wrong passwords at once: ${checked} reached the password check, ${300 - checked} refused (429)`,
  );

  // From a new address (no trusted browser) the owner waits as long as Retry-After says, no longer.
  const locked = await s.signIn(owner.email, owner.password, { ip: '10.88.0.1' });
  expect(locked.statusCode).toBe(429);
  const retryAfter = Number(locked.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(STAFF_SIGN_IN_RULES.email.maxLockMs / 1000);
  expect(locked.data.msg).toMatch(/try again in \d+ (seconds|minutes)/);
  t.clock.advance(retryAfter * 1000 - 1500);
  expect((await s.signIn(owner.email, owner.password, { ip: '10.88.0.1' })).statusCode).toBe(429);
  t.clock.advance(1500);
  const after = await s.signIn(owner.email, owner.password, { ip: '10.88.0.1' });
  expect(after.statusCode).toBe(200);
  t.clock.advance(30_000);
  const done = await s.secondFactor(
    String(after.data.ticket),
    totpCode(owner.secret, t.clock.now()),
    '10.88.0.1',
  );
  expect(done.statusCode).toBe(200);
});

it('a browser the owner signed in on is not locked by a stranger’s guesses', async () => {
  const owner = await s.enrolled('admin', 'trusted@example.com');
  for (let i = 0; i < 40; i++) await s.signIn(owner.email, `guess-${i}`, { ip: `10.66.0.${i + 1}` });
  expect((await s.signIn(owner.email, owner.password, { ip: '10.99.0.1' })).statusCode).toBe(429);
  const mine = await s.signIn(owner.email, owner.password, { ip: '10.99.0.1', device: owner.device });
  expect(mine.statusCode).toBe(200);
  // A browser cookie of another account counts for nothing.
  const other = await s.enrolled('editor', 'other@example.com');
  expect(
    (await s.signIn(owner.email, owner.password, { ip: '10.99.0.2', device: other.device })).statusCode,
  ).toBe(429);
});

it('limits one address trying many e-mails', async () => {
  let last = 0;
  for (let i = 0; i <= STAFF_SIGN_IN_RULES.ip.lockAfter; i++)
    last = (await s.signIn(`someone-${i}@example.com`, 'password-guess', { ip: '10.55.0.1' })).statusCode;
  expect(last).toBe(429);
});
