// The site server on a small built-site fixture: pages by host and path, token rules, 404s,
// compression, caching, security headers, and bad requests that must never become a 5xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteIndex } from '../src/engine/site-index';
import { testApp, type TestApp } from '../tests/support/server-harness';

let dist: string;
let app: FastifyInstance;
let harness: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'examflow-site-'));
  const file = (rel: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), body);
  };
  const page = (text: string) => `<!doctype html><html><body>${text}${' '.repeat(600)}</body></html>`;
  file('pages/index/a.html', page('login A'));
  file('pages/index/b.html', page('login B'));
  file('pages/index/a.html.br', brotliCompressSync(page('login A')));
  file('pages/mock/a.html', page('mock page'));
  file('pages/_nf/a.html', page('not found'));
  file('client/assets/page-abc.js', 'console.log(1)');
  file('client/robots.txt', 'User-agent: *');
  const index: SiteIndex = {
    hosts: {
      $schema: '',
      defaultProfile: 'a',
      profiles: [
        { id: 'a', programme: 'iacst', hosts: ['localhost'], registerPath: '/x' },
        { id: 'b', programme: 'mock-neet', hosts: ['b.localhost'], registerPath: '/x' },
      ],
    },
    routes: [
      {
        path: '/',
        tokenRule: { ifToken: { redirectTo: '/dashboard' } },
        files: { a: 'index/a.html', b: 'index/b.html' },
      },
      {
        path: '/mock',
        tokenRule: {
          ifToken: { redirectTo: '/dashboard', unlessQuery: [{ param: 'status', value: 'failure' }] },
        },
        files: { a: 'mock/a.html', b: 'mock/a.html' },
      },
    ],
    notFound: { a: '_nf/a.html', b: '_nf/a.html' },
    pageJs: ['/assets/page-abc.js'],
  };
  file('site-index.json', JSON.stringify(index));
  harness = await testApp({ distDir: dist });
  app = harness.app;
});

afterAll(async () => {
  await harness.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('site server', () => {
  it('picks the page by host, and the default profile for unknown hosts', async () => {
    expect((await app.inject({ url: '/', headers: { host: 'b.localhost:3000' } })).body).toContain('login B');
    expect((await app.inject({ url: '/', headers: { host: 'localhost' } })).body).toContain('login A');
    expect((await app.inject({ url: '/', headers: { host: 'unknown.example' } })).body).toContain('login A');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const response = await app.inject({ url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('not found');
  });

  it('applies token rules from the session marker cookie', async () => {
    const redirected = await app.inject({ url: '/', headers: { cookie: 'ef_session=1' } });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe('/dashboard');
    expect(
      (await app.inject({ url: '/mock?status=failure', headers: { cookie: 'ef_session=1' } })).statusCode,
    ).toBe(200);
  });

  it('sends the precompressed page when the browser accepts brotli', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Host');
  });

  it('caches hashed assets for a year and pages never without revalidation', async () => {
    expect((await app.inject({ url: '/assets/page-abc.js' })).headers['cache-control']).toContain(
      'immutable',
    );
    expect((await app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers on pages, assets and 404s', async () => {
    for (const url of ['/', '/assets/page-abc.js', '/nope']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toMatch(/unsafe-(eval|inline)/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it.each([
    '/%E0%A4%A',
    '/%',
    '/..%2f..%2fetc%2fpasswd',
    '/assets/../site-index.json',
    `/${'a'.repeat(5000)}`,
  ])('answers the bad request %s without a 5xx or a file outside the site', async (url) => {
    const response = await app.inject({ url });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('"routes"');
  });

  it('ignores a malformed query string rather than failing the page', async () => {
    expect((await app.inject({ url: '/mock?%zz=1&status=%' })).statusCode).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
