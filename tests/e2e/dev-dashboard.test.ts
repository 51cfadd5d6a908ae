// The logged-in dashboard on `npm run dev` (Vite beside the API server): its head's inline script
// starts the first read there too (src/engine/early-reads-script.ts), the app takes its answer, and the first
// card shows; the header takes the student's own help line. The modulepreload links are the build's; the
// dev server serves modules as they are.
import { describe, expect, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { logInAs, requestInitiators } from './browser';
import { devServerForFile } from './dev-server';

const dev = devServerForFile();

describe('the dashboard on npm run dev', () => {
  it("the page's head asks the first read, once, and the card shows", async () => {
    const student = students.find((s) => s.roll_number.endsWith('02'));
    if (!student) throw new Error('no demo student 02');
    const context = await dev.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const byOf = await requestInitiators(context, page, (path) =>
      /^\/api\/(session|profile|dashboard)$/.test(path),
    );
    await logInAs(context, student, (path) => `${dev.base}${path}`, 'localhost');
    const profileRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile');
    await page.goto(`${dev.base}/dashboard`);
    await page.locator('.ef-dash-card').first().waitFor({ timeout: 30_000 });
    await profileRead;
    expect(byOf('/api/dashboard')).toEqual(['/dashboard']);
    // The profile is the app's, after the first screen; the session is not asked on load.
    expect(byOf('/api/profile')).toEqual([expect.not.stringMatching(/^\/dashboard$/)]);
    expect(byOf('/api/session')).toEqual([]);
    await context.close();
  }, 120_000);

  it("the header calls a digital-only (IC006) student's own number, as on the build", async () => {
    const student = students.find((s) => s.roll_number.endsWith('08'));
    if (!student) throw new Error('no demo student 08');
    const context = await dev.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInAs(context, student, (path) => `${dev.base}${path}`, 'localhost');
    await page.goto(`${dev.base}/dashboard`);
    const call = page.locator('.ef-header__call');
    await expect.poll(() => call.getAttribute('href'), { timeout: 30_000 }).toBe('tel:18000000006');
    expect(await call.innerText()).toContain('1800-000-0006');
    await context.close();
  }, 120_000);
});

describe('the result page on npm run dev', () => {
  it('student 07 (a scholarship above 80%) by link and after a reload: the result with its offline-test line', async () => {
    const student = students.find((s) => s.roll_number.endsWith('07'));
    if (!student) throw new Error('no demo student 07');
    const pairs = new URLSearchParams({
      roll_number: student.roll_number,
      dob: student.dob.replace(/\//g, '-'),
    });
    const link = `${dev.base}/iacst-result?data=${encodeURIComponent(Buffer.from(pairs.toString()).toString('base64'))}`;
    const context = await dev.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(link);
    const offlineTest = page.getByText(
      /^To confirm your 90% scholarship, take the offline test at your branch by /,
    );
    await offlineTest.waitFor({ timeout: 30_000 });
    await page.reload();
    await offlineTest.waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
