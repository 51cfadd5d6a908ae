// bench:studio's figures on the production server (issue 38): the built site and the Studio served
// by one server process as `npm start` serves them (scripts/fault/server.ts with SERVE_SITE=1), its
// own temporary SQLite database. Accounts are made in that database and signed in through the
// Studio's screens (password, an authenticator code, the recovery codes), so the figures are what a
// member of staff gets:
//   - the first screen after sign-in: from the click that ends the sign-in ("I have saved them") to
//     the home page's list visible, for new accounts (a code of an authenticator is used once per
//     30 s, so each sign-in is an account's first); and, with a session, from a navigation to
//     /studio to the list visible;
//   - a draft saved on the server: from a keystroke in a landing's title to the answer of the save
//     it starts (the editor saves 250 ms after the last keystroke, DRAFT_SAVE_DEBOUNCE_MS), one
//     key at a time with a pause between them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { createDb, sqliteFileIn } from '../../server/db/database';
import { totpCode } from '../../server/auth/staff-totp';
import { createStaff } from '../../server/services/staff/accounts';
import { COMMAND_LINE } from '../../server/services/staff/audit';
import { startServerProcess } from '../fault/server-process';
import { ensureBuild } from '../lib/serve';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 5);
const SAVE_KEYS = 'Zqxjkvbwpy';
const LANDING = 'landings/iacst-default.json';

export interface ProductionFigures {
  /** "I have saved them" clicked to the home list visible, per new account (ms). */
  afterSignIn: number[];
  /** With a session: a navigation to /studio to the home list visible (ms). */
  signedInHome: number[];
  /** A keystroke to its save's answer (ms), and the save request's own time (ms). */
  keyToSaved: number[];
  saveRequest: number[];
}

type Session = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export async function measureProductionStudio(browser: Browser): Promise<ProductionFigures> {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-studio-prod-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SERVE_SITE: '1',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
  const figures: ProductionFigures = { afterSignIn: [], signedInHome: [], keyToSaved: [], saveRequest: [] };
  let session: Session | undefined;
  try {
    for (let i = 0; i < SIGN_INS; i++) {
      const email = `bench.prod${i}@example.com`;
      const { password } = await createStaff(
        { db, now: () => new Date() },
        { email, name: `Bench Editor ${i}`, role: 'editor' },
        { actor: COMMAND_LINE, ip: null },
      );
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${server.base}/studio/`);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Continue' }).click();
      const secret = ((await page.locator('.st-secret').textContent()) ?? '').replace(/\s+/g, '');
      await page.getByLabel('6-digit code').fill(totpCode(secret, new Date()));
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      const saved = page.getByRole('button', { name: 'I have saved them' });
      await saved.waitFor();
      const clicked = performance.now();
      await saved.click();
      await page.locator('table tbody tr').first().waitFor({ state: 'visible' });
      figures.afterSignIn.push(performance.now() - clicked);
      session ??= await context.storageState();
      await context.close();
    }
    if (!session) throw new Error('nobody signed in');

    for (let i = 0; i < SIGN_INS; i++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        storageState: session,
      });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.base}/studio/`);
      await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 30_000 });
      figures.signedInHome.push(performance.now() - started);
      await context.close();
    }

    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      storageState: session,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.base}/studio/edit/${LANDING}`);
    const title = page.locator('#root_title');
    await title.waitFor();
    await title.click();
    await page.keyboard.press('End');
    // What the opening does (its checks, the preview) settles first.
    await page.waitForTimeout(1_500);
    for (const key of SAVE_KEYS) {
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/studio/api/file') && response.request().method() === 'PUT',
      );
      const pressed = performance.now();
      await page.keyboard.press(key);
      const response = await answered;
      await response.finished();
      figures.keyToSaved.push(performance.now() - pressed);
      const timing = response.request().timing();
      figures.saveRequest.push(timing.responseEnd - timing.requestStart);
      await page.waitForTimeout(600);
    }
    await context.close();
  } finally {
    await db.destroy();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
