// An experiment in site.json reaches the built site: the index names the split and
// the page of each variant, and each variant's page reports its own variant to the funnel, so the
// funnel groups by the variant served at the split path.
import { afterEach, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { validateConfig } from '../../src/engine/node/validate-config';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at raw JSON
let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

it('a 50/50 split of /neet-repeater-scholarship is in the site index, and each page names its variant', () => {
  copy = copyConfig();
  copy.edit<Json>('site.json', (site) => {
    site.experiments = [
      {
        id: 'neet-repeater-2025',
        path: '/neet-repeater-scholarship',
        variants: [
          { variantKey: 'iacst_repeater_neet', weight: 50 },
          { variantKey: 'iacst_repeater_jee', weight: 50 },
        ],
      },
    ];
  });
  const result = validateConfig(copy.dir);
  expect(result.problems).toEqual([]);
  if (!result.bundle) throw new Error('no bundle');
  const assets = { css: [], js: ['/assets/page.js'], preload: [], funnelJs: ['/assets/funnel.js'] };
  const site = renderSite(result.bundle, assets);
  expect(site.index.funnelJs).toEqual(['/assets/funnel.js']);
  expect(site.index.experiments).toEqual([
    {
      id: 'neet-repeater-2025',
      path: '/neet-repeater-scholarship',
      defaultVariant: 'iacst_repeater_neet',
      variants: [
        { variantKey: 'iacst_repeater_neet', weight: 50, routePath: '/neet-repeater-scholarship' },
        { variantKey: 'iacst_repeater_jee', weight: 50, routePath: '/jee-repeater-scholarship' },
      ],
      // The digital host shows its own variant (adst) at the repeater paths: no split there.
      skipProfiles: ['digital'],
    },
  ]);
  const htmlAt = (path: string) => {
    const route = site.index.routes.find((r) => r.path === path);
    return site.pages.get(route?.files.iacst ?? '') ?? '';
  };
  expect(htmlAt('/neet-repeater-scholarship')).toContain('data-funnel-variant="iacst_repeater_neet"');
  expect(htmlAt('/jee-repeater-scholarship')).toContain('data-funnel-variant="iacst_repeater_jee"');
  expect(htmlAt('/jee-repeater-scholarship')).toContain('data-funnel-programme="iacst"');
  // The funnel's reporter is loaded by the pages of the funnel only.
  expect(htmlAt('/jee-repeater-scholarship')).toContain(
    'data-after-paint="/assets/page.js /assets/funnel.js"',
  );
  expect(htmlAt('/exam/login')).not.toContain('/assets/funnel.js');
  // Without the reporter (the Studio's preview), a page names no variant: nothing reports from it.
  const preview = renderSite(result.bundle, { ...assets, funnelJs: undefined });
  const previewHtml = preview.pages.get(
    preview.index.routes.find((r) => r.path === '/jee-repeater-scholarship')?.files.iacst ?? '',
  );
  expect(previewHtml).toContain('data-after-paint="/assets/page.js"');
  expect(previewHtml).not.toContain('data-funnel-variant');
  // Config read from files has no versions; the database's published config names each page's.
  expect(htmlAt('/jee-repeater-scholarship')).not.toContain('data-funnel-version');
  const versioned = renderSite({ ...result.bundle, versions: { 'landings/jee-repeater.json': 4 } }, assets);
  const jee = versioned.index.routes.find((r) => r.path === '/jee-repeater-scholarship');
  expect(versioned.pages.get(jee?.files.iacst ?? '')).toContain('data-funnel-version="4"');
});
