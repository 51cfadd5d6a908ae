// `npm run dev` is where marketing previews a new variant (README), so a whole registration walks
// there too, not only on the production build: the details form (@rjsf with the precompiled
// validator, served by Vite's dev server as it is) must validate and move on, and the card must
// reach its thank-you state. The API server runs beside Vite as scripts/dev.ts starts it.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { projectRoot } from '../../src/engine/node/paths';
import { e2eNow, freshMobile, launchBrowser } from './browser';
import { card, completeFreeRegistration, verifyFreshMobile } from './registration-walk';

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
    await verifyFreshMobile(page, base, freshMobile());
    // Step 2: the form that broke on the dev server ("func2 is not a function" inside <Form>).
    await completeFreeRegistration(page);
    expect(
      await card(page)
        .getByText(/\d{12}/)
        .count(),
    ).toBeGreaterThan(0);
    expect(errors.filter((e) => /is not a function|Uncaught/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
