// `npm run dev` is where marketing previews a new variant (README), so a whole registration walks
// there too, not only on the production build: the details form (@rjsf with the precompiled
// validator, served by Vite's dev server as it is) must validate and move on, and the card must
// reach its thank-you state. The API server runs beside Vite as scripts/dev.ts starts it.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { projectRoot } from '../../src/engine/node/paths';
import { e2eNow, launchBrowser, sandboxOtp } from './browser';

let api: TestServer;
let server: ViteDevServer;
let browser: Browser;
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
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await api?.close();
  delete process.env.EXAMFLOW_API_URL;
});

const card = (page: Page) => page.locator('#register_now');
const heading = (page: Page, name: string) =>
  card(page).getByRole('heading', { level: 2, name, exact: true });

async function chooseFirst(page: Page, name: string) {
  const select = card(page).getByRole('combobox', { name });
  await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
  if (!(await select.inputValue())) await select.selectOption({ index: 1 });
  await expect.poll(() => select.inputValue()).not.toBe('');
}

describe('dev server', () => {
  it('walks a whole iACST registration: mobile and OTP, details, exam slot, thank-you', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${base}/iacstexam`);
    // The dev server transforms modules on first request: be patient with the first step.
    const verify = card(page).getByRole('button', { name: 'Verify', exact: true });
    await verify.waitFor({ timeout: 30_000 });
    const mobile = `97${String(Date.now() % 1e8).padStart(8, '0')}`;
    await card(page)
      .getByRole('textbox', { name: /Mobile number or student id/ })
      .fill(mobile);
    await expect.poll(() => verify.isEnabled(), { timeout: 20_000 }).toBe(true);
    await verify.click();
    await heading(page, 'Verify OTP').waitFor({ timeout: 20_000 });
    await card(page)
      .getByRole('textbox', { name: 'Digit 1 of 4' })
      .pressSequentially(await sandboxOtp(base, mobile));

    // Step 2: the form that broke on the dev server ("func2 is not a function" inside <Form>).
    await heading(page, 'Student details').waitFor({ timeout: 30_000 });
    const select = card(page).getByRole('combobox', { name: 'Class & stream' });
    await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await card(page).getByRole('textbox', { name: 'Student name' }).fill('Devi Rao');
    await card(page).getByRole('textbox', { name: 'Email ID' }).fill('devi.rao@example.com');
    await card(page)
      .getByRole('textbox', { name: /^Date of birth/ })
      .fill('14/08/2009');
    await select.selectOption({ index: 1 });
    await card(page).getByRole('button', { name: 'Next' }).click();

    await heading(page, 'Exam details').waitFor({ timeout: 30_000 });
    await chooseFirst(page, 'Exam slot');
    await chooseFirst(page, 'State');
    await chooseFirst(page, 'Centre');
    await chooseFirst(page, 'Date of exam');
    const submit = card(page).getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true);
    await submit.click();
    await heading(page, 'Registration Successful').waitFor({ timeout: 30_000 });
    expect(
      await card(page)
        .getByText(/\d{12}/)
        .count(),
    ).toBeGreaterThan(0);
    expect(errors.filter((e) => /is not a function|Uncaught/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
