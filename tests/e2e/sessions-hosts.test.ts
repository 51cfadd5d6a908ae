// One login, two hosts (decision 001): a MOCK-NEET student logs in at the default host, which sends
// her to her programme's host (mock-neet.localhost) where she is logged in too. Logging out there
// must end the default host's session as well — a shared family computer must not open her
// dashboard for the next person — and the default host clears its own marker on the next visit.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const port = inject('port');
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;
const NEET = { roll: '250000000011', dob: '19/01/2007' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('examflow:session');
    return raw ? (JSON.parse(raw) as { token: string | null }).token : null;
  });

async function logInAtDefaultHost(page: Page) {
  await page.goto(url('/'));
  await page.getByRole('textbox', { name: 'Roll number' }).fill(NEET.roll);
  await page.getByRole('textbox', { name: /^Password/ }).fill(NEET.dob);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The default host sends her to her programme's host, which logs her in (auto-login) too.
  await page.waitForURL(url('/dashboard', 'mock-neet.localhost'), { timeout: 20_000 });
  await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
}

describe('one login on two hosts', () => {
  it('a logout on the programme host is refused on the default host too, which clears its marker', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await logInAtDefaultHost(page);

    // The default host holds a session of its own (its token and marker).
    const other = await context.newPage();
    await other.goto(url('/dashboard'));
    await other.locator('.ef-dash').waitFor({ timeout: 15_000 });
    const defaultToken = await storedToken(other);
    expect(defaultToken).toBeTruthy();
    await other.close();

    // Logout on the programme host.
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(url('/exam/login', 'mock-neet.localhost'));

    // The default host's token is refused by the server (asked from outside the browser, whose
    // cookies stay as they were)…
    const refused = await fetch(url('/api/session'), {
      headers: { authorization: `Bearer ${defaultToken}` },
    });
    expect(refused.status).toBe(401);
    // …and opening the default host lands on its login page, its marker and stored session gone.
    await page.goto(url('/'));
    await page.waitForURL(url('/'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.ef-dash').count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    expect((await context.cookies(url('/'))).find((c) => c.name === 'ef_session')).toBeUndefined();
    // A second visit goes straight to the login page (no detour through the dashboard).
    const second = await page.goto(url('/dashboard'));
    expect(second?.url()).toBe(url('/'));
    await context.close();
  });

  it('a logout on the default host is refused on the programme host', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logInAtDefaultHost(page);
    const programmeToken = await storedToken(page);

    const other = await context.newPage();
    await other.goto(url('/dashboard'));
    await other.locator('.ef-dash').waitFor({ timeout: 15_000 });
    await other.getByRole('button', { name: 'My account' }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL(url('/exam/login'));

    const refused = await fetch(url('/api/session'), {
      headers: { authorization: `Bearer ${programmeToken}` },
    });
    expect(refused.status).toBe(401);
    await page.goto(url('/dashboard', 'mock-neet.localhost'));
    await page.waitForURL(url('/', 'mock-neet.localhost'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: 15_000 });
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});
