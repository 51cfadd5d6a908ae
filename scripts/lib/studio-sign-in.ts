// A staff member of examflow Studio signed in through its own screens (decision 048), for the
// browser tests and the Studio's scripts: the account is made on the API server's database as
// `npm run studio:user -- create` makes it, then a browser page gives the password, enrols the
// authenticator app with a code of the secret the screen shows, and passes the recovery codes.
// The code is of the server's clock (ctx.now: the e2e clock on the test servers); a new account has
// used no code yet, so signing each account in once needs no wait for the next 30-s step.
import type { Browser, Page } from 'playwright-core';
import { totpCode } from '../../server/auth/staff-totp';
import { createStaff } from '../../server/services/staff/accounts';
import { COMMAND_LINE, type AuditCtx } from '../../server/services/staff/audit';

export type StaffRole = 'editor' | 'publisher' | 'admin';

export interface SignedInStaff {
  page: Page;
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * Makes the account on the server behind `base` (its app context) and signs it in, in a new
 * browser context, at `route` (the Studio's home unless said); resolves once the Studio shows
 * who is signed in.
 */
export async function signInToStudio(
  browser: Browser,
  base: string,
  ctx: AuditCtx,
  who: { email: string; name: string; role: StaffRole },
  options: { viewport?: { width: number; height: number }; route?: string } = {},
): Promise<SignedInStaff> {
  const { password } = await createStaff(ctx, who, { actor: COMMAND_LINE, ip: null });
  const page = await signInWithPassword(browser, base, ctx, { email: who.email, password }, options);
  return { page, ...who };
}

/**
 * Signs an account in for the first time with its first password (an admin's "Add a person" gave
 * it, or the command line), enrolling the authenticator app: resolves with the page once the Studio
 * shows who is signed in.
 */
export async function signInWithPassword(
  browser: Browser,
  base: string,
  ctx: AuditCtx,
  { email, password }: { email: string; password: string },
  options: { viewport?: { width: number; height: number }; route?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${base}${options.route ?? '/studio/'}`);
  // The first start of the dev server's Studio may still be preparing its modules.
  await page.getByLabel('E-mail address').waitFor({ timeout: 60_000 });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = ((await page.locator('.st-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('6-digit code').fill(totpCode(secret, ctx.now()));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page
    .getByRole('banner')
    .getByText(/Signed in as/)
    .waitFor();
  return page;
}

/**
 * What a publisher does in another tab, through the Studio's API with their session (the browser
 * context's cookies, and the session's CSRF token on each change): a new version of the document
 * from the one published now, with `change` applied, submitted, approved and published. Resolves
 * with the published version's number. (Node-side requests: a function evaluated in the page would
 * carry the __name helper tsx adds, which the page does not have.)
 */
export async function publishThroughApi(
  publisher: Page,
  path: string,
  change: Record<string, unknown>,
): Promise<number> {
  const api = `${new URL(publisher.url()).origin}/studio/api`;
  const { request } = publisher;
  const ok = async <T>(answer: Awaited<ReturnType<typeof request.get>>, what: string): Promise<T> => {
    if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const { csrf_token: csrf } = await ok<{ csrf_token: string }>(
    await request.get(`${api}/account/session`),
    'the session',
  );
  const post = async (route: string, data: unknown, method: 'post' | 'put' = 'post') =>
    ok<Record<string, unknown>>(
      await request[method](`${api}${route}`, { data, headers: { 'X-CSRF-Token': csrf } }),
      route,
    );
  const current = await ok<{ content: Record<string, unknown>; version: string }>(
    await request.get(`${api}/file?path=${encodeURIComponent(path)}`),
    'the file',
  );
  const saved = await post(
    '/file',
    { path, content: { ...current.content, ...change }, baseVersion: current.version },
    'put',
  );
  const version = { path, number: Number(saved.number) };
  await post('/versions/submit', { ...version, note: '' });
  await post('/versions/approve', version);
  await post('/versions/publish', version);
  return version.number;
}
