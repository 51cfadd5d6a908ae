// The machine inspector on `npm run dev`'s server: it draws the registration machine;
// while a registration proceeds in another tab, its highlighted state follows and the event list
// shows the OTP masked; axe finds nothing serious.
//
// Live actors report only in a development build (import.meta.env.DEV), so this file starts
// Vite's dev server in-process, as tests/e2e/dev-overlay.test.ts does, beside a real API server
// on a temp data dir: the cheapest honest set-up (no second production-like build with the
// inspector compiled in, which is exactly what must never exist).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { projectRoot } from '../../src/engine/node/paths';
import { e2eNow, freshMobile, launchBrowser, sandboxOtp, seriousViolations } from './browser';

let api: TestServer;
let server: ViteDevServer;
let browser: Browser;
let context: BrowserContext;
let base = '';

beforeAll(async () => {
  api = await startTestServer({ now: e2eNow });
  process.env.EXAMFLOW_API_URL = api.base;
  server = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'silent',
    server: { port: 0, host: 'localhost' },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('dev server has no port');
  base = `http://localhost:${address.port}`;
  browser = await launchBrowser();
  // One context: the inspector and the app share an origin, so BroadcastChannel joins them.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await api?.close();
  delete process.env.EXAMFLOW_API_URL;
});

const active = (inspector: Page) =>
  inspector.evaluate(() =>
    [...document.querySelectorAll('#canvas g.ef-state.ef-active')].map((g) => g.getAttribute('data-id')),
  );

