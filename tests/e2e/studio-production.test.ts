// examflow Studio on the production build served by the real server (DESIGN.md decision 8,
// decision 048): a new staff member signs in with the password, sets up an authenticator app and
// sees the recovery codes, signs out and in again with a code, at 1280×800 and at 390 px, and lands
// on the Studio's home; axe is clean on every sign-in screen. STUDIO_HOST keeps /studio to its host
// name. No public page requests a Studio chunk, and the Studio's files import none of the public
// site's. Screenshots of each screen go to /tmp/studio-shots/ (STUDIO_SHOTS to change).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { buildApp } from '../../server/app';
import { totpCode } from '../../server/auth/staff-totp';
import { configFromEnv } from '../../server/config';
import { createStaff } from '../../server/services/staff/accounts';
import { COMMAND_LINE } from '../../server/services/staff/audit';
import type { SiteIndex } from '../../src/engine/site-index';
import { launchBrowser, seriousViolations } from './browser';

const STUDIO_HOST = 'studio.localhost';
const shots = process.env.STUDIO_SHOTS ?? '/tmp/studio-shots';
const dist = distDir();

let app: FastifyInstance;
let dataDir = '';
let port = 0;
let browser: Browser;
// The server's clock runs ahead when a test moves it: a TOTP code is taken once per 30-s step.
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const studio = (route = '/studio/') => `http://${STUDIO_HOST}:${port}${route}`;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-prod-'));
  const base = configFromEnv({ NODE_ENV: 'test', LOG: 'off', STUDIO_HOST });
  app = await buildApp({ distDir: dist, config: { ...base, dataDir }, now });
  await app.listen({ port: 0, host: 'localhost' });
  port = (app.server.address() as AddressInfo).port;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function account(email: string, role: 'editor' | 'publisher' | 'admin') {
  const { password } = await createStaff(
    app.ctx,
    { email, name: role === 'editor' ? 'Asha Rao' : 'Ravi Kumar', role },
    { actor: COMMAND_LINE, ip: null },
  );
  return password;
}

async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${width}-${name}.png`), fullPage: true });
}

async function givePassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('signing in to the Studio on the production server', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`enrols, signs out and signs in again with a code at ${width} px, axe clean`, async () => {
      const email = `staff-${width}@example.com`;
      const password = await account(email, width === 1280 ? 'publisher' : 'editor');
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const scripts: string[] = [];
      page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));

      const response = await page.goto(studio('/studio/'));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, '1-sign-in', width);
      // Every request of the page is the Studio's own build (no public island).
      expect(scripts.filter((p) => p.endsWith('.js')).every((p) => p.startsWith('/studio/assets/'))).toBe(
        true,
      );

      // A wrong password: the server's sentence at the field, the focus on the problem.
      await givePassword(page, email, 'not the password at all');
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
        /The e-mail address or the password is wrong\./,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, '2-wrong-password', width);

      // First sign-in: set up the app.
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
      const grouped = (await page.locator('.st-secret').textContent()) ?? '';
      expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      expect(
        await page.getByRole('link', { name: /open it in an authenticator app/i }).getAttribute('href'),
      ).toMatch(/^otpauth:\/\/totp\//);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, '3-enrol', width);
      const secret = grouped.replace(/\s+/g, '');
      await page.getByLabel('6-digit code').fill(totpCode(secret, now()));
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();

      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, '4-recovery-codes', width);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      const banner = page.getByRole('banner');
      await banner.getByText(/Signed in as/).waitFor();
      expect(await banner.textContent()).toMatch(
        width === 1280 ? /Ravi Kumar · Publisher/ : /Asha Rao · Editor/,
      );
      await page.getByRole('heading', { name: 'examflow Studio', level: 1 }).waitFor();
      await shot(page, '5-home', width);

      // Sign out, and in again with the app's code (of a later 30-s step: each is taken once).
      await banner.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You have signed out.').waitFor();
      ahead += 31_000;
      // By keyboard only: the e-mail field, Tab to the password, Enter; the code screen's heading
      // takes the focus, Tab reaches the code, Enter sends it.
      await page.getByLabel('E-mail address').focus();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enter your code');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('st-code');
      await page.keyboard.type('000000');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      const code = page.getByLabel('6-digit code');
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, '6-code-wrong', width);
      await code.fill(totpCode(secret, now()));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('banner')
        .getByText(/Signed in as/)
        .waitFor();
      // A reload keeps the session (the cookie), on the app's own route.
      await page.goto(studio('/studio/funnel'));
      await page
        .getByRole('banner')
        .getByText(/Signed in as/)
        .waitFor();

      // The code screen alone, for the screenshot, on a fresh tab with no session.
      const fresh = await browser.newContext({ viewport: { width, height } });
      const other = await fresh.newPage();
      await other.goto(studio('/studio/'));
      ahead += 31_000;
      await givePassword(other, email, password);
      await other.getByRole('heading', { name: 'Enter your code' }).waitFor();
      expect(await seriousViolations(other)).toEqual([]);
      await shot(other, '7-code', width);
      await fresh.close();
      // No script error and no refusal of the CSP (an answer's 4xx is logged too: a wrong code is a 401).
      expect(problems.filter((p) => !/^Failed to load resource/.test(p))).toEqual([]);
      await context.close();
    });
  }
});

describe('STUDIO_HOST', () => {
  it('answers /studio, its assets and its API on its host name only', async () => {
    const page = await browser.newPage();
    const html = await page.goto(studio('/studio/'));
    expect(html?.status()).toBe(200);
    const entry = /src="(\/studio\/assets\/[^"]+\.js)"/.exec((await html?.text()) ?? '')?.[1] ?? '';
    expect(entry).not.toBe('');
    for (const route of [
      '/studio/',
      '/studio/edit/landings/mock-neet.json',
      entry,
      '/studio/api/account/session',
    ]) {
      const elsewhere = await page.goto(`http://localhost:${port}${route}`);
      expect(elsewhere?.status(), route).toBe(404);
    }
    expect((await page.goto(studio(entry)))?.headers()['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await page.goto(studio('/studio/api/account/session')))?.status()).toBe(401);
    // The public site answers on every host.
    expect((await page.goto(`http://localhost:${port}/`))?.status()).toBe(200);
    await page.close();
  });
});

