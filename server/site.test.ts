// The site server on a small built-site fixture: pages by host and path, token rules, 404s,
// compression, caching, security headers, and bad requests that must never become a 5xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { DiagnosticSeverity } from '@stoplight/types';
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

describe('the API contract of a server that serves the site (decision 038)', () => {
  it("passes spectral's OpenAPI ruleset with no error, every operation with its own id", async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).body;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(new Document(doc, Parsers.Json));
    const errors = results.filter((r) => r.severity === DiagnosticSeverity.Error);
    expect(errors.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    // The warnings kept are the ones decision 038 names.
    const kept = new Set(['operation-description', 'oas3-unused-component', 'operation-success-response']);
    expect([...new Set(results.map((r) => r.code))].filter((code) => !kept.has(String(code)))).toEqual([]);
    const ids = Object.values(
      (JSON.parse(doc) as { paths: Record<string, Record<string, { operationId?: string }>> }).paths,
    ).flatMap((operations) => Object.values(operations).map((o) => o.operationId));
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers in its own JSON shape where the framework would not: unknown calls, other methods, bad addresses, huge headers', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/no-such-call' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { success: 'false', msg: 'This API call does not exist.' },
    ]);
    const method = await app.inject({ method: 'DELETE', url: '/api/login' });
    expect([method.statusCode, method.headers.allow, method.json()]).toEqual([
      405,
      'POST',
      { success: 'false', msg: 'This call does not take DELETE.' },
    ]);
    const order = await app.inject({ method: 'PUT', url: `/api/orders/EF${'0'.repeat(20)}` });
    expect([order.statusCode, order.headers.allow]).toEqual([405, 'GET, HEAD']);
    const bad = await app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: 'false' });
    // Headers past Node's limit, on a real socket: refused as JSON.
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/session HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: 'false',
      msg: "The request's headers are too large.",
    });
  });
});
