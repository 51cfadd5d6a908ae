// The logged-in dashboard on `npm run dev` (Vite beside the API server): its page script starts
// the first reads there too (src/api/early-reads.ts), the app takes their answers, and the first
// card shows. The modulepreload links are the build's; the dev server serves modules as they are.
import { describe, expect, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { logInAs, requestInitiators } from './browser';
import { devServerForFile } from './dev-server';

const dev = devServerForFile();

describe('the dashboard on npm run dev', () => {
  it('the page script asks the first reads, once each, and the card shows', async () => {
    const student = students.find((s) => s.roll_number.endsWith('02'));
    if (!student) throw new Error('no demo student 02');
    const context = await dev.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const byOf = await requestInitiators(context, page, (path) =>
      /^\/api\/(session|profile|dashboard)$/.test(path),
    );
    await logInAs(context, student, (path) => `${dev.base}${path}`, 'localhost');
    await page.goto(`${dev.base}/dashboard`);
    await page.locator('.ef-dash-card').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    for (const path of ['/api/session', '/api/profile', '/api/dashboard'])
      expect(byOf(path), path).toEqual([expect.stringMatching(/\/src\/api\/early-reads\.ts$/)]);
    await context.close();
  }, 120_000);
});
