// `npm run dev` for marketing: saving a config file with a mistake shows it in the browser's error
// overlay; fixing it clears the overlay without a restart. An experiment in site.json splits its
// path there as `npm start` does.
import { describe, expect, it } from 'vitest';
import type { Landing } from '../../src/generated/config/landing';
import { devServerForFile } from './dev-server';

const dev = devServerForFile();

describe('dev server', () => {
  it("proxies the API with the browser's host, so dashboard_url stays on the dev server", async () => {
    const response = await fetch(`${dev.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roll_number: '250000000001', date_of_birth: '05/01/2008' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { dashboard_url: string }).dashboard_url).toBe(
      `${dev.base}/dashboard`,
    );
  });

  it('renders pages from config, shows a config mistake in the overlay and clears it when fixed', async () => {
    const original = dev.copy.read<Landing>('landings/mock-neet.json');
    const page = await dev.browser.newPage();
    const connected = page.waitForEvent('console', (message) => message.text().includes('[vite] connected'));
    await page.goto(`${dev.base}/mock-neet-exam`);
    expect(await page.title()).toBe(original.title);
    await connected; // the overlay arrives over the HMR socket
    expect(await page.locator('vite-error-overlay').count()).toBe(0);

    dev.copy.write('landings/mock-neet.json', {
      ...original,
      blocks: [original.blocks[0], { type: 'herro' }, ...original.blocks.slice(1)],
    });
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ state: 'attached', timeout: 15_000 });
    const text = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(text).toContain('config/landings/mock-neet.json /blocks/1/type: unknown block type "herro"');

    // A fresh load while the config is broken shows the same problem instead of a stale page.
    const fresh = await dev.browser.newPage();
    const response = await fresh.goto(`${dev.base}/mock-neet-exam`);
    expect(response?.status()).toBe(500);
    await fresh.locator('vite-error-overlay').waitFor({ state: 'attached' });
    await fresh.close();

    const changed = { ...original, title: `${original.title} (edited)` };
    dev.copy.write('landings/mock-neet.json', changed);
    await page.waitForFunction((title) => document.title === title, changed.title, { timeout: 15_000 });
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    await page.close();
  });

  it("splits an experiment's path between its variants, keeps a visitor on theirs, shows bots the default", async () => {
    const site = dev.copy.read<Record<string, unknown>>('site.json');
    dev.copy.write('site.json', {
      ...site,
      experiments: [
        {
          id: 'neet-vs-jee',
          path: '/neet-repeater-scholarship',
          variants: [
            { variantKey: 'iacst_repeater_neet', weight: 50 },
            { variantKey: 'iacst_repeater_jee', weight: 50 },
          ],
        },
      ],
    });
    const neet = dev.copy.read<Landing>('landings/neet-repeater.json').title;
    const jee = dev.copy.read<Landing>('landings/jee-repeater.json').title;
    const open = async (userAgent: string, cookie?: string) => {
      const response = await fetch(`${dev.base}/neet-repeater-scholarship`, {
        headers: { accept: 'text/html', 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
      });
      const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? '';
      // The experiment's cookie (a first visit is also given its visitor id, ef_vid: decision 056).
      const given = response.headers.getSetCookie().find((c) => c.startsWith('ef_exp_')) ?? '';
      return { title: title.replace(/&amp;/g, '&'), cookie: given };
    };
    const phone =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    // The dev server reads the changed site.json when its watcher sees it.
    await expect
      .poll(async () => (await open(phone)).cookie, { timeout: 15_000 })
      .toMatch(/^ef_exp_neet-vs-jee=/);
    const titles = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const first = await open(phone);
      expect(first.cookie).toMatch(/^ef_exp_neet-vs-jee=iacst_repeater_(neet|jee); Path=\/; Max-Age=7776000/);
      titles.add(first.title);
    }
    expect(titles).toEqual(new Set([neet, jee]));
    // A returning visitor keeps theirs, and is not given the cookie again.
    expect(await open(phone, 'ef_exp_neet-vs-jee=iacst_repeater_jee')).toEqual({ title: jee, cookie: '' });
    // Search engines see the page that owns the path.
    expect(await open('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toEqual({
      title: neet,
      cookie: '',
    });
    dev.copy.write('site.json', site);
  });
});
