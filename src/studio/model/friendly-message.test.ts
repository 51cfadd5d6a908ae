import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig, type Problem } from '../../engine/node/validate-config';
import { copyConfig, type ConfigCopy } from '../../../tests/fixtures/config-copy';
import { friendlyMessage, problemField } from './friendly-message';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at raw JSON

let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

/** validate-config's real problems for a broken copy of config/, each with its file's content. */
function problemsAfter(file: string, change: (d: Json) => void): { problem: Problem; doc: Json }[] {
  copy = copyConfig();
  copy.edit<Json>(file, change);
  const doc = copy.read<Json>(file);
  return validateConfig(copy.dir).problems.map((problem) => ({ problem, doc }));
}
const heroOf = (d: Json): Json => (d.blocks as Json[]).find((b) => b.type === 'hero') ?? {};
const faqOf = (d: Json): Json => (d.blocks as Json[]).find((b) => b.type === 'faq') ?? {};
const say = (found: { problem: Problem; doc: Json }[]) =>
  found.map(({ problem, doc }) => friendlyMessage(problem, doc));

describe('friendlyMessage names the field and says the problem plainly', () => {
  it('an empty heading', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => (heroOf(d).heading = ''));
    expect(found.map(({ problem }) => problem.message)).toContain('must not be empty');
    expect(say(found)).toContain('Hero · Heading: must not be empty');
  });

  it('a heading of spaces, and an FAQ question', () => {
    const found = problemsAfter(
      'landings/neet-repeater.json',
      (d) => (((faqOf(d).items as Json[])[2] as Json).heading = '   '),
    );
    expect(say(found)).toEqual(['FAQ · Question 3: must not be only spaces']);
  });

  it('a missing required field is named itself, and focused there', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => delete heroOf(d).image);
    expect(found.map(({ problem }) => problem.message)).toEqual(['missing required property "image"']);
    expect(say(found)).toEqual(['Hero · Image: must be filled in']);
    const [first] = found;
    expect(first && problemField(first.problem)).toBe('/blocks/1/image');
  });

  it('a number where text belongs, an unknown field and an unknown value', () => {
    expect(say(problemsAfter('landings/neet-repeater.json', (d) => (d.title = 42)))).toEqual([
      'Page title (browser tab, search results): must be text',
    ]);
    expect(say(problemsAfter('landings/neet-repeater.json', (d) => (heroOf(d).headline = 'x')))).toEqual([
      'Hero · Headline: is not a known field (check its spelling, or remove it)',
    ]);
    expect(say(problemsAfter('landings/neet-repeater.json', (d) => (d.locale = 'fr')))).toEqual([
      'Language: must be one of "en", "hi" (not "fr")',
    ]);
  });

  it('a cross-check problem keeps its sentence, with the field’s name', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => (d.paths = ['/adst']));
    // Reported on both pages that have the path (src/engine/node/cross-check.ts).
    expect(say(found).sort()).toEqual([
      'Page address 1: path "/adst" is already used by config/landings/adst.json',
      'Page address 1: path "/adst" is already used by config/landings/neet-repeater.json',
    ]);
  });

  it('a programme’s fee', () => {
    const found = problemsAfter('programmes/iacst.json', (d) => (d.fee.amount = -5));
    expect(say(found)).toEqual(['Fee · Registration fee (₹): must be >= 0']);
  });

  it('a list with too few entries', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => (faqOf(d).items = []));
    expect(say(found)).toEqual(['FAQ · Entry: needs at least 1 entry']);
  });
});
