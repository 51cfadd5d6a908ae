// examflow Studio's server side (decision 028). On the dev server: /studio serves the Studio's page
// with its per-start token, its file API answers that page and no other (no token, another origin:
// 403), its preview is the site's own page with the dev styles, and a published change is served at
// once. In production (the built site on the real server, as `npm start` runs it): /studio and its
// API are 404, and no studio code is in dist.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { projectRoot } from '../../src/engine/node/paths';
import type { Landing } from '../../src/generated/config/landing';
import type { ConfigCopy } from '../fixtures/config-copy';
import { launchBrowser } from './browser';
import { startDevServer, type DevServer } from './dev-server';

// Strings only the Studio carries: its root element, its token's header and meta, its API's path.
const STUDIO_MARKERS = ['studio-root', 'X-Studio-Token', 'studio-token', '/studio/api'];

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

async function studioToken(): Promise<string> {
  const response = await fetch(`${base}/studio/`, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const token = /<meta name="studio-token" content="([0-9a-f]{64})"/.exec(html)?.[1];
  if (!token) throw new Error(`no token in:\n${html}`);
  return token;
}

describe('the Studio on the dev server', () => {
  it('serves its page at /studio and /studio/… with a token, and the app mounts', async () => {
    const token = await studioToken();
    for (const route of ['/studio', '/studio/edit/landings/mock-neet.json']) {
      const html = await (await fetch(`${base}${route}`, { headers: { Accept: 'text/html' } })).text();
      expect(html, route).toContain('<div id="studio-root"></div>');
      expect(html).toContain('<script type="module" src="/src/studio/app/main.tsx"></script>');
      expect(html).toContain(`content="${token}"`); // one token per start
    }
    const page = await browser.newPage();
    await page.goto(`${base}/studio/`);
    await page.locator('#studio-root h1').first().waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('examflow Studio');
    await page.close();
  });

  it('answers its own page with the token; 403 without it, with a wrong one, or from another origin', async () => {
    const token = await studioToken();
    const files = await fetch(`${base}/studio/api/files`, { headers: { 'X-Studio-Token': token } });
    expect(files.status).toBe(200);
    const { landings } = (await files.json()) as { landings: { path: string; hosts: string[] }[] };
    expect(landings.find((l) => l.path === 'landings/mock-neet.json')?.hosts[0]).toBe('mock-neet.localhost');

    expect((await fetch(`${base}/studio/api/files`)).status).toBe(403);
    expect(
      (await fetch(`${base}/studio/api/files`, { headers: { 'X-Studio-Token': '0'.repeat(64) } })).status,
    ).toBe(403);
    const cross = await fetch(`${base}/studio/api/files`, {
      headers: { 'X-Studio-Token': token, Origin: 'http://evil.localhost:1' },
    });
    expect(cross.status).toBe(403);

    // In the browser: the Studio's page may call it; a page of another origin cannot even send the
    // token's header (its preflight is refused).
    const page = await browser.newPage();
    await page.goto(`${base}/studio/`);
    const own = await page.evaluate(async () => {
      const t = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ?? '';
      return (await fetch('/studio/api/files', { headers: { 'X-Studio-Token': t } })).status;
    });
    expect(own).toBe(200);
    const other = await browser.newPage();
    await other.goto(`http://127.0.0.1:${inject('port')}/`);
    const fromOther = await other.evaluate(
      async ({ url, t }) => {
        try {
          return (await fetch(url, { headers: { 'X-Studio-Token': t } })).status;
        } catch {
          return 'blocked';
        }
      },
      { url: `${base}/studio/api/files`, t: token },
    );
    expect(fromOther).toBe('blocked');
    await page.close();
    await other.close();
  });

  it("previews a draft with the site's renderer and the dev styles, then serves it once published", async () => {
    const token = await studioToken();
    const headers = { 'X-Studio-Token': token, 'Content-Type': 'application/json' };
    const file = 'landings/mock-neet.json';
    const opened = (await (await fetch(`${base}/studio/api/file?path=${file}`, { headers })).json()) as {
      content: Landing;
      version: string;
    };
    const draft = structuredClone(opened.content);
    const hero = draft.blocks.find((b) => b.type === 'hero');
    if (hero?.type !== 'hero') throw new Error('no hero');
    hero.heading = 'Mock NEET, typed in the Studio';

    const timings: number[] = [];
    let html = '';
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/studio/api/preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ path: file, content: draft }),
      });
      timings.push(performance.now() - started);
      const body = (await response.json()) as { html: string; problems: unknown[] };
      expect(body.problems).toEqual([]);
      html = body.html;
      if (i === 5)
        console.log(
          `preview round trips (ms): ${timings.map((t) => Math.round(t)).join(', ')}; ${response.headers.get('server-timing')}`,
        );
    }
    expect(html).toContain('Mock NEET, typed in the Studio');
    expect(html).toContain('/@vite/client');

    // The preview as the Studio shows it (an iframe of the Studio's page): styled at both widths.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/studio/`);
    for (const width of [390, 1280]) {
      await page.evaluate(
        ({ srcdoc, w }) => {
          document.querySelector('iframe')?.remove();
          const frame = document.createElement('iframe');
          frame.title = 'Preview';
          frame.style.width = `${w}px`;
          frame.style.height = '800px';
          frame.srcdoc = srcdoc;
          document.body.append(frame);
        },
        { srcdoc: html, w: width },
      );
      const frame = page.frameLocator('iframe[title="Preview"]');
      await expect
        .poll(async () => frame.locator('h1').first().textContent(), { timeout: 20_000 })
        .toBe('Mock NEET, typed in the Studio');
      // The page's stylesheet applies: the skip link is moved off screen as on the site.
      await expect
        .poll(
          async () =>
            frame
              .locator('.ef-skip-link')
              .first()
              .evaluate((el) => getComputedStyle(el).position),
          { timeout: 20_000 },
        )
        .not.toBe('static');
    }
    // An open page of the site, and the Studio's own tab, while the change is published.
    const site = await browser.newPage();
    const connected = site.waitForEvent('console', (m) => m.text().includes('[vite] connected'));
    await site.goto(`${base}/mock-neet-exam`);
    await connected;
    await page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));

    // Publish: the dev server serves the new text at once (no restart).
    const put = await fetch(`${base}/studio/api/file`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ path: file, content: draft, baseVersion: opened.version }),
    });
    expect(put.status).toBe(200);
    expect(copy.read<Landing>(file).blocks.find((b) => b.type === 'hero')).toMatchObject({
      heading: 'Mock NEET, typed in the Studio',
    });
    await expect
      .poll(
        async () => (await fetch(`${base}/mock-neet-exam`, { headers: { Accept: 'text/html' } })).text(),
        {
          timeout: 15_000,
        },
      )
      .toContain('Mock NEET, typed in the Studio');
    // The open page reloads by itself; the Studio's tab does not (its state stays).
    await expect
      .poll(async () => site.locator('h1').first().textContent(), { timeout: 15_000 })
      .toBe('Mock NEET, typed in the Studio');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await site.close();
    await page.close();
    // The same version again is a conflict: the file changed since.
    const again = await fetch(`${base}/studio/api/file`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ path: file, content: opened.content, baseVersion: opened.version }),
    });
    expect(again.status).toBe(409);
  });
});

describe('the Studio in production', () => {
  it('is not there: /studio and its API are 404 on the built site', async () => {
    const prod = `http://localhost:${inject('port')}`;
    for (const route of [
      '/studio',
      '/studio/',
      '/studio/edit/landings/mock-neet.json',
      '/studio/api/files',
    ]) {
      for (const accept of ['text/html', 'application/json']) {
        const response = await fetch(`${prod}${route}`, { headers: { Accept: accept } });
        expect(response.status, `${route} (${accept})`).toBe(404);
        expect(await response.text()).not.toContain('studio-token');
      }
    }
  });

  it('ships no studio code: no file of dist is named for it or holds its markers', () => {
    const dist = distDir();
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
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

  it('would notice: the markers are in the Studio code that is left out', () => {
    const sources = ['scripts/lib/vite-plugin-studio.ts', 'src/studio/node/file-api.ts'].map((f) =>
      readFileSync(path.join(projectRoot, f), 'utf8'),
    );
    for (const marker of STUDIO_MARKERS)
      expect(
        sources.some((s) => s.toLowerCase().includes(marker.toLowerCase())),
        marker,
      ).toBe(true);
  });
});
