import { describe, expect, it } from 'vitest';
import iacst from '../../../config/programmes/iacst.json';
import neetRepeater from '../../../config/landings/neet-repeater.json';
import siteConfig from '../../../config/site.json';
import common from '../../../schemas/config/common.schema.json';
import landing from '../../../schemas/config/landing.schema.json';
import programme from '../../../schemas/config/programme.schema.json';
import site from '../../../schemas/config/site.schema.json';
import { htmlTexts } from './html-texts';

const files = {
  'common.schema.json': common,
  'site.schema.json': site,
  'programme.schema.json': programme,
  'landing.schema.json': landing,
};

describe('the config texts shown as HTML, by their schema’s mark', () => {
  it("are a programme's dashboard FAQ answers, each by its pointer", () => {
    const found = htmlTexts(files, 'programme.schema.json', iacst);
    const answers = iacst.dashboard.faq.flatMap((q, i) =>
      q.points.map((text, k) => ({ pointer: `/dashboard/faq/${i}/points/${k}`, text })),
    );
    expect(found).toEqual(answers);
  });

  it("and the site's admissions FAQ answers; never a landing page's FAQ answers", () => {
    expect(htmlTexts(files, 'site.schema.json', siteConfig).map((t) => t.pointer)).toEqual(
      siteConfig.admissionsFaq.flatMap((q, i) => q.points.map((_, k) => `/admissionsFaq/${i}/points/${k}`)),
    );
    expect(neetRepeater.blocks.some((b) => b.type === 'faq')).toBe(true);
    expect(htmlTexts(files, 'landing.schema.json', neetRepeater)).toEqual([]);
  });

  it('finds a new text by its mark alone, through a block type’s branch', () => {
    const schema = {
      definitions: { note: { type: 'string', contentMediaType: 'text/html' } },
      properties: {
        blocks: {
          items: {
            allOf: [
              {
                if: { properties: { type: { const: 'a' } } },
                then: { properties: { body: { $ref: '#/definitions/note' } } },
              },
              {
                if: { properties: { type: { const: 'b' } } },
                then: { properties: { body: { type: 'string' } } },
              },
            ],
          },
        },
      },
    };
    const data = {
      blocks: [
        { type: 'a', body: '<b>x</b>' },
        { type: 'b', body: 'plain' },
      ],
    };
    expect(htmlTexts({ 'x.json': schema }, 'x.json', data)).toEqual([
      { pointer: '/blocks/0/body', text: '<b>x</b>' },
    ]);
  });
});
