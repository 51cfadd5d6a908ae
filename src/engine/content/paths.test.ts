import { describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../node/validate-config';
import { configDir } from '../node/paths';
import type { RegistrationCardBlock } from '../../generated/config/landing';
import { copyConfig } from '../../../tests/fixtures/config-copy';
import { fileForPath, hostsShowing, newVariantFrom, pathProblems, urlsOf } from './paths';

const bundle = loadConfig(configDir());
const landingOf = (file: string) => {
  const found = bundle.landings.find((l) => l.file === file);
  if (!found) throw new Error(`no ${file}`);
  return found.landing;
};

describe('pathProblems (the cross-check’s rule, before anything is written)', () => {
  it('accepts free paths and a landing’s own paths', () => {
    expect(pathProblems(['/neet-2026'], { bundle })).toEqual([]);
    expect(pathProblems(['/adst'], { bundle, ownFile: 'landings/adst.json' })).toEqual([]);
  });
  it('refuses another variant’s path, an app route, a reserved path, a malformed one and a repeat', () => {
    const problems = pathProblems(
      ['/adst', '/exam/login', '/dashboard/x', '/studio', '/Neet 2026', '/neet', '/neet'],
      { bundle },
    );
    expect(problems.map((p) => [p.index, p.message])).toEqual([
      [0, 'path "/adst" is already used by config/landings/adst.json'],
      [1, 'path "/exam/login" is already used by config/site.json'],
      [2, 'path "/dashboard/x" is inside /dashboard, whose pages belong to the app (config/site.json)'],
      [3, 'path "/studio" is reserved for the server'],
      [4, expect.stringContaining('is not a valid page path')],
      [6, 'path "/neet" is given twice on this page'],
    ]);
    expect(pathProblems([], { bundle })).toHaveLength(1);
  });
});

describe('where a path is served', () => {
  it('is every host; the digital host shows adst’s content at a repeater page’s paths', () => {
    const urls = urlsOf(bundle.hosts, landingOf('landings/neet-repeater.json'), '/x');
    expect(urls).toContainEqual({ host: 'localhost', url: 'http://localhost/x' });
    expect(urls).toContainEqual({
      host: 'digital.localhost',
      url: 'http://digital.localhost/x',
      shows: 'iacst_adst',
    });
    expect(hostsShowing(bundle.hosts, landingOf('landings/neet-repeater.json'))).not.toContain(
      'digital.localhost',
    );
    expect(hostsShowing(bundle.hosts, landingOf('landings/adst.json'))).toContain('digital.localhost');
    expect(hostsShowing(bundle.hosts, landingOf('landings/mock-neet.json'))).toContain('mock-neet.localhost');
  });
});

describe('newVariantFrom', () => {
  it('copies a variant with new paths and key, and the copy passes validate:config', () => {
    const source = landingOf('landings/iacst-default.json');
    const result = newVariantFrom(
      source,
      { paths: ['/iacst-2026', '/iacst-2026-exam'], variantKey: 'iacst_2026' },
      bundle,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.file).toBe('landings/iacst-2026.json');
    expect(result.landing.paths).toEqual(['/iacst-2026', '/iacst-2026-exam']);
    expect(result.landing.variantKey).toBe('iacst_2026');
    expect(result.landing.blocks).toHaveLength(source.blocks.length);
    expect(source.paths).toEqual(['/iacstexam', '/iacst-exam']); // the source is untouched
    // The card's checked lists were on the source's second path: now on the copy's second path.
    const card = (l: typeof source) =>
      l.blocks.find((b) => b.type === 'registration-card') as RegistrationCardBlock;
    expect(card(source).checkedListsOn).toEqual(['/iacst-exam']);
    expect(card(result.landing).checkedListsOn).toEqual(['/iacst-2026-exam']);

    const copy = copyConfig();
    try {
      copy.write(result.file, result.landing);
      expect(validateConfig(copy.dir).problems).toEqual([]);
    } finally {
      copy.remove();
    }
  });

  it('refuses a taken path and a key another programme’s page or the programme itself has', () => {
    const source = landingOf('landings/mock-neet.json');
    const taken = newVariantFrom(
      source,
      { paths: ['/jee-repeater-scholarship'], variantKey: 'iacst_adst' },
      bundle,
    );
    expect(taken).toEqual({
      ok: false,
      problems: [
        {
          field: 'paths',
          index: 0,
          message: 'path "/jee-repeater-scholarship" is already used by config/landings/jee-repeater.json',
        },
        {
          field: 'variantKey',
          message: expect.stringContaining(
            'variant key "iacst_adst" is already used by config/landings/adst.json',
          ),
        },
      ],
    });
    const own = newVariantFrom(source, { paths: ['/mock-neet-2'], variantKey: 'default' }, bundle);
    expect(own.ok || own.problems.map((p) => p.field)).toEqual(['variantKey']);
    const bad = newVariantFrom(source, { paths: ['/mock-neet-2'], variantKey: 'Mock NEET' }, bundle);
    expect(bad.ok || bad.problems[0]?.message).toMatch(/is not valid/);
    const examType = newVariantFrom(source, { paths: ['/mock-neet-2'], variantKey: 'mock_jee' }, bundle);
    expect(examType.ok).toBe(true);
  });

  it('names the file after the first path and refuses one that exists', () => {
    expect(fileForPath('/iacst-scholarship/terms-2')).toBe('landings/iacst-scholarship-terms-2.json');
    const source = landingOf('landings/adst.json');
    const result = newVariantFrom(source, { paths: ['/mock-jee'], variantKey: 'iacst_mock_jee' }, bundle);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          field: 'file',
          message: `the page “${landingOf('landings/mock-jee.json').title}” (${landingOf('landings/mock-jee.json').paths[0]}) is already kept under the name the address /mock-jee makes: put another address first`,
        },
      ],
    });
  });
});
