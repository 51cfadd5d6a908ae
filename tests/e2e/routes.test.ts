// Every route of part 1 §2's table on the built site, in Chromium: title, FAQ, 404, host-based
// content, token rules, text present without scripts, security headers and axe.
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AFTER_PAINT_LOADER } from '../../src/engine/after-paint';
import { EARLY_READS_SCRIPT } from '../../src/engine/early-reads-script';
import { configDir } from '../../src/engine/node/paths';
import { loadConfig } from '../../src/engine/node/validate-config';
import type { Landing } from '../../src/generated/config/landing';
import { specLandingPaths, specScreenPaths } from '../fixtures/spec-routes';
import { launchBrowser, seriousViolations } from './browser';

const bundle = loadConfig(configDir());
const port = inject('port');
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;

const landingPaths: readonly string[] = specLandingPaths;
const screenPaths: readonly string[] = specScreenPaths;

function landingAt(path: string): Landing {
  const found = bundle.landings.find((l) => l.landing.paths.includes(path));
  if (!found) throw new Error(`config has no landing for ${path}`);
  return found.landing;
}
function firstFaq(landing: Landing) {
  const faq = landing.blocks.find((b) => b.type === 'faq');
  if (!faq || faq.type !== 'faq') throw new Error(`${landing.paths[0]} has no FAQ block`);
  return { heading: faq.heading ?? bundle.strings[landing.locale]?.['faq.heading'], item: faq.items[0] };
}

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('landing routes', () => {
  it.each(landingPaths)(
    '%s shows its title, FAQ heading and first question, and is axe clean',
    async (path) => {
      const landing = landingAt(path);
      const { heading, item } = firstFaq(landing);
      const page = await context.newPage();
      const response = await page.goto(url(path));
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(landing.title);
      await expect(page.getByRole('heading', { name: heading, exact: true }).count()).resolves.toBe(1);
      const question = page.locator('summary', { hasText: item?.heading });
      expect(await question.count()).toBe(1);
      // The first FAQ entry starts open: its answer is visible.
      expect(
        await page
          .getByText(item?.points[0] ?? '', { exact: true })
          .first()
          .isVisible(),
      ).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe(landing.locale);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
  );

  it('every landing path has its own title and FAQ (variants differ)', () => {
    const titles = new Set(landingPaths.filter((p) => p !== '/iacst-exam').map((p) => landingAt(p).title));
    const questions = new Set(
      landingPaths.filter((p) => p !== '/iacst-exam').map((p) => firstFaq(landingAt(p)).item?.heading),
    );
    expect(titles.size).toBe(landingPaths.length - 1);
    expect(questions.size).toBe(landingPaths.length - 1);
  });
});

describe('screens', () => {
  it.each(screenPaths)('%s answers 200 and is axe clean', async (path) => {
    const page = await context.newPage();
    const response = await page.goto(url(path));
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it.each(['/404', '/no-such-page', '/iacstexam/extra', '/IACSTEXAM'])(
    '%s shows "Oops! Page not found" with its two links',
    async (path) => {
      const page = await context.newPage();
      const response = await page.goto(url(path));
      expect(response?.status()).toBe(path === '/404' ? 200 : 404);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).resolves.toBe(
        true,
      );
      expect(
        await page.getByRole('link', { name: bundle.strings.en?.['notFound.login'] }).getAttribute('href'),
      ).toBe('/');
      expect(
        await page.getByRole('link', { name: bundle.strings.en?.['notFound.website'] }).getAttribute('href'),
      ).toBe(bundle.site.brand.websiteUrl);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
  );
});

describe('host-based content (prerendered per exam type, picked by host)', () => {
  it.each(bundle.hosts.profiles.map((p) => [p.id, p] as const))(
    'login on the %s host shows its exam tagline and register link',
    async (_id, profile) => {
      const programme = bundle.programmes[profile.programme];
      const page = await context.newPage();
      await page.goto(url('/', profile.hosts.find((h) => h.endsWith('.localhost')) ?? 'localhost'));
      await expect(page.getByText(programme?.login.tagline ?? '', { exact: true }).isVisible()).resolves.toBe(
        true,
      );
      expect(
        await page.getByRole('link', { name: bundle.strings.en?.['login.register'] }).getAttribute('href'),
      ).toBe(profile.registerPath);
      await page.close();
    },
  );

  it('the digital host shows the adst variant on the repeater paths, other hosts show their own', async () => {
    const adst = landingAt('/adst');
    const page = await context.newPage();
    await page.goto(url('/neet-repeater-scholarship', 'digital.localhost'));
    expect(await page.title()).toBe(adst.title);
    await page.goto(url('/neet-repeater-scholarship'));
    expect(await page.title()).toBe(landingAt('/neet-repeater-scholarship').title);
    await page.close();
  });

  it('an unknown or malformed host gets the default programme', async () => {
    const fallback =
      bundle.programmes[
        bundle.hosts.profiles.find((p) => p.id === bundle.hosts.defaultProfile)?.programme ?? ''
      ];
    for (const host of ['unknown-host.example', '%bad%']) {
      const response = await fetch(url('/'), { headers: { host } });
      expect(await response.text()).toContain(fallback?.login.tagline);
    }
  });
});

describe('token rules', () => {
  it('a session holder is sent from login and iACST pages to /dashboard, but stays on mock pages returning from payment', async () => {
    // The server's redirects only: without scripts the dashboard app cannot find the marker stale
    // (no stored token) and end it, as it does in a real browser (tests/e2e/dashboard.test.ts).
    const withToken = await browser.newContext({ javaScriptEnabled: false });
    await withToken.addCookies([{ name: 'ef_session', value: '1', url: url('/') }]);
    const page = await withToken.newPage();
    await page.goto(url('/'));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.goto(url('/iacstexam'));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.goto(url('/mock-neet-exam?status=failure&mobile=9876543210'));
    expect(new URL(page.url()).pathname).toBe('/mock-neet-exam');
    await page.goto(url('/invictus?registeration=success'));
    expect(new URL(page.url()).pathname).toBe('/invictus');
    await page.goto(url('/mock-jee-exam'));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await withToken.close();
  });

  it('without a session the dashboard sends the visitor to /', async () => {
    const page = await context.newPage();
    await page.goto(url('/dashboard'));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});

describe('prerendered HTML', () => {
  it('has the whole text of a landing page before any script runs', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    for (const path of ['/mock-neet-exam', '/neet-repeater-scholarship-hindi']) {
      const landing = landingAt(path);
      const { item } = firstFaq(landing);
      await page.goto(url(path));
      expect(await page.title()).toBe(landing.title);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        landing.description,
      );
      const text = await page.locator('body').innerText();
      expect(text).toContain(item?.heading);
      const hero = landing.blocks.find((b) => b.type === 'hero');
      if (hero?.type === 'hero')
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(hero.heading);
    }
    await noJs.close();
  });

  it('every landing page is axe clean before its scripts run (a slow phone reads it so first)', async () => {
    // Its script files held back (axe itself needs script in the page, so script stays on).
    const noJs = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await noJs.route(/\.m?js(\?|$)/, (route) => route.abort());
    const page = await noJs.newPage();
    const found: string[] = [];
    for (const path of landingPaths) {
      await page.goto(url(path));
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
    await noJs.close();
  });

  it('sends security headers and compressed, cacheable assets', async () => {
    const page = await fetch(url('/iacstexam'), { headers: { 'accept-encoding': 'br' } });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBeTruthy();
    expect(page.headers.get('content-encoding')).toBe('br');
    const inlineOf = async (path: string, init?: RequestInit) =>
      [
        ...(await (await fetch(url(path), init)).text()).matchAll(
          /<script(?![^>]*\bsrc=)[^>]*>([^<]*)<\/script>/g,
        ),
      ].map((m) => m[1] ?? '');
    // Two inline scripts, each allowed by its hash: a landing page's loader of its scripts
    // (decision 033), the portal's first read (decision 035). No other page has one.
    expect(await inlineOf('/iacstexam')).toEqual([AFTER_PAINT_LOADER]);
    // (With the session marker: without it, /dashboard sends the visitor to /.)
    expect(await inlineOf('/dashboard', { headers: { cookie: 'ef_session=1' } })).toEqual([
      EARLY_READS_SCRIPT,
    ]);
    expect(await inlineOf('/exam/login')).toEqual([]);
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash(AFTER_PAINT_LOADER)} ${hash(EARLY_READS_SCRIPT)};`);
    const html = await (await fetch(url('/iacstexam'))).text();
    const script = /data-after-paint="([^" ]+)/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const asset = await fetch(url(script ?? ''));
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).not.toContain('new Function');
  });
});
