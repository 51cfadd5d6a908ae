// `npm run dev` for marketing: saving a config file with a mistake shows it in the browser's error
// overlay; fixing it clears the overlay without a restart.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Landing } from '../../src/generated/config/landing';
import type { ConfigCopy } from '../fixtures/config-copy';
import { launchBrowser } from './browser';
import { startDevServer, type DevServer } from './dev-server';

let copy: ConfigCopy;
let dev: DevServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  dev = await startDevServer();
  ({ base, copy } = dev);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
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
