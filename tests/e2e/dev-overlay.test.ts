// `npm run dev` for marketing: saving a config file with a mistake shows it in the browser's error
// overlay; fixing it clears the overlay without a restart.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { projectRoot } from '../../src/engine/node/paths';
import type { Landing } from '../../src/generated/config/landing';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';
import { e2eNow, launchBrowser } from './browser';

let copy: ConfigCopy;
let api: TestServer;
let server: ViteDevServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  copy = copyConfig();
  process.env.EXAMFLOW_CONFIG_DIR = copy.dir; // read by the pages plugin when the config loads
  // The API server scripts/dev.ts runs beside Vite, which proxies /api and /sandbox to it.
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
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await api?.close();
  delete process.env.EXAMFLOW_CONFIG_DIR;
  delete process.env.EXAMFLOW_API_URL;
  copy?.remove();
});

describe('dev server', () => {
  it("proxies the API with the browser's host, so dashboard_url stays on the dev server", async () => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roll_number: '250000000001', date_of_birth: '05/01/2008' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { dashboard_url: string }).dashboard_url).toBe(`${base}/dashboard`);
  });

  it('renders pages from config, shows a config mistake in the overlay and clears it when fixed', async () => {
    const original = copy.read<Landing>('landings/mock-neet.json');
    const page = await browser.newPage();
    const connected = page.waitForEvent('console', (message) => message.text().includes('[vite] connected'));
    await page.goto(`${base}/mock-neet-exam`);
    expect(await page.title()).toBe(original.title);
    await connected; // the overlay arrives over the HMR socket
    expect(await page.locator('vite-error-overlay').count()).toBe(0);

    copy.write('landings/mock-neet.json', {
      ...original,
      blocks: [original.blocks[0], { type: 'herro' }, ...original.blocks.slice(1)],
    });
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ state: 'attached', timeout: 15_000 });
    const text = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(text).toContain('config/landings/mock-neet.json /blocks/1/type: unknown block type "herro"');

    // A fresh load while the config is broken shows the same problem instead of a stale page.
    const fresh = await browser.newPage();
    const response = await fresh.goto(`${base}/mock-neet-exam`);
    expect(response?.status()).toBe(500);
    await fresh.locator('vite-error-overlay').waitFor({ state: 'attached' });
    await fresh.close();

    const changed = { ...original, title: `${original.title} (edited)` };
    copy.write('landings/mock-neet.json', changed);
    await page.waitForFunction((title) => document.title === title, changed.title, { timeout: 15_000 });
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    await page.close();
  });
});
