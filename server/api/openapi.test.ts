// The API reference: Swagger UI with its assets from node_modules, under the site's
// CSP, with request examples, and "Try it out" only where the sandbox runs.
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../security-headers';
import { testApp, type TestApp } from '../../tests/support/server-harness';

describe('API reference', () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await testApp({ config: { sandbox: true } });
    production = await testApp({ config: { sandbox: false } });
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
  });

  it('serves Swagger UI whose scripts and styles all come from this server, under the strict CSP', async () => {
    const page = await dev.call({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) expect(asset).toMatch(/^\/api\/docs\/static\//);
    // No inline script: the CSP (script-src 'self') would refuse it.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const bundle = await dev.call({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(500_000);
  });

  it('gives request examples a developer can send as they are', async () => {
    const doc = await dev.call({ method: 'GET', url: '/api/docs/json' });
    const login = (doc.data as { paths: Record<string, { post?: { requestBody?: unknown } }> }).paths[
      '/api/login'
    ];
    expect(login?.post?.requestBody).toMatchObject({
      content: {
        'application/json': { example: { roll_number: '250000000001', date_of_birth: '05/01/2008' } },
      },
    });
    // The example logs in: a demo student of the seed.
    const reply = await dev.call({
      method: 'POST',
      url: '/api/login',
      payload: { roll_number: '250000000001', date_of_birth: '05/01/2008' },
    });
    expect(reply.statusCode).toBe(200);
  });

  it('offers "Try it out" only with the sandbox on', async () => {
    const init = async (t: TestApp) =>
      (await t.call({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).body;
    expect(await init(dev)).toMatch(/"supportedSubmitMethods":\["get","post","put","patch","delete"\]/);
    expect(await init(production)).toMatch(/"supportedSubmitMethods":\[\]/);
    expect(await init(dev)).toContain('"validatorUrl":null');
  });

  // The document is whole (no $ref to a file it does not serve), so a standard
  // validator passes it and a standard generator turns it into types.
  it('serves a self-contained document a standard validator and generator take', async () => {
    const doc = (await production.call({ method: 'GET', url: '/api/openapi.json' })).data;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => !ref.startsWith('#/components/schemas/'))).toEqual([]);
    // The validator dereferences in place: a copy, so the refs checked above stay as served.
    await expect(SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document)).resolves.toBeTruthy();
    const types = astToString(
      await openapiTS(structuredClone(doc) as unknown as Parameters<typeof openapiTS>[0]),
    );
    expect(types).toContain('"/api/dashboard": {');
    // The dashboard's data (a definition named like its file) is typed, not lost.
    expect(types).toMatch(/"dashboard-dashboard": \{[^}]*main_exam:/);
  });
});
