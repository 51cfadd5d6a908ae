// People, Activity and coupons in the Studio on the production build (decisions 048–050): an admin
// adds an editor and sees the one-time password; the editor signs in with it (setting up the
// authenticator app); the admin sees that sign-in in Activity; the editor changes a coupon's
// discount (confirming the money change) and submits it; a publisher who is not its author approves
// and publishes it; the registration card's coupon check then gives the new discount. Screenshots
// of each screen at 1280x800 and 390 px wide go to /tmp/studio-shots.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { signInToStudio, signInWithPassword } from '../../scripts/lib/studio-sign-in';
import { launchBrowser } from './browser';

const SHOTS = '/tmp/studio-shots';
let server: TestServer;
let browser: Browser;
const viewport = { width: 1280, height: 800 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ distDir: distDir() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Each account signs in once, with a code of the server's clock (scripts/lib/studio-sign-in.ts).
const account = async (email: string, name: string, role: 'admin' | 'publisher') =>
  (await signInToStudio(browser, server.base, server.app.ctx, { email, name, role }, { viewport })).page;

/**
 * The page from its top at 1280x800 and at 390 px wide, as `name`-1280.png and -390.png: the whole
 * length at 390 unless `screen` (a page with a sticky bar, drawn over its middle in a full shot).
 */
async function shots(page: Page, name: string, { screen = false } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: !screen });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const couponCheck = async () => {
  const answer = await fetch(`${server.base}/api/coupon/validate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ exam_type: 'MOCK-NEET', coupon_code: 'neet50', class_stream: '12&SOM' }),
  });
  return ((await answer.json()) as { data?: { exam_discount_amount: number } }).data?.exam_discount_amount;
};

it('an admin adds an editor, who signs in and changes a coupon; a publisher publishes it; the card gets it', async () => {
  expect(await couponCheck()).toBe(50);

  const admin = await account('admin@example.com', 'Anita Admin', 'admin');
  await admin.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'People' }).click();
  await admin.getByLabel('Name', { exact: true }).fill('Esha Editor');
  await admin.getByLabel('E-mail address').fill('esha@example.com');
  await admin.getByLabel('Role', { exact: true }).selectOption('editor');
  await admin.getByRole('button', { name: 'Add the person' }).click();
  await admin.getByRole('heading', { name: 'Esha Editor can sign in now' }).waitFor();
  const password = ((await admin.locator('.st-secret').textContent()) ?? '').trim();
  expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  await shots(admin, 'people');

  const editor = await signInWithPassword(
    browser,
    server.base,
    server.app.ctx,
    { email: 'esha@example.com', password },
    { viewport },
  );

  await admin.getByRole('link', { name: 'Activity' }).click();
  await admin.getByLabel('Show').selectOption({ label: 'Signed in' });
  const signedIn = admin.getByRole('row').filter({ hasText: 'Esha Editor' }).first();
  await expect.poll(() => signedIn.textContent()).toMatch(/Esha Editor.*esha@example\.com.*Signed in/);
  await admin.getByLabel('Show').selectOption({ label: 'Everything' });
  await admin.getByRole('row').filter({ hasText: 'Added a person' }).first().waitFor();
  await shots(admin, 'activity');

  await editor.getByRole('heading', { name: 'Coupons' }).waitFor();
  await shots(editor, 'home');
  await editor.getByRole('heading', { name: 'Coupons' }).scrollIntoViewIfNeeded();
  await editor.screenshot({ path: `${SHOTS}/coupon-list-1280.png` });
  await editor.getByRole('link', { name: 'Edit coupon NEET50' }).click();
  const rupees = editor.getByLabel('Rupees off');
  await rupees.fill('120');
  await rupees.press('Enter');
  const confirm = editor.getByRole('dialog', { name: 'Change what students pay?' });
  await confirm.getByText('Discount: ₹50 off → ₹120 off.').waitFor();
  await confirm.getByRole('button', { name: 'Yes, change it' }).click();
  await editor.getByText(/get ₹120 off the exam fee/).waitFor();
  await editor.getByText(/^Draft saved at/).waitFor();
  const submit = editor.getByRole('button', { name: 'Submit for review' });
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();
  await editor
    .getByText(/^Submitted for review\. A publisher/)
    .first()
    .waitFor();
  await shots(editor, 'coupon-editor', { screen: true });
  await editor.locator('.st-editor__form').screenshot({ path: `${SHOTS}/coupon-editor-form-1280.png` });

  const publisher = await account('pia@example.com', 'Pia Publisher', 'publisher');
  // In the Inbox, where a publisher approves and publishes (the author could not: it is money).
  await publisher.goto(`${server.base}/studio/inbox`);
  const waiting = publisher.getByRole('article', { name: /^Coupon NEET50/ });
  await waiting.getByText('Changes money').waitFor();
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await waiting.getByRole('button', { name: 'Publish now' }).click();
  await publisher.getByText(/version \d+: Published: students see it now\./).waitFor();

  await expect.poll(couponCheck).toBe(120);
});

it('a money change by its author alone cannot be published, in the Inbox or through the API', async () => {
  const ravi = await account('ravi@example.com', 'Ravi Publisher', 'publisher');
  await ravi.goto(`${server.base}/studio/edit/coupons/neet50.json`);
  const rupees = ravi.getByLabel('Rupees off');
  await rupees.fill('130');
  await rupees.press('Enter');
  await ravi
    .getByRole('dialog', { name: 'Change what students pay?' })
    .getByRole('button', { name: 'Yes, change it' })
    .click();
  const submit = ravi.getByRole('button', { name: 'Submit for review' });
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();
  await ravi
    .getByText(/^Submitted for review\. A publisher/)
    .first()
    .waitFor();

  await ravi.goto(`${server.base}/studio/inbox`);
  const own = ravi.getByRole('article', { name: /^Coupon NEET50/ });
  await own.getByText("A change to money needs another publisher's approval.").waitFor();
  expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  expect(await own.getByRole('button', { name: 'Publish now' }).count()).toBe(0);

  // Nor through the API with his own session: refused, and nothing changes for students.
  const api = `${server.base}/studio/api`;
  const csrf = ((await (await ravi.request.get(`${api}/account/session`)).json()) as { csrf_token: string })
    .csrf_token;
  const inbox = (await (await ravi.request.get(`${api}/inbox`)).json()) as {
    versions: { path: string; number: number; authorId: string }[];
  };
  const mine = inbox.versions.find((v) => v.path === 'coupons/neet50.json');
  const refused = await ravi.request.post(`${api}/versions/approve`, {
    data: { path: 'coupons/neet50.json', number: mine?.number },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(refused.status()).toBe(403);
  expect(await couponCheck()).toBe(120);
});
