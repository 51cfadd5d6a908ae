// Every repeater page (NEET, JEE, medical and engineering; English and Hindi) says who it is for in
// one voice: the hero, the eligibility block and the class & stream list (server/routes/master.test.ts
// checks the API lists exactly the landing's classes and streams) all say class 12 and class 12 passed.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { validateConfig } from '../../src/engine/node/validate-config';
import type { Programme } from '../../src/generated/config/programme';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';

const assets = { css: ['/assets/page.css'], js: ['/assets/page.js'], preload: [] };
let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

const pages = [
  {
    path: '/neet-repeater-scholarship',
    hero: 'For class 12 and class 12 passed students',
    says: [/\bclass 12\b/i, /passed class 12/i],
    never: [/classes 6 to 12/i, /class 5/i, /moving to class 6/i],
    streams: ['SOM'],
  },
  {
    path: '/neet-repeater-scholarship-hindi',
    hero: 'कक्षा 12 और 12 पास छात्रों के लिए',
    says: [/कक्षा 12/, /कक्षा 12 पास/],
    never: [/6 से 12/, /कक्षा 5/, /कक्षा 6 में जाने/],
    streams: ['SOM'],
  },
  {
    path: '/jee-repeater-scholarship',
    hero: 'For class 12 and class 12 passed students',
    says: [/\bclass 12\b/i, /passed class 12/i, /Engineering \(JEE\)/],
    never: [/classes 6 to 12/i, /class 5/i, /moving to class 6/i, /Medical \(NEET\)/],
    streams: ['SOE'],
  },
  {
    path: '/iacst-medical-engineering-repeater-courses',
    hero: 'For class 12 and class 12 passed students',
    says: [/\bclass 12\b/i, /passed class 12/i, /Medical \(NEET\) or engineering \(JEE\)/],
    never: [/classes 6 to 12/i, /class 5/i, /moving to class 6/i],
    streams: ['SOE', 'SOM'],
  },
  {
    path: '/iacst-medical-engineering-repeater-courses-hindi',
    hero: 'कक्षा 12 और 12 पास छात्रों के लिए',
    says: [/कक्षा 12/, /कक्षा 12 पास/, /मेडिकल \(नीट\) या इंजीनियरिंग \(जेईई\)/],
    never: [/6 से 12/, /कक्षा 5/, /कक्षा 6 में जाने/],
    streams: ['SOE', 'SOM'],
  },
];

describe('the repeater pages', () => {
  const result = validateConfig(path.join(__dirname, '../../config'));
  const bundle = result.bundle;
  if (!bundle) throw new Error(JSON.stringify(result.problems));
  const site = renderSite(bundle, assets);

  it.each(pages)(
    '$path: hero, eligibility block and class list agree',
    ({ path, hero, says, never, streams }) => {
      const route = site.index.routes.find((r) => r.path === path);
      const html = site.pages.get(Object.values(route?.files ?? {})[0] ?? '') ?? '';
      const text = (part: string) => part.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
      const page = text(html);
      expect(page).toContain(hero);
      const eligibility = text(/<section id="eligibility"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '');
      for (const pattern of says) expect(eligibility).toMatch(pattern);
      for (const pattern of never) expect(page).not.toMatch(pattern);
      const landing = bundle.landings.find((l) => l.landing.paths.includes(path))?.landing;
      expect(landing?.eligibility?.classes).toEqual(['12', '12-passed']);
      expect(landing?.eligibility?.streams).toEqual(streams);
    },
  );

  it('checks every repeater page there is', () => {
    const repeaters = bundle.landings
      .filter(({ landing }) => landing.variantKey.includes('repeater'))
      .map(({ landing }) => landing.paths[0]);
    expect(repeaters.sort()).toEqual(pages.map((p) => p.path).sort());
  });

  it("a page's eligibility may only narrow its programme's (config check)", () => {
    copy = copyConfig();
    const iacst = copy.read<Programme>('programmes/iacst.json');
    copy.write('programmes/iacst.json', {
      ...iacst,
      eligibility: {
        ...iacst.eligibility,
        classes: iacst.eligibility.classes.filter((c) => c !== '12-passed'),
      },
    });
    const problems = validateConfig(copy.dir).problems;
    for (const file of [
      'landings/neet-repeater.json',
      'landings/neet-repeater-hindi.json',
      'landings/jee-repeater.json',
      'landings/medical-engineering-repeater.json',
      'landings/medical-engineering-repeater-hindi.json',
    ])
      expect(problems).toContainEqual(expect.objectContaining({ file, pointer: '/eligibility/classes/1' }));
  });
});
