// examflow Studio's page on the production server (DESIGN.md decision 8): /studio and its app's
// routes answer the page (written from the Studio build's manifest, no inline script, never kept,
// never indexed, framed only by itself), its hashed assets are cached for a year, and STUDIO_HOST
// keeps all of /studio, its API included, to one host name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../../src/engine/site-index';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { configFromEnv } from '../../config';
import { studioAssetsOf } from './app';

let dist: string;
let plain: TestApp;
let limited: TestApp;

const manifest = {
  'src/studio/app/main.tsx': {
    file: 'assets/studio-abc123.js',
    css: ['assets/studio-def456.css'],
    imports: ['_framework.js'],
    isEntry: true,
  },
  '_framework.js': { file: 'assets/framework-111.js', imports: [] },
  'src/studio/app/editor-page.tsx': { file: 'assets/editor-page-222.js', isDynamicEntry: true },
};

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'examflow-studio-app-'));
  const file = (rel: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), body);
  };
  file('client/robots.txt', 'User-agent: *');
  file('pages/index/a.html', '<!doctype html><p>home</p>');
  file('pages/_nf/a.html', '<!doctype html><p>not found</p>');
  const index: SiteIndex = {
    hosts: {
      $schema: '',
      defaultProfile: 'a',
      profiles: [{ id: 'a', programme: 'iacst', hosts: ['localhost'], registerPath: '/x' }],
    },
    routes: [{ path: '/', files: { a: 'index/a.html' } }],
    notFound: { a: '_nf/a.html' },
    pageJs: [],
  };
  file('site-index.json', JSON.stringify(index));
  file('studio/.vite/manifest.json', JSON.stringify(manifest));
  file('studio/assets/studio-abc123.js', 'console.log("studio")');
  file('studio/assets/studio-def456.css', 'body{}');
  file('studio/assets/framework-111.js', 'export {}');
  plain = await testApp({ distDir: dist });
  limited = await testApp({
    distDir: dist,
    config: { studio: { ...configFromEnv({}).studio, host: 'studio.example.com' } },
  });
});

afterAll(async () => {
  await plain.close();
  await limited.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the Studio page', () => {
  it('is written from the manifest: the entry, its styles and its static imports, nothing lazy', () => {
    expect(studioAssetsOf(manifest)).toEqual({
      entry: '/studio/assets/studio-abc123.js',
      styles: ['/studio/assets/studio-def456.css'],
      preloads: ['/studio/assets/framework-111.js'],
    });
    expect(() => studioAssetsOf({})).toThrow(/no src\/studio\/app\/main.tsx/);
  });

  it('answers /studio and the app routes with the page and its headers', async () => {
    for (const url of ['/studio', '/studio/', '/studio/edit/landings/mock-neet.json', '/studio/funnel']) {
      const response = await plain.app.inject({ url, headers: { host: 'localhost:3000' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/); // no hash, no inline script allowed
      expect(response.body).toContain(
        '<script type="module" src="/studio/assets/studio-abc123.js"></script>',
      );
      expect(response.body).toContain('<link rel="stylesheet" href="/studio/assets/studio-def456.css" />');
      expect(response.body).toContain('<link rel="modulepreload" href="/studio/assets/framework-111.js" />');
      expect(response.body).not.toContain('editor-page');
      expect(response.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
      expect(response.body).not.toContain('studio-token');
    }
    // The public pages keep their own policy.
    const home = await plain.app.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets for a year, a missing one as 404 (never the page)', async () => {
    const js = await plain.app.inject({ url: '/studio/assets/studio-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('studio');
    const gone = await plain.app.inject({ url: '/studio/assets/studio-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: 'false' });
    // The manifest is the server's, not the browser's.
    expect((await plain.app.inject({ url: '/studio/.vite/manifest.json' })).body).not.toContain('isEntry');
  });

  it('leaves /studio/api to its routes', async () => {
    const session = await plain.app.inject({ url: '/studio/api/account/session' });
    expect(session.statusCode).toBe(401);
    expect((await plain.app.inject({ url: '/studio/api/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('STUDIO_HOST', () => {
  it('answers the page, the assets and the API on its host name only', async () => {
    const on = (host: string, url: string) => limited.app.inject({ url, headers: { host } });
    expect((await on('studio.example.com', '/studio')).statusCode).toBe(200);
    expect((await on('studio.example.com:443', '/studio/edit/x')).statusCode).toBe(200);
    expect((await on('studio.example.com', '/studio/assets/studio-abc123.js')).statusCode).toBe(200);
    expect((await on('studio.example.com', '/studio/api/account/session')).statusCode).toBe(401);
    for (const url of [
      '/studio',
      '/studio/',
      '/studio/assets/studio-abc123.js',
      '/studio/api/account/session',
    ]) {
      const response = await on('localhost:3000', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('studio-abc123');
    }
    const signIn = await limited.app.inject({
      method: 'POST',
      url: '/studio/api/account/sign-in',
      headers: { host: 'www.example.com' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(signIn.statusCode).toBe(404);
    // The public site is every host's.
    expect((await on('localhost:3000', '/')).statusCode).toBe(200);
  });

  it('is read from the environment, lower-cased; unset or blank is no limit', async () => {
    expect(configFromEnv({ STUDIO_HOST: ' Studio.Example.com ' }).studio.host).toBe('studio.example.com');
    expect(configFromEnv({}).studio.host).toBeUndefined();
    expect(configFromEnv({ STUDIO_HOST: '' }).studio.host).toBeUndefined();
  });
});
