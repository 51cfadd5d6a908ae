// `npm run inspect`: the inspector as one file that works from disk with no network.
// Built into a temp dir here, opened over file:// in Chromium with every non-file request refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import { launchBrowser, seriousViolations } from './browser';

let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'examflow-inspector-'));
  execFileSync(path.join(projectRoot, 'node_modules/.bin/tsx'), ['scripts/inspect.ts'], {
    cwd: projectRoot,
    env: { ...process.env, EXAMFLOW_INSPECTOR_OUT: dir },
    stdio: 'pipe',
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('static inspector', () => {
  it('draws every machine from disk (own layout on the page, ELK in a worker) with no request off the disk', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const offDisk: string[] = [];
    await context.route(/^(?!file:|blob:|data:)/, (route) => {
      offDisk.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${path.join(dir, 'index.html')}#registration`);
    await page.waitForFunction(() => document.documentElement.dataset.drawn === 'registration', null, {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => document.documentElement.dataset.layoutIn)).toBe('page');
    // The registration parent: its steps are machines of their own (drawn on their own below).
    expect(await page.locator('#canvas g.ef-state').count()).toBeGreaterThan(10);
    // Opened framed on where the machine starts: its initial state is in sight.
    const inSight = (id: string) =>
      page.evaluate((stateId) => {
        const viewport = document.getElementById('viewport')?.getBoundingClientRect();
        const state = document
          .querySelector(`g.ef-state[data-id="${stateId}"] > rect`)
          ?.getBoundingClientRect();
        return Boolean(
          viewport &&
          state &&
          state.width > 20 &&
          state.left >= viewport.left &&
          state.right <= viewport.right &&
          state.top >= viewport.top &&
          state.bottom <= viewport.bottom,
        );
      }, id);
    expect(await inSight('registration.entry')).toBe(true);
    // Guards by their names, combinators read (the minified build renames and/or/not to `t`).
    const labels = await page.locator('#canvas g.ef-edge text').allTextContents();
    expect(labels.filter((l) => /\b\w\(\)/.test(l))).toEqual([]);
    // The exam step's guards: and(…, not('isFree'), …) read as such.
    await page.getByRole('button', { name: 'Registration: exam (step 3)', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.drawn === 'registration-exam');
    const examLabels = await page.locator('#canvas g.ef-edge text').allTextContents();
    expect(examLabels.filter((l) => /\b\w\(\)/.test(l))).toEqual([]);
    expect(examLabels.some((l) => l.includes('&& !isFree'))).toBe(true);
    await page.getByRole('button', { name: 'Registration', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.drawn === 'registration');
    await page.getByLabel('Layout').selectOption('elk');
    await page.waitForFunction(() => document.documentElement.dataset.layoutIn === 'worker');
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.drawn === 'registration' &&
        document.getElementById('chart-status')?.textContent?.includes('drawn in'),
    );
    expect(await page.locator('#canvas g.ef-state').count()).toBeGreaterThan(10);
    for (const name of ['Login', 'Recover login details', 'Verify mobile (OTP)', 'Dashboard', 'Edit exam']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.waitForFunction(
        (n) =>
          document.documentElement.dataset.drawn !== 'registration' &&
          document.getElementById('chart-status')?.textContent?.startsWith(n),
        name,
      );
      expect(await page.locator('#canvas g.ef-state').count()).toBeGreaterThan(3);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(offDisk).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
