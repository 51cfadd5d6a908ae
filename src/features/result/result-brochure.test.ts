// The result page's trailing brochure is shown to every student, qualified or not (part 1 §2), so
// neither its images nor their alt texts may tell the reader that a scholarship is theirs (a Not
// Qualified student never reads "Your scholarship applies").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir, publicDir } from '../../engine/node/paths';
import { loadConfig } from '../../engine/node/validate-config';

const site = loadConfig(configDir()).site;

describe('the result brochure speaks to every student', () => {
  it('has brochure pages to check', () => expect(site.resultPage?.brochure.length).toBeGreaterThan(0));
  it.each((site.resultPage?.brochure ?? []).map((image) => [image.src, image] as const))(
    '%s',
    (_src, image) => {
      const svgText = [...readFileSync(path.join(publicDir, image.src), 'utf8').matchAll(/>([^<>]+)</g)]
        .map((m) => m[1]?.trim())
        .filter(Boolean)
        .join(' | ');
      for (const text of [image.alt, svgText]) {
        expect(text).not.toMatch(/\byour scholarship\b/i);
        expect(text).not.toMatch(/\byou (have )?(won|earned|qualified)\b/i);
      }
    },
  );
});
