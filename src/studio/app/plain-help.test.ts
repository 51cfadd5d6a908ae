// The Studio shows every schema title as a label and every description as the help under a field,
// to marketing people who have never seen JSON: no file paths, config keys, spec references or API
// names there. Developer notes belong in `$comment` (neither validation nor @rjsf reads it).
import { describe, expect, it } from 'vitest';
import { SCHEMAS, uiSchemaFor, type FileKind } from './schema-bundle';

/** What gives a help text away as written for developers, and why each is jargon to an editor. */
const JARGON: [RegExp, string][] = [
  [/config\//i, 'a config folder'],
  [/\.json\b/i, 'a file name'],
  [/\bsrc\//i, 'a source file'],
  [/§/, 'a spec section'],
  [/\bpart \d\b/i, 'a spec part'],
  [/\bspec\b/i, 'the spec'],
  [/\bsite\./i, 'a site.json key'],
  [/\bUI string\b/i, 'an i18n key'],
  [/\bregex/i, 'a regular expression'],
  [/schema/i, 'the schema'],
  [/\bAPI\b|\/api\//, 'the API'],
  [/\b(?:GET|POST)\s+\//, 'an HTTP call'],
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, 'a camelCase key'],
  [/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/, 'a snake_case field'],
  [/<[a-z]+>/i, 'a placeholder'],
];

// Words the patterns above would catch that an editor knows: the exam's brand name, and the values
// a field takes (a variant key is written this way; an analytics event name is what the team reads).
const ALLOWED = new Set(['iACST', 'iacst_repeater_neet', 'iacst_adst', 'iacst_register_now_landing']);

function jargonIn(text: string): string[] {
  const found: string[] = [];
  for (const [pattern, why] of JARGON) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    for (const match of text.matchAll(global))
      if (!ALLOWED.has(match[0])) found.push(`${why} (“${match[0]}”)`);
  }
  return found;
}

interface Seen {
  where: string;
  text: string;
}

/** Every title and description in a bundled schema (definitions included), and the uiSchema's titles. */
function textsOf(kind: FileKind): Seen[] {
  const seen: Seen[] = [];
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}/${i}`));
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      // The `$schema` field is hidden in the form (asserted below); `$comment` is for developers.
      if (key === '$schema' || key === '$comment') continue;
      if ((key === 'title' || key === 'description' || key === 'ui:title') && typeof child === 'string')
        seen.push({ where: `${where} ${key}`, text: child });
      else walk(child, `${where}/${key}`);
    }
  };
  walk(SCHEMAS[kind], kind);
  walk(uiSchemaFor(kind), `${kind} uiSchema`);
  return seen;
}

describe('help texts in the Studio are written for editors, not developers', () => {
  it('the check catches what a developer would write, and lets plain help through', () => {
    const developer = [
      'The id of a file in config/programmes (e.g. iacst).',
      'Defaults to the UI string registration.heading.',
      "the API's isCheckedState",
      'hides the switch (part 2 §2)',
      'every 3 s (site.landing timings)',
      'a file for <locale> must exist',
      'the sample pack is bought (static_data.mock_purchased)',
      'GET /student-result',
      'must match the regex in the schema',
    ];
    for (const text of developer) expect(jargonIn(text), text).not.toEqual([]);
    const plain = [
      'The iACST page for repeaters, e.g. variant key iacst_repeater_neet.',
      'Where students type their mobile number; 0 makes the test free.',
    ];
    for (const text of plain) expect(jargonIn(text), text).toEqual([]);
  });

  const least = { landing: 60, programme: 80, coupon: 10 };
  it.each(['landing', 'programme', 'coupon'] as const)(
    '%s: no title or description has developer jargon',
    (kind) => {
      const texts = textsOf(kind);
      expect(texts.length).toBeGreaterThan(least[kind]);
      const problems = texts.flatMap(({ where, text }) => {
        const found = jargonIn(text);
        return found.length === 0 ? [] : [`${where}: ${found.join(', ')} in “${text}”`];
      });
      expect(problems, 'move developer detail to a `$comment` on the same node').toEqual([]);
    },
  );

  it.each(['landing', 'programme', 'coupon'] as const)(
    '%s: the `$schema` field skipped above is hidden',
    (kind) => {
      expect(uiSchemaFor(kind).$schema).toEqual({ 'ui:widget': 'hidden' });
    },
  );
});