describe('machine inspector', () => {
  it("draws the registration's step 1 machine, follows a live registration into its parent and masks its OTP", async () => {
    const inspector = await context.newPage();
    // Step 1 of the registration is a machine of its own, invoked by the registration machine.
    await inspector.goto(`${base}/inspector#registration-mobile`);
    await inspector.waitForFunction(
      () => document.documentElement.dataset.drawn === 'registration-mobile',
      null,
      { timeout: 60_000 },
    );
    // Drawn from the machine: its states, nested, with labelled arrows.
    const canvas = inspector.locator('#canvas');
    await expect.poll(() => canvas.locator('g.ef-state').count()).toBeGreaterThan(5);
    expect(await canvas.locator('g.ef-state[data-id="registrationMobile.verifying"]').count()).toBe(1);
    expect(await canvas.locator('g.ef-edge text', { hasText: 'error: verifyMobile' }).count()).toBe(1);
    expect(await canvas.locator('g.ef-edge text', { hasText: /^after pollInterval \(12 s\)$/ }).count()).toBe(
      1,
    );

    // A state's details, by keyboard.
    await canvas.locator('g.ef-state[data-id="enteringMobile"]').focus();
    await inspector.keyboard.press('Enter');
    await inspector.getByRole('heading', { name: 'State: enteringMobile' }).waitFor();
    expect(await inspector.locator('#detail').innerText()).toContain('otp.send');
    expect(await seriousViolations(inspector)).toEqual([]);

    // A registration in another tab of the dev server.
    const app = await context.newPage();
    await app.goto(`${base}/iacstexam`);
    const card = app.locator('#register_now');
    await card.getByRole('button', { name: 'Verify', exact: true }).waitFor({ timeout: 60_000 });
    await expect.poll(() => active(inspector), { timeout: 20_000 }).toContain('enteringMobile');

    const mobile = freshMobile();
    await card.getByRole('textbox', { name: /Mobile number or student id/ }).fill(mobile);
    await card.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => active(inspector), { timeout: 20_000 }).toContain('registrationMobile.verifying');

    const otp = await sandboxOtp(base, mobile);
    await card.getByRole('textbox', { name: 'Digit 1 of 4' }).pressSequentially(otp);
    // Step 1 done: the registration machine (its parent) is at step 2.
    await inspector
      .getByRole('button', { name: /^registration · / })
      .first()
      .click();
    await inspector.waitForFunction(() => document.documentElement.dataset.drawn === 'registration');
    await expect.poll(() => active(inspector), { timeout: 20_000 }).toContain('registration.step2');
    expect(await inspector.locator('#live-current').innerText()).toMatch(/^registration: step2/);
    // Step 2's form renders on the dev server too (its CommonJS validators are converted there).
    await card.getByRole('textbox', { name: 'Student name' }).waitFor({ timeout: 30_000 });

    // The OTP went to the verify-mobile child actor: its events show the code masked.
    await inspector
      .getByRole('button', { name: /^verifyMobile · / })
      .first()
      .click();
    await inspector.waitForFunction(() => document.documentElement.dataset.drawn === 'verify-mobile');
    const events = inspector.locator('#event-list button');
    await expect.poll(() => events.count()).toBeGreaterThan(1);
    const changes = events.filter({ hasText: 'otp.change' });
    await changes.last().click();
    // The chart shows where the OTP entry was then (the state value is never masked).
    expect((await active(inspector)).some((id) => id?.startsWith('verifyMobile.codeEntry.code.'))).toBe(true);
    const payload = await inspector.locator('#event-payload').innerText();
    expect(payload).toContain('"type": "otp.change"');
    expect(payload).not.toContain(otp);
    expect(payload).toContain('•');
    const allText = await inspector.evaluate(() => document.body.innerText);
    expect(allText).not.toContain(mobile);

    // Step back through the registration actor's events to its first snapshot, and forward again.
    await inspector
      .getByRole('button', { name: /^registration · / })
      .first()
      .click();
    await inspector.waitForFunction(() => document.documentElement.dataset.drawn === 'registration');
    const back = inspector.getByRole('button', { name: 'Step back' });
    for (let i = 0; i < 100 && !(await back.isDisabled()); i++) await back.click();
    expect(await inspector.locator('#live-current').innerText()).toMatch(
      /^registration: step1 \(event 1 of \d+\)$/,
    );
    expect(await active(inspector)).toContain('registration.step1');
    await inspector.getByRole('checkbox', { name: 'Follow' }).check();
    expect(await active(inspector)).toContain('registration.step2');
    expect(await seriousViolations(inspector)).toEqual([]);
  }, 180_000);

  it("labels each live actor by its machine: after the login page, the dashboard's actor is drawn on the Dashboard machine", async () => {
    const inspector = await context.newPage();
    await inspector.goto(`${base}/inspector#login`);
    await inspector.waitForFunction(() => document.documentElement.dataset.drawn === 'login', null, {
      timeout: 60_000,
    });
    await inspector.getByRole('button', { name: 'Clear the list' }).click();
    // The login page's actor, then (a new page in the same tab) the dashboard's: each page's
    // actors number their sessions from the start again.
    const app = await context.newPage();
    await app.goto(`${base}/`);
    // The form is the login machine's once its actor reports (the dev server serves modules slowly).
    await inspector.getByRole('button', { name: /^login · editing/ }).waitFor({ timeout: 60_000 });
    await app.getByRole('textbox', { name: 'Roll number' }).fill('250000000005');
    await app.getByRole('textbox', { name: /^Password/ }).fill('30/04/2007');
    await app.getByRole('button', { name: 'Login', exact: true }).click();
    await app.waitForURL(`${base}/dashboard`);
    await app.locator('.ef-dash').waitFor({ timeout: 60_000 });

    const dashboardActor = inspector.getByRole('button', { name: /^dashboard · loaded/ });
    await dashboardActor.waitFor({ timeout: 20_000 });
    // The login actor stays what it was: it never took the dashboard's snapshots.
    expect(await inspector.getByRole('button', { name: /^login · / }).innerText()).toMatch(
      /^login · loggedIn/,
    );
    // The login call it invoked is listed as what it is, not as a second login machine.
    await inspector.getByRole('button', { name: /^login \(in login\) · done/ }).waitFor();
    await dashboardActor.click();
    await inspector.waitForFunction(() => document.documentElement.dataset.drawn === 'dashboard');
    expect(await inspector.locator('#live-current').innerText()).toMatch(/^dashboard: loaded\./);
    await expect.poll(() => active(inspector)).toContain('dashboard.loaded');
    await app.close();
    await inspector.close();
  }, 180_000);
});
