// Translations in step, through the real routes and database (decision 054): an English FAQ answer
// changed in a draft marks its Hindi answer stale; editing the Hindi answer, or confirming it,
// puts it in step again, recorded with the Hindi version; the other texts are never marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsToTranslate, type TranslationBasis } from '../../../src/engine/content/translation-basis';
import type { Landing } from '../../../src/generated/config/landing';
import { contentApp, type ContentApp, type Doc } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const EN = 'landings/neet-repeater.json';
const HI = 'landings/neet-repeater-hindi.json';

type FaqDoc = Doc & { blocks: Array<{ type: string; items?: Array<{ points?: string[] }> }> };
const faqOf = (doc: Doc) => {
  const faq = (doc as FaqDoc).blocks.find((b) => b.type === 'faq');
  const first = faq?.items?.[0];
  if (!first?.points) throw new Error('the page has a FAQ with an answer');
  return first.points;
};

/** The Hindi page's marks as the Studio computes them from the server's answer. */
async function marks(hi?: Landing) {
  const answer = await c.s.as(c.people.esha, {
    method: 'GET',
    url: `/studio/api/translations?path=${encodeURIComponent(HI)}`,
  });
  expect(answer.statusCode).toBe(200);
  const data = answer.data as { english: { path: string; content: Landing }; basis: TranslationBasis };
  const page = hi ?? ((await c.open(c.people.esha, HI)).data.content as Landing);
  return { data, rows: textsToTranslate(data.english.content, page, data.basis) };
}

describe('translations in step', () => {
  it('nothing is stale on the seeded pages; an English page has no translation state', async () => {
    const { data, rows } = await marks();
    expect(data.english.path).toBe(EN);
    expect(rows).toEqual([]);
    const english = await c.s.as(c.people.esha, {
      method: 'GET',
      url: `/studio/api/translations?path=${encodeURIComponent(EN)}`,
    });
    expect(english.statusCode).toBe(404);
    expect(english.data.msg).toBe('This page is not the translation of another page.');
  });

  it('marks the Hindi answer stale when the English answer changes in a draft', async () => {
    const saved = await c.edit(c.people.esha, EN, (doc) => {
      faqOf(doc)[0] = 'Students of class 12 and class 12 passed who are taking NEET again this year.';
    });
    expect(saved.statusCode).toBe(200);
    const { rows } = await marks();
    expect(rows.map((r) => [r.state, r.label])).toEqual([['stale', expect.stringMatching(/FAQ/)]]);
    expect(rows[0]?.en).toMatch(/taking NEET again this year/);
  });

  it('a Hindi edit of that answer puts it in step, recorded with the new Hindi version', async () => {
    const saved = await c.edit(c.people.eli, HI, (doc) => {
      faqOf(doc)[0] = 'कक्षा 12 और 12 पास छात्र जो इस वर्ष फिर से NEET दे रहे हैं।';
    });
    expect(saved.statusCode).toBe(200);
    const row = await c.t.db
      .selectFrom('config_translation_basis')
      .selectAll()
      .where('path', '=', HI)
      .where('number', '=', saved.data.number as number)
      .executeTakeFirst();
    expect(row?.updated_by).toBe('Test editor');
    const { rows } = await marks();
    expect(rows).toEqual([]);
  });

  it('"still right" confirms a stale text without an edit, and is audited', async () => {
    await c.edit(c.people.esha, EN, (doc) => {
      faqOf(doc)[0] = 'An English answer changed once more, after the Hindi one was written.';
    });
    const before = await marks();
    expect(before.rows.map((r) => r.state)).toEqual(['stale']);
    const pointer = before.rows[0]?.pointer ?? '';
    const confirmed = await c.post(c.people.eli, '/translations/confirm', { path: HI, pointers: [pointer] });
    expect(confirmed.statusCode).toBe(200);
    expect((await marks()).rows).toEqual([]);
    const logged = await c.s.audited('config.translations-confirmed');
    expect(logged.map((e) => e.details)).toEqual([{ texts: 1 }]);
  });

  it('refuses a confirmation without a CSRF token', async () => {
    const refused = await c.s.call({
      method: 'POST',
      url: '/studio/api/translations/confirm',
      payload: { path: HI, pointers: ['/title'] },
      cookies: { examflow_studio: c.people.eli.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
