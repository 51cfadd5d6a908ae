// examflow Studio's page on both servers. On the dev server: /studio and /studio/… serve the
// Studio's page (the production page with the entry's source, hot reloaded; no token, no secret)
// and the app mounts, asking who is signed in through the proxy to the API server. On the
// production build (the real server, as `npm start` runs it): /studio and the app's routes serve the
// Studio's own build, and no file of the public site carries the Studio's code. The file API's and
// the workflow's tests are the server's (server/routes/studio/*); the sign-in on the production
// build is tests/e2e/studio-production.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { projectRoot } from '../../src/engine/node/paths';
import { launchBrowser } from './browser';
import { startDevServer, type DevServer } from './dev-server';

// Strings only the Studio carries: its root element and its API's path.
const STUDIO_MARKERS = ['studio-root', '/studio/api'];

let dev: DevServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  dev = await startDevServer();
  ({ base } = dev);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe('the Studio on the dev server', () => {
  it('serves its page at /studio and /studio/… without a token, and the app mounts at its sign-in', async () => {
    for (const route of ['/studio', '/studio/edit/landings/mock-neet.json']) {
      const response = await fetch(`${base}${route}`, { headers: { Accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<div id="studio-root"></div>');
      expect(html).toContain('<script type="module" src="/src/studio/app/main.tsx"></script>');
      expect(html).not.toContain('studio-token');
    }
    const page = await browser.newPage();
    await page.goto(`${base}/studio/`);
    // Nobody is signed in: the API server (through the proxy) says so, and the app asks to sign in.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('examflow Studio');
    const session = await page.evaluate(async () => (await fetch('/studio/api/account/session')).status);
    expect(session).toBe(401);
    await page.close();
  });
});

describe('the Studio in production', () => {
  it("serves the Studio's own build at /studio and the app's routes; its API answers JSON", async () => {
    const prod = `http://localhost:${inject('port')}`;
    for (const route of ['/studio', '/studio/', '/studio/edit/landings/mock-neet.json']) {
      const response = await fetch(`${prod}${route}`, { headers: { Accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<script type="module" src="\/studio\/assets\/studio-[\w-]+\.js"><\/script>/);
      expect(html).not.toContain('studio-token');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
    }
    const session = await fetch(`${prod}/studio/api/account/session`);
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ success: 'false' });
  });

  it('ships no studio code in the public site: no file outside dist/studio is named for it or holds its markers', () => {
    const dist = distDir();
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .filter((f) => !path.relative(dist, f).startsWith(`studio${path.sep}`));
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
    expect(files.filter((f) => /studio/i.test(path.relative(dist, f)))).toEqual([]);
    const found = files
      .filter((f) => /\.(?:js|mjs|cjs|html|css|json|map)$/.test(f))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8').toLowerCase();
        return STUDIO_MARKERS.filter((m) => text.includes(m.toLowerCase())).map(
          (m) => `${path.relative(dist, file)}: ${m}`,
        );
      });
    expect(found).toEqual([]);
  });

  it("would notice: the markers are in the Studio's own build", () => {
    const studio = path.join(distDir(), 'studio');
    const texts = readdirSync(studio, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.js'))
      .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'));
    const sources = ['src/studio/app/main.tsx', 'src/studio/app/studio-api.ts'].map((f) =>
      readFileSync(path.join(projectRoot, f), 'utf8'),
    );
    for (const marker of STUDIO_MARKERS) {
      expect(
        texts.some((t) => t.includes(marker)),
        marker,
      ).toBe(true);
      expect(
        sources.some((t) => t.includes(marker)),
        marker,
      ).toBe(true);
    }
  });
});