describe('the public site and the Studio are apart', () => {
  const files = (dir: string) =>
    readdirSync(path.join(dist, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
  const studioFiles = files('studio').filter((f) => f.endsWith('.js'));
  // A shared module (React, a form step the card preview draws) is in both builds, each its own
  // copy in its own folder (the same bytes may even give the same name): what matters is which
  // folder a page asks for.
  const publicFile = (url: string) => path.join(dist, 'client', url);

  it('no public page requests a Studio file, by its HTML or the site index', () => {
    const pages = files('pages').filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    const asked = pages.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map(
        (m) => m[1] ?? '',
      ),
    );
    const scripts = asked.filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(asked.filter((url) => url.startsWith('/studio'))).toEqual([]);
    expect(scripts.filter((url) => !existsSync(publicFile(url)))).toEqual([]);
    const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8')) as SiteIndex;
    const listed = [
      ...index.pageJs,
      ...(index.funnelJs ?? []),
      ...index.routes.flatMap((r) => [
        ...(r.js ?? []),
        ...(r.lazyJs ?? []),
        ...(r.deferredJs ?? []),
        ...Object.values(r.viewJs ?? {}).flat(),
      ]),
    ];
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((url) => url.startsWith('/studio') || !existsSync(publicFile(url)))).toEqual([]);
  });

  it("keeps the Studio's chunks its own: none names the public entries or a file of the public build", () => {
    expect(studioFiles.length).toBeGreaterThan(3);
    const manifest = JSON.parse(
      readFileSync(path.join(dist, 'client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean }>;
    // The public entries: the page script and the funnel's reporter.
    const entries = Object.values(manifest)
      .filter((c) => c.isEntry)
      .map((c) => path.basename(c.file));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const found = studioFiles.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [
        ...entries.filter((name) => text.includes(name)),
        // An absolute address of the public build's folder (the Studio's own are /studio/assets/).
        ...[...text.matchAll(/["'`](\/assets\/[^"'`]+)/g)].map((m) => m[1] ?? ''),
      ].map((name) => `${path.basename(file)}: ${name}`);
    });
    expect(found).toEqual([]);
    // …and no public file names the Studio's folder.
    const publicJs = files('client').filter((f) => f.endsWith('.js'));
    expect(publicJs.filter((file) => readFileSync(file, 'utf8').includes('/studio/'))).toEqual([]);
  });

  it('a public page in the browser requests nothing of the Studio', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`http://localhost:${inject('port')}/`, { waitUntil: 'load' });
    // The page's own script, which the loader requests after the first paint, has been asked for.
    await expect.poll(() => requested.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
    expect(requested.filter((p) => p.startsWith('/studio'))).toEqual([]);
    await page.close();
  });
});
