// MOCK-NEET and MOCK-JEE repeat yearly (schedule.repeatsYearly, src/domain/season.ts): the season on
// offer moves on every year, so no text a student reads may name another year than the season's.
// Their texts name days and months without a year (docs/decisions/023-season-neutral-mock-texts.md);
// the year a student books is the one the date list (the season's dates, from the server) shows.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../../src/app/render-site';
import { seasonDates } from '../../src/domain/season';
import { validateConfig } from '../../src/engine/node/validate-config';
import type { UiStringTable } from '../../src/generated/config/i18n';

const assets = { css: ['/assets/page.css'], js: ['/assets/page.js'], preload: [] };
/** A year in running text: not part of an ISO date (2025-04-13, 2025-04) or a longer number. */
const YEAR = /(?<![\d-])(?:19|20)\d{2}(?![\d-])/g;
const yearsIn = (text: string): string[] => text.match(YEAR) ?? [];

/** Every string in a config value, with where it sits. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}/${k}`));
  return [];
}

const result = validateConfig(path.join(__dirname, '../../config'));
const bundle = result.bundle;
if (!bundle) throw new Error(JSON.stringify(result.problems));
const site = renderSite(bundle, assets);

/** What a visitor reads on a prerendered page: title, description and body text. */
function pageText(html: string): string {
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  // The footer's copyright line is the site's (the year the page is built), not the programme's.
  return `${description} ${body}`.replace(/©\s*\d{4}/g, '©');
}

// A clock before the 2027 season, and one after it (the 2028 season is on offer).
const clocks = ['2026-11-25', '2027-06-01'];
const programmes = ['mock-neet', 'mock-jee'];

describe.each(programmes)('%s: texts agree with the season on offer', (id) => {
  const programme = bundle.programmes[id];
  if (!programme) throw new Error(`no programme ${id}`);
  const closes = programme.windows.enrolmentClosesDaysBefore;
  const landings = bundle.landings.filter(({ landing }) => landing.programme === id);

  it('repeats yearly (else its texts may name its one season)', () => {
    expect(programme.schedule.repeatsYearly).toBe(true);
    expect(landings.length).toBeGreaterThan(0);
  });

  it.each(clocks)('on %s, the prerendered landing pages name no other year', (today) => {
    const offered = new Set(seasonDates(programme.schedule, today, closes).map((d) => d.slice(0, 4)));
    expect(offered.size).toBeGreaterThan(0);
    for (const { landing } of landings)
      for (const path of landing.paths) {
        const route = site.index.routes.find((r) => r.path === path);
        const files = Object.values(route?.files ?? {});
        expect(files.length, path).toBeGreaterThan(0);
        for (const file of files) {
          const text = pageText(site.pages.get(file) ?? '');
          expect(text, path).toContain(landing.title);
          expect(
            yearsIn(`${landing.title} ${text}`).filter((y) => !offered.has(y)),
            `${path} on ${today}`,
          ).toEqual([]);
        }
      }
  });

  it.each(clocks)(
    "on %s, the programme's own texts (dashboard, login, criteria) name no other year",
    (today) => {
      const offered = new Set(seasonDates(programme.schedule, today, closes).map((d) => d.slice(0, 4)));
      const stray = strings(programme)
        .filter(([, text]) => yearsIn(text).some((y) => !offered.has(y)))
        .map(([at, text]) => `${at}: ${text}`);
      expect(stray).toEqual([]);
    },
  );
});

it('the MOCK-JEE strings of the string table name no year', () => {
  for (const table of Object.values(bundle.strings) as UiStringTable[]) {
    const stray = Object.entries(table).filter(
      ([key, text]) => key.startsWith('mockJee.') && yearsIn(text).length,
    );
    expect(stray).toEqual([]);
  }
});
