// Experiments on the site server: a path split 50/50 between two variants serves
// each variant's prerendered page; 1,000 first visits split within a few percent; a returning
// visitor keeps the variant (a first-party cookie); search engines and previews get the default;
// a host profile that shows another variant's content at the path is not split. Each browser the split
// assigns is recorded once as an exposure; bots and visits to a variant's own path are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteIndex } from '../src/engine/site-index';
import { testApp, type TestApp } from '../tests/support/server-harness';

let dist: string;
let harness: TestApp;
const CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'examflow-experiments-'));
  const file = (rel: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), body);
  };
  const page = (text: string) => `<!doctype html><html><body>${text}</body></html>`;
  file('pages/current/a.html', page('variant current'));
  file('pages/current/b.html', page('profile b override'));
  file('pages/new/a.html', page('variant new'));
  file('pages/_nf/a.html', page('not found'));
  file('client/robots.txt', 'User-agent: *');
  const index: SiteIndex = {
    hosts: {
      $schema: '',
      defaultProfile: 'a',
      profiles: [
        { id: 'a', programme: 'iacst', hosts: ['localhost'], registerPath: '/x' },
        { id: 'b', programme: 'iacst', hosts: ['b.localhost'], registerPath: '/x' },
      ],
    },
    routes: [
      { path: '/split', files: { a: 'current/a.html', b: 'current/b.html' } },
      { path: '/new-page', files: { a: 'new/a.html', b: 'new/a.html' } },
    ],
    notFound: { a: '_nf/a.html', b: '_nf/a.html' },
    pageJs: [],
    experiments: [
      {
        id: 'split-test',
        path: '/split',
        defaultVariant: 'current',
        variants: [
          { variantKey: 'current', weight: 50, routePath: '/split' },
          { variantKey: 'fresh', weight: 50, routePath: '/new-page' },
        ],
        skipProfiles: ['b'],
      },
    ],
  };
  file('site-index.json', JSON.stringify(index));
  harness = await testApp({ distDir: dist });
});

afterAll(async () => {
  await harness.close();
  rmSync(dist, { recursive: true, force: true });
});

const exposures = () => harness.db.selectFrom('experiment_exposures').selectAll().orderBy('at_ms').execute();
/** The exposures once the background writes of earlier visits are done (they run every 500 ms). */
const settledExposures = async () => {
  await new Promise((resolve) => setTimeout(resolve, 700));
  return exposures();
};
const visit = (headers: Record<string, string> = {}) =>
  harness.app.inject({ url: '/split', headers: { 'user-agent': CHROME, ...headers } });

describe('a path split between variants', () => {
  it('1,000 first visits split within a few percent of 50/50, each told its variant in a cookie', async () => {
    let fresh = 0;
    const visitors = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const response = await visit();
      expect(response.statusCode).toBe(200);
      const [vid, arm] = response.headers['set-cookie'] as string[];
      const shown = response.body.includes('variant new') ? 'fresh' : 'current';
      expect(response.body).toContain(shown === 'fresh' ? 'variant new' : 'variant current');
      expect(vid).toMatch(/^ef_vid=[0-9a-f-]{36}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
      expect(arm).toBe(`ef_exp_split-test=${shown}; Path=/; Max-Age=7776000; SameSite=Lax; HttpOnly`);
      visitors.add(String(vid).slice(7, 43));
      if (shown === 'fresh') fresh++;
    }
    // The hash of random visitor ids: σ of a share of 1,000 at 50 % is 1.6 points; 6 points is ~3.8σ.
    expect(Math.abs(fresh / 1000 - 0.5)).toBeLessThan(0.06);
    // Each is recorded once as an exposure, by the arm it was shown (written in the background).
    await vi.waitFor(async () => expect(await exposures()).toHaveLength(1000), { timeout: 5000 });
    const rows = await exposures();
    expect(new Set(rows.map((r) => r.visitor))).toEqual(visitors);
    expect(rows.filter((r) => r.arm === 'fresh')).toHaveLength(fresh);
    expect(rows[0]).toMatchObject({
      experiment: 'split-test',
      day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as unknown,
    });
  });

  it('a visitor seen again is not exposed twice', async () => {
    const before = (await settledExposures()).length;
    const first = await visit({ cookie: 'ef_vid=one-visitor-seen-twice' });
    const arm = String((first.headers['set-cookie'] as string[])[0]).split(';')[0];
    await visit({ cookie: `ef_vid=one-visitor-seen-twice; ${arm}` });
    await visit({ cookie: 'ef_vid=one-visitor-seen-twice' });
    await vi.waitFor(async () => expect(await exposures()).toHaveLength(before + 1), { timeout: 5000 });
    expect(await settledExposures()).toHaveLength(before + 1);
  });

  it('a returning visitor keeps the variant, and the page is not cached across cookies', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await visit({ cookie: 'ef_vid=returning-visitor-0001; ef_exp_split-test=fresh' });
      expect(response.body).toContain('variant new');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.vary).toContain('Cookie');
      const other = await visit({ cookie: 'ef_session=; ef_exp_split-test=current' });
      expect(other.body).toContain('variant current');
    }
  });

  it('search engines and link previews see the default page, with no cookie, and are not exposed', async () => {
    const before = (await settledExposures()).length;
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'WhatsApp/2.23.20.0 A',
    ]) {
      for (let i = 0; i < 20; i++) {
        const response = await visit({ 'user-agent': agent });
        expect(response.body).toContain('variant current');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
    expect(await settledExposures()).toHaveLength(before);
  });

  it('is not split on a host profile that shows another variant’s content there', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await visit({ host: 'b.localhost' });
      expect(response.body).toContain('profile b override');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('leaves the variant’s own path as it was: a visit there is not an exposure', async () => {
    const before = (await settledExposures()).length;
    const response = await harness.app.inject({ url: '/new-page', headers: { 'user-agent': CHROME } });
    expect(response.body).toContain('variant new');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await settledExposures()).toHaveLength(before);
  });

  it('writes the exposures still queued when the server closes', async () => {
    const before = (await settledExposures()).length;
    for (let i = 0; i < 30; i++) await visit();
    await harness.app.close();
    expect(await exposures()).toHaveLength(before + 30);
  });
});
