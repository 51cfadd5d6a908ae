import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig, type Problem } from '../../engine/node/validate-config';
import { copyConfig, type ConfigCopy } from '../../../tests/fixtures/config-copy';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { configDir } from '../../engine/node/paths';
import {
  documentName,
  fileInWords,
  friendlyMessage,
  problemField,
  problemPlace,
  withoutFileNames,
  type PageNames,
} from './friendly-message';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at raw JSON

let copy: ConfigCopy | undefined;

/** The pages and programmes of the real config, as the file API lists them. */
const names: PageNames = (() => {
  const read = (file: string): Json => JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as Json;
  const list = (sub: string) => readdirSync(path.join(configDir(), sub)).map((f) => `${sub}/${f}`);
  return {
    landings: list('landings').map((file) => ({
      path: file,
      title: String(read(file).title),
      paths: read(file).paths as string[],
    })),
    programmes: list('programmes').map((file) => ({
      path: file,
      id: String(read(file).id),
      title: String(read(file).name),
    })),
  };
})();
const titleOf = (file: string) => names.landings.find((l) => l.path === file)?.title ?? '';
/** What a person must never read in a message: a file, a folder of code, a JSON path. */
const fileOrPointer = /\.json|config\/|src\/|public\/|\/blocks\/\d|\/\d+\/|criteria\.|registration\./;
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

  it('a cross-check problem keeps its sentence, with the field’s name and the other page in words', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => (d.paths = ['/adst']));
    // Reported on both pages that have the path (src/engine/node/cross-check.ts).
    expect(found.map(({ problem, doc }) => friendlyMessage(problem, doc, names)).sort()).toEqual([
      `Page address 1: path "/adst" is already used by the page “${titleOf('landings/adst.json')}” (/adst)`,
      `Page address 1: path "/adst" is already used by the page “${titleOf('landings/neet-repeater.json')}” (/neet-repeater-scholarship)`,
    ]);
    // Without the list of pages: never the file.
    expect(say(found)).toEqual([
      'Page address 1: path "/adst" is already used by another page',
      'Page address 1: path "/adst" is already used by another page',
    ]);
  });

  it('a programme’s fee', () => {
    const found = problemsAfter('programmes/iacst.json', (d) => (d.fee.amount = -5));
    expect(say(found)).toEqual(['Fee · Registration fee (₹): must be >= 0']);
  });

  it('a list with too few entries', () => {
    const found = problemsAfter('landings/neet-repeater.json', (d) => (faqOf(d).items = []));
    expect(say(found)).toEqual(['FAQ · Entries: needs at least 1 entry']);
  });
});

describe('messages name pages, programmes and images in words, never a file or a JSON path', () => {
  const said = (file: string, change: (d: Json) => void) =>
    problemsAfter(file, change).map(({ problem, doc }) => friendlyMessage(problem, doc, names));

  it('a page’s programme, language or translated page that does not exist', () => {
    expect(said('landings/neet-repeater.json', (d) => (d.programme = 'nope'))).toContain(
      'Programme: there is no programme “nope”',
    );
    expect(
      said('landings/neet-repeater-hindi.json', (d) => (d.translationOf = 'landings/gone.json')),
    ).toEqual(['Translation of (the English page): cannot translate that page: that page does not exist']);
    // Its own file: the page is in its own locale.
    expect(
      said(
        'landings/neet-repeater-hindi.json',
        (d) => (d.translationOf = 'landings/neet-repeater-hindi.json'),
      ),
    ).toEqual([
      `Translation of (the English page): cannot translate that page: the page “${titleOf('landings/neet-repeater-hindi.json')}” (/neet-repeater-scholarship-hindi) is in the same locale (hi)`,
    ]);
  });

  it('an image that is not there, and one that is not an image path', () => {
    expect(said('landings/neet-repeater.json', (d) => (heroOf(d).image.src = '/images/gone.png'))).toEqual([
      'Hero · Image · Image file: the image “gone.png” is not among the images: choose or upload one',
    ]);
    expect(said('landings/neet-repeater.json', (d) => (heroOf(d).image.src = 'gone.png'))).toEqual([
      'Hero · Image · Image file: "gone.png" is not one of the images: choose or upload one',
    ]);
  });

  it('an FAQ answer the sanitising rule would change: no source file named', () => {
    const found = said('programmes/iacst.json', (d) => {
      (d.dashboard.faq[0].points as string[])[0] = '<b onclick="x()">Hi</b>';
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Dashboard · Question 1 · Answer point 1: this text is shown as HTML as it is/);
    expect(found[0]).not.toMatch(fileOrPointer);
  });

  it('a table or a choice the programme lacks, by its words', () => {
    expect(withoutFileNames('programme "iacst" has no criteria.testDetails', names)).toBe(
      'the programme “Instant Admission cum Scholarship Test” has no “Test details” table',
    );
    expect(
      withoutFileNames(
        'programme "mock-neet" has no registration.courseTypeSwitch to preset an online centre',
        names,
      ),
    ).toMatch(/^the programme “.+” has no classroom-or-online choice to preset an online centre$/);
  });

  it('a path that a screen of the site owns', () => {
    const found = said('landings/neet-repeater.json', (d) => (d.paths = ['/dashboard']));
    expect(found.join('\n')).not.toMatch(fileOrPointer);
    expect(found.join('\n')).toMatch(/site’s own screens|reserved/);
  });

  it('a problem in another file is placed by its page or settings, not its file', () => {
    expect(problemPlace({ file: 'landings/adst.json', pointer: '/title', message: 'x' }, names)).toBe(
      `On the page “${titleOf('landings/adst.json')}” (/adst)`,
    );
    expect(problemPlace({ file: 'programmes/iacst.json', pointer: '/fee', message: 'x' }, names)).toMatch(
      /^In the programme “.+”$/,
    );
    expect(fileInWords('hosts.json')).toBe('the sites and their addresses');
    expect(fileInWords('i18n/hi.json')).toBe('the Hindi texts students read');
    expect(fileInWords('landings/unknown.json', names)).toBe('another page');
    expect(documentName('landings/adst.json', names)).toEqual({
      title: titleOf('landings/adst.json'),
      where: '/adst',
    });
    expect(documentName('programmes/iacst.json', names).where).toBe('Programme');
    expect(documentName('site.json', names)).toEqual({ title: 'Site settings', where: '' });
    const hosts = said('hosts.json', (d) => ((d.profiles[0].hosts as string[])[0] = 'iacst.localhost'));
    expect(hosts.length).toBeGreaterThan(0);
    for (const message of hosts) expect(message).toMatch(/^The sites and their addresses · Profiles · 1 · /);
  });

  it('none of the above names a file or a JSON path', () => {
    const all = [
      ...said('landings/neet-repeater.json', (d) => (d.programme = 'nope')),
      ...said('landings/neet-repeater.json', (d) => (d.paths = ['/adst', '/exam/x'])),
      ...said('landings/neet-repeater.json', (d) => (d.locale = 'hi')),
      ...said('landings/neet-repeater.json', (d) => (heroOf(d).image.src = '/images/gone.png')),
    ];
    expect(all.length).toBeGreaterThan(3);
    for (const message of all) expect(message).not.toMatch(fileOrPointer);
  });
});
