// Marketing adds a landing variant by writing one JSON file: no code. This test does exactly that
// in a temporary copy of the config and renders the new route with the prerenderer.
import { afterEach, describe, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { validateConfig } from '../../src/engine/node/validate-config';
import type { Landing } from '../../src/generated/config/landing';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';

const assets = { css: ['/assets/page.css'], js: ['/assets/page.js'], preload: [] };
let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

describe('adding a landing variant', () => {
  it('a new file in config/landings gets its own route, title and FAQ', () => {
    copy = copyConfig();
    const variant = copy.read<Landing>('landings/neet-repeater.json');
    variant.paths = ['/neet-dropper-scholarship'];
    variant.variantKey = 'iacst_neet_dropper';
    variant.title = 'NEET Dropper Scholarship 2025 | Demo Academy';
    variant.description =
      'Took a drop year for NEET? Take the free scholarship test and win up to 60% off our repeater course.';
    const [first, ...rest] = variant.blocks.map((block): Landing['blocks'][number] =>
      block.type === 'faq'
        ? {
            ...block,
            items: [
              {
                id: 'dropper-who',
                heading: 'Who is a NEET dropper?',
                points: ['A student who takes a year to prepare again for NEET.'],
              },
            ],
          }
        : block,
    );
    if (!first) throw new Error('the copied variant has no blocks');
    variant.blocks = [first, ...rest];
    copy.write('landings/neet-dropper.json', variant);

    const result = validateConfig(copy.dir);
    expect(result.problems).toEqual([]);
    const site = renderSite(result.bundle!, assets); // eslint-disable-line @typescript-eslint/no-non-null-assertion -- asserted just above
    const route = site.index.routes.find((r) => r.path === '/neet-dropper-scholarship');
    expect(route).toBeDefined();
    const html = site.pages.get(Object.values(route?.files ?? {})[0] ?? '') ?? '';
    expect(html).toContain('<title>NEET Dropper Scholarship 2025 | Demo Academy</title>');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('Who is a NEET dropper?');
    expect(html).toContain('A student who takes a year to prepare again for NEET.');
    // The old variant is untouched.
    const old = site.index.routes.find((r) => r.path === '/neet-repeater-scholarship');
    expect(site.pages.get(Object.values(old?.files ?? {})[0] ?? '')).not.toContain('Who is a NEET dropper?');
  });

  it('a mistake in the new file is reported, not rendered', () => {
    copy = copyConfig();
    const variant = copy.read<Landing>('landings/neet-repeater.json');
    copy.write('landings/broken.json', {
      ...variant,
      paths: ['/broken-variant'],
      variantKey: 'broken',
      blocks: [{ type: 'hero-banner' }],
    });
    const result = validateConfig(copy.dir);
    expect(result.bundle).toBeUndefined();
    expect(result.problems).toContainEqual(
      expect.objectContaining({ file: 'landings/broken.json', pointer: '/blocks/0/type' }),
    );
  });
});
