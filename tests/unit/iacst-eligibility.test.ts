// Who may take iACST, in one reading (part 2 §1 gives two: classes 6 to 12, or 7 to 12; both add
// class 5 students moving to class 6 and class 12 passed). The config's reading is the programme's
// eligibility (classes 5 to 12 and 12 passed), and the landing pages and the terms page say the same.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { validateConfig } from '../../src/engine/node/validate-config';

const assets = { css: ['/assets/page.css'], js: ['/assets/page.js'], preload: [] };

describe('who may take iACST', () => {
  const result = validateConfig(path.join(__dirname, '../../config'));
  const bundle = result.bundle;
  if (!bundle) throw new Error(JSON.stringify(result.problems));
  const site = renderSite(bundle, assets);
  const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  const pageAt = (at: string) => {
    const route = site.index.routes.find((r) => r.path === at);
    return text(site.pages.get(Object.values(route?.files ?? {})[0] ?? '') ?? '');
  };

  it('the programme admits classes 5 (moving to 6) to 12 and class 12 passed', () => {
    const iacst = bundle.programmes.iacst;
    expect(iacst?.eligibility.classes).toEqual(['5', '6', '7', '8', '9', '10', '11', '12', '12-passed']);
  });

  it.each(['/iacstexam', '/adst', '/iacst-scholarship/terms-conditions'])(
    '%s says classes 6 to 12, class 5 moving to class 6, and class 12 passed; never class 7 and above',
    (at) => {
      const page = pageAt(at);
      expect(page).toMatch(/classes 6 to 12/i);
      expect(page).toMatch(/class 5 students moving to class 6/i);
      expect(page).toMatch(/(passed class 12|class 12 passed)/i);
      expect(page).not.toMatch(/class 7 or above|classes? 7 to 12/i);
    },
  );
});
