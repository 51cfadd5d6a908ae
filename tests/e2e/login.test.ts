// The login screen in Chromium against the real server and the seeded demo student: success,
// every login error, auto-login from the query, the other-host redirect, and axe.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousViolations } from './browser';

const port = inject('port');
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;
const ROLL = '250000000001';
const DOB = '05/01/2008';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openLogin(path = '/', host = 'localhost'): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(url(path, host));
  // The form island has taken over once its DOB field has the calendar button.
  await page.getByRole('button', { name: 'Choose date of birth' }).waitFor();
  return page;
}
const rollInput = (page: Page) => page.getByRole('textbox', { name: 'Roll number' });
const dobInput = (page: Page) => page.getByRole('textbox', { name: /Password \(date of birth\)/ });
const submit = (page: Page) => page.getByRole('button', { name: 'Login', exact: true }).click();

describe('login', () => {
  it('logs the demo student in and lands on the dashboard with the session stored', async () => {
    const page = await openLogin();
    await rollInput(page).fill(ROLL);
    await dobInput(page).fill(DOB);
    await submit(page);
    await page.waitForURL(url('/dashboard'));
    const stored = await page.evaluate(() => localStorage.getItem('examflow:session'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ rollNumber: ROLL, dob: '05-01-2008' });
    expect(JSON.parse(stored ?? '{}').token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session marker now sends the login page on to the dashboard.
    await page.goto(url('/'));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });

  it('shows "Invalid roll number" and "Invalid password", linked to their inputs, and calls nothing', async () => {
    const page = await openLogin();
    let calls = 0;
    page.on('request', (request) => void (request.url().includes('/api/login') && calls++));
    await submit(page);
    for (const [input, message] of [
      [rollInput(page), 'Invalid roll number'],
      [dobInput(page), 'Invalid password'],
    ] as const) {
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
      const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect(texts).toContain(message);
    }
    await rollInput(page).fill('25000000000'); // 11 digits
    await dobInput(page).fill(DOB);
    await submit(page);
    await expect(page.getByText('Invalid roll number', { exact: true }).isVisible()).resolves.toBe(true);
    // A date of birth typed only in part is an invalid password here, not the API's format error.
    await rollInput(page).fill(ROLL);
    await dobInput(page).fill('');
    await dobInput(page).pressSequentially('0501');
    await submit(page);
    await expect(page.getByText('Invalid password', { exact: true }).isVisible()).resolves.toBe(true);
    await rollInput(page).fill('');
    await rollInput(page).pressSequentially('2a5b0-1'); // only digits are kept as they are typed
    expect(await rollInput(page).inputValue()).toBe('2501');
    // Pasted with separators (one input event, as a paste is): every digit is kept.
    await rollInput(page).fill('');
    await rollInput(page).focus();
    await page.keyboard.insertText('2500 0000 0001');
    expect(await rollInput(page).inputValue()).toBe('250000000001');
    expect(calls).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows the server's message in a danger toast when the date of birth is wrong", async () => {
    const page = await openLogin();
    await rollInput(page).fill(ROLL);
    await dobInput(page).fill('06/01/2008');
    await submit(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid roll number or password' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('logs in by itself from /?roll_no=…&dob=… (and not when registeration=success)', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url(`/?roll_no=${ROLL}&dob=05-01-2008`));
    await page.waitForURL(url('/dashboard'));
    await context.close();

    context = await browser.newContext();
    const stay = await context.newPage();
    let calls = 0;
    stay.on('request', (request) => void (request.url().includes('/api/login') && calls++));
    await stay.goto(url(`/?roll_no=${ROLL}&dob=05-01-2008&registeration=success`));
    // The login machine decides about auto-login as it starts, i.e. before the form shows.
    await stay.getByRole('button', { name: 'Choose date of birth' }).waitFor();
    await stay.waitForTimeout(300);
    expect(calls).toBe(0);
    expect(new URL(stay.url()).pathname).toBe('/');
    await context.close();
  });

  it("sends a student who logs in on another programme's host to their own host's dashboard", async () => {
    const page = await openLogin('/', 'mock-neet.localhost');
    await rollInput(page).fill(ROLL);
    await dobInput(page).fill(DOB);
    await submit(page);
    await page.waitForURL((u) => u.hostname === 'localhost' && u.pathname === '/dashboard');
    await context.close();
  });
});
