// A Hindi page's links to the terms and the privacy policy say those pages are in English (there
// is no Hindi copy of them), so a reader is not surprised by the language they open in.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { validateConfig } from '../../src/engine/node/validate-config';

const assets = { css: ['/assets/page.css'], js: ['/assets/page.js'], preload: [] };

describe('the Hindi pages', () => {
  const bundle = validateConfig(path.join(__dirname, '../../config')).bundle;
  if (!bundle) throw new Error('config invalid');
  const site = renderSite(bundle, assets);
  const hindi = bundle.landings
    .filter(({ landing }) => landing.locale === 'hi')
    .map(({ landing }) => landing.paths[0]);

  it('there are some', () => expect(hindi.length).toBeGreaterThan(0));

  it.each(hindi)('%s: the terms and privacy links say they are in English', (at) => {
    const route = site.index.routes.find((r) => r.path === at);
    const html = site.pages.get(Object.values(route?.files ?? {})[0] ?? '') ?? '';
    const links = [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1] ?? '');
    expect(links).toContain('नियम और शर्तें (अंग्रेज़ी में)');
    expect(links).toContain('गोपनीयता नीति (अंग्रेज़ी में)');
  });
});
