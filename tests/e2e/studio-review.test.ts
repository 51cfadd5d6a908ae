// The review workflow in the Studio on the production build (decisions 048–050): an editor signs in
// with a second factor, edits a landing page's title, the draft is saved on the server as they
// type, and they submit it; a publisher signs in, goes from the page to the Inbox, approves and
// publishes it; the running server (not restarted, not rebuilt) serves the new title.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { totpCode } from '../../server/auth/staff-totp';
import { createStaff } from '../../server/services/staff/accounts';
import { COMMAND_LINE } from '../../server/services/staff/audit';
import { launchBrowser } from './browser';

let server: TestServer;
let browser: Browser;
// The clock moves a TOTP step ahead for each code, so no code is refused as a replay.
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(email: string, role: 'editor' | 'publisher') {
  const { password } = await createStaff(
    server.app.ctx,
    { email, name: role, role },
    { actor: COMMAND_LINE, ip: null },
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.base}/studio/`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = ((await page.locator('.st-secret').textContent()) ?? '').replace(/\s+/g, '');
  ahead += 31_000;
  await page.getByLabel('6-digit code').fill(totpCode(secret, now()));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return page;
}

it('edits, saves a draft as you type and submits; a publisher approves and publishes; the page changes', async () => {
  const editor = await signIn('editor@example.com', 'editor');
  await editor.getByRole('heading', { name: 'Landing pages' }).waitFor();
  await editor.goto(`${server.base}/studio/edit/landings/mock-neet.json`);
  const title = editor.locator('#root_title');
  await title.fill('Mock NEET, reviewed in the Studio');
  await editor.getByText(/^Draft saved at/).waitFor();
  const submit = editor.getByRole('button', { name: 'Submit for review' });
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();
  await editor.getByText(/^Submitted for review\. A publisher/).waitFor();
  await editor.screenshot({ path: '/tmp/studio-shots/review-submitted-1280.png' });

  const publisher = await signIn('publisher@example.com', 'publisher');
  // From the page's editor, the way to the Inbox, where a publisher approves and publishes.
  await publisher.goto(`${server.base}/studio/edit/landings/mock-neet.json`);
  const line = publisher.getByRole('navigation', { name: 'Review and history of this page' });
  await line.getByText(/version \d+ by editor \(in review\)/).waitFor();
  await line.getByRole('link', { name: 'Inbox: approve, publish, schedule' }).click();
  const waiting = publisher.getByRole('article', { name: /NEET Mock Test/ });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await waiting.getByRole('button', { name: 'Publish now' }).click();
  await publisher.getByText(/version \d+: Published: students see it now\./).waitFor();
  await publisher.screenshot({ path: '/tmp/studio-shots/review-published-1280.png' });
  await expect
    .poll(async () => (await fetch(`${server.base}/mock-neet-exam`)).text())
    .toContain('<title>Mock NEET, reviewed in the Studio</title>');
});
