// A validate-config problem in words for someone who never sees JSON: the field by its name and
// place ("Hero · Heading: must not be empty"), not "/blocks/1/heading", and another page by its
// title and address, never its file ("config/landings/adst.json"). The sentences are
// validate-config's own, reworded by src/engine/node/ajv-messages.ts (one wording source) and here.
import { editorWording } from '../../engine/node/ajv-messages';
import type { Problem } from '../../engine/node/validate-config';
import { escapeSegment, segmentsOf } from '../../engine/content/pointer';
import { configKindOf, fieldName, labelAt } from '../../engine/content/schema-labels';

/** The pages and programmes by file, to name them in words (the file API's list of files). */
export interface PageNames {
  landings: readonly { path: string; title: string; paths: readonly string[]; locale?: string }[];
  programmes: readonly { path: string; id: string; title: string }[];
}

const LANGUAGES: Record<string, string> = { en: 'English', hi: 'Hindi' };

/** The files that are not a page or a programme, in words. */
function otherFileName(file: string): string | undefined {
  if (file === 'site.json') return 'the site settings';
  if (file === 'hosts.json') return 'the sites and their addresses';
  const locale = /^i18n\/([a-z-]+)\.json$/.exec(file)?.[1];
  if (locale) return `the ${LANGUAGES[locale] ?? `“${locale}”`} texts students read`;
  const coupon = /^coupons\/([a-z0-9-]+)\.json$/.exec(file)?.[1];
  if (coupon) return `the coupon ${coupon.toUpperCase()}`;
  return undefined;
}

/**
 * A config file (relative to config/) in words: “the page “NEET repeater scholarship”
 * (/neet-repeater)”, “the programme “iACST””, “the site settings”. Never the file's name: a file
 * the list does not know is “another page” (or programme).
 */
export function fileInWords(file: string, names?: PageNames): string {
  const page = names?.landings.find((l) => l.path === file);
  if (page) return `the page “${page.title}”${page.paths[0] ? ` (${page.paths[0]})` : ''}`;
  const programme = names?.programmes.find((p) => p.path === file);
  if (programme) return `the programme “${programme.title}”`;
  if (file.startsWith('landings/')) return 'another page';
  if (file.startsWith('programmes/')) return 'another programme';
  return otherFileName(file) ?? 'another settings file';
}

/**
 * A document as a heading names it: a page by its title and addresses, a programme by its name,
 * anything else in words ("The site settings"); never by its file.
 */
export function documentName(file: string, names?: PageNames): { title: string; where: string } {
  const page = names?.landings.find((l) => l.path === file);
  if (page) return { title: page.title || 'Untitled page', where: page.paths.join(', ') };
  const programme = names?.programmes.find((p) => p.path === file);
  if (programme) return { title: programme.title || programme.id, where: 'Programme' };
  const words = fileInWords(file, names).replace(/^the /, '');
  return { title: words.charAt(0).toUpperCase() + words.slice(1), where: '' };
}

const FILE = String.raw`(?:config\/)?((?:landings|programmes|i18n)\/[a-z0-9][a-z0-9-]*\.json|site\.json|hosts\.json)`;

/**
 * A validator's sentence without file names, code paths or JSON paths: the cross-checks name a
 * page by its file (“already used by config/landings/adst.json”), a missing programme by the file
 * it lacks, an image by the folder it is looked for in and the sanitising rule by its source.
 */
export function withoutFileNames(message: string, names?: PageNames): string {
  const programmeTitle = (id: string) => names?.programmes.find((p) => p.id === id)?.title ?? id;
  return (
    message
      // A path owned by a screen of the site (login, dashboard …), not by a page.
      .replace(/config\/site\.json/g, 'the site’s own screens (login, dashboard …)')
      // "programme "x" has no file config/programmes/x.json"
      .replace(
        /programme "([^"]+)" has no file config\/programmes\/[^\s]+\.json/g,
        'there is no programme “$1”',
      )
      .replace(
        /locale "([^"]+)" has no file config\/i18n\/[^\s]+\.json/g,
        (_, locale: string) =>
          `there are no texts students read in ${LANGUAGES[locale] ?? `the language “${locale}”`}`,
      )
      .replace(new RegExp(`there is no file ${FILE}`, 'g'), 'that page does not exist')
      // "image /images/x.png does not exist (expected public/images/x.png)"
      .replace(
        /image \/images\/(\S+) does not exist \(expected [^)]*\)/g,
        'the image “$1” is not among the images: choose or upload one',
      )
      .replace(/ \((?:src|server|scripts)\/[^)]*\)/g, '')
      .replace(
        /^(".*") is not valid: An image from the site's images.*$/s,
        '$1 is not one of the images: choose or upload one',
      )
      // A programme's part by its words: "has no criteria.testDetails", "registration.courseTypeSwitch".
      .replace(
        /programme "([^"]+)" has no criteria\.(\w+)/g,
        (_, id: string, table: string) =>
          `the programme “${programmeTitle(id)}” has no “${fieldName(table)}” table`,
      )
      .replace(
        /programme "([^"]+)" has no registration\.courseTypeSwitch/g,
        (_, id: string) => `the programme “${programmeTitle(id)}” has no classroom-or-online choice`,
      )
      .replace(/programme "([^"]+)"/g, (_, id: string) => `the programme “${programmeTitle(id)}”`)
      .replace(new RegExp(FILE, 'g'), (_, file: string) => fileInWords(file, names))
  );
}

/** Where a problem is, in words: the field's label, with the child a missing field names. */
export function problemLabel(problem: Problem, doc?: unknown): string {
  const { child } = editorWording(problem.message);
  const pointer = child === undefined ? problem.pointer : `${problem.pointer}/${escapeSegment(child)}`;
  const kind = configKindOf(problem.file);
  if (kind) return labelAt(kind, pointer, doc);
  const segments = segmentsOf(pointer);
  // site.json, hosts.json, i18n: no block types to name, so the field names in order.
  const place = otherFileName(problem.file);
  return [
    ...(place ? [place.charAt(0).toUpperCase() + place.slice(1)] : []),
    ...segments.map((s) => (/^\d+$/.test(s) ? String(Number(s) + 1) : fieldName(s))),
  ].join(' · ');
}

/** Where another file's problem is, for a list of problems: “On the page “…” (/x)”. */
export function problemPlace(problem: Problem, names?: PageNames): string {
  const where = fileInWords(problem.file, names);
  return where.startsWith('the page') || where === 'another page' ? `On ${where}` : `In ${where}`;
}

/** The pointer of the field to focus for a problem (a missing field's own place). */
export function problemField(problem: Problem): string {
  const { child } = editorWording(problem.message);
  return child === undefined ? problem.pointer : `${problem.pointer}/${escapeSegment(child)}`;
}

/**
 * "Hero · Heading: must not be empty". `doc` is the file's content (its blocks' types name them);
 * `names` names the other pages a sentence is about.
 */
export function friendlyMessage(problem: Problem, doc?: unknown, names?: PageNames): string {
  const label = problemLabel(problem, doc);
  const sentence = withoutFileNames(editorWording(problem.message).sentence, names);
  return label ? `${label}: ${sentence}` : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
