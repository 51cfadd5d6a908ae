// @vitest-environment jsdom
// On a page, the client names the page's <html lang> without being told. The portal server cannot
// start inside the jsdom environment, so a plain HTTP server answers what it was sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, pageLocale } from './client';

let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.setHeader('access-control-allow-origin', '*');
    response.end(JSON.stringify({ language: request.headers['accept-language'] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sent = async () => (await apiGet<{ language: string | null }>('/echo', { baseUrl })).language;

describe('api client on a page', () => {
  it("sends the page's locale as Accept-Language", async () => {
    document.documentElement.lang = 'hi';
    expect(pageLocale()).toBe('hi');
    expect(await sent()).toBe('hi');
    document.documentElement.lang = 'en';
    expect(await sent()).toBe('en');
  });
});
