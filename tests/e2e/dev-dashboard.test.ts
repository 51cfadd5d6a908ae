// The logged-in dashboard on `npm run dev` (Vite beside the API server): its page script starts
// the first reads there too (src/api/early-reads.ts), the app takes their answers, and the first
// card shows. The modulepreload links are the build's; the dev server serves modules as they are.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { launchBrowser, logInAs } from './browser';
import { startDevServer, type DevServer } from './dev-server';

let dev: DevServer;
let browser: Browser;

beforeAll(async () => {
  dev = await startDevServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe('the dashboard on npm run dev', () => {
  it('the page script asks the first reads, once each, and the card shows', async () => {
    const student = students.find((s) => s.roll_number.endsWith('02'));
    if (!student) throw new Error('no demo student 02');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: { path: string; by: string }[] = [];
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const { pathname } = new URL(request.url);
      if (!/^\/api\/(session|profile|dashboard)$/.test(pathname)) return;
      const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
      asked.push({ path: pathname, by: new URL(frame?.url || 'x:').pathname });
    });
    await logInAs(context, student, (path) => `${dev.base}${path}`, 'localhost');
    await page.goto(`${dev.base}/dashboard`);
    await page.locator('.ef-dash-card').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    for (const path of ['/api/session', '/api/profile', '/api/dashboard'])
      expect(
        asked.filter((a) => a.path === path).map((a) => a.by),
        path,
      ).toEqual([expect.stringMatching(/\/src\/api\/early-reads\.ts$/)]);
    await context.close();
  }, 120_000);
});
