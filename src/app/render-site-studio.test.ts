// A landing page's blocks as the Studio leaves them (decision 053): a hidden block is kept
// in the config but not drawn; only the Studio's preview names each block's place in the draft.
import { describe, expect, it } from 'vitest';
import type { ConfigBundle } from '../engine/config-bundle';
import { defaultProfile } from '../engine/hosts';
import { configDir } from '../engine/node/paths';
import { loadConfig } from '../engine/node/validate-config';
import type { Route } from '../engine/routes';
import { renderRoute } from './render-site';

const bundle = loadConfig(configDir());
const NO_ASSETS = { css: [], js: [], preload: [] };

function pageOf(config: ConfigBundle, file: string, options?: { studioMarks?: boolean }): string {
  const landing = config.landings.find((l) => l.file === file);
  if (!landing) throw new Error(`no ${file}`);
  const route: Route = {
    path: landing.landing.paths[0] ?? '/',
    kind: 'landing',
    landing,
    tokenRule: undefined,
  };
  return renderRoute(config, route, defaultProfile(config.hosts), NO_ASSETS, options);
}

describe('a landing page drawn from the Studio’s blocks', () => {
  const file = 'landings/neet-repeater.json';

  it('draws no hidden block, and keeps the others in place', () => {
    // The same config with the FAQ block hidden (a copy: the bundle is shared by both tests).
    const withFaqHidden = structuredClone(bundle);
    for (const block of withFaqHidden.landings.find((l) => l.file === file)?.landing.blocks ?? [])
      if (block.type === 'faq') block.hidden = true;
    expect(pageOf(bundle, file)).toContain('Frequently asked questions');
    const html = pageOf(withFaqHidden, file);
    expect(html).not.toContain('Frequently asked questions');
    expect(html).toContain('NEET repeater scholarship');
  });

  it('names each block’s place in the draft in the Studio’s preview only', () => {
    expect(pageOf(bundle, file)).not.toContain('data-studio-block');
    const preview = pageOf(bundle, file, { studioMarks: true });
    expect(preview).toContain('data-studio-block="/blocks/1"');
    expect(preview.match(/data-studio-block=/g)?.length).toBe(
      bundle.landings.find((l) => l.file === file)?.landing.blocks.length,
    );
  });
});
