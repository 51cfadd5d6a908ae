// Config texts the app renders as HTML (their schema marks them, html-texts.ts: today the dashboard
// FAQ's answers, a programme's dashboard.faq and the site's admissionsFaq) must already be what the
// one sanitising rule (src/domain/safe-html-rule.ts) leaves of them: the config is validated before
// it is served, so the browser shows these texts as they are and loads no DOMPurify for them. The
// check runs the rule as the server does (DOMPurify over a jsdom window, server/services/exams/sanitize-html.ts), without an
// origin: a video or a PDF link is the site's own only by a site path. The words the dashboard
// puts in for {opensAt}, {validityDays} … are times and numbers the app formats, never markup.
import { createRequire } from 'node:module';
import type * as Jsdom from 'jsdom';
import { createSanitizer } from '../../domain/safe-html-rule';
import type { ConfigBundle } from '../config-bundle';
import { htmlTexts, type SchemaFiles } from '../content/html-texts';
import common from '../../../schemas/config/common.schema.json';
import landing from '../../../schemas/config/landing.schema.json';
import programme from '../../../schemas/config/programme.schema.json';
import site from '../../../schemas/config/site.schema.json';
import type { Problem } from './cross-check';

type Sanitizer = ReturnType<typeof createSanitizer>;
interface Dom {
  sanitize: Sanitizer;
  /** The HTML as the same parser reads and writes it back, so quoting and case do not count. */
  normalise: (html: string) => string;
  parse: (html: string) => HTMLElement;
}

let dom: Dom | undefined;

// jsdom takes about a second to load, and validation is synchronous: it is loaded only for a text
// with a '<' (DOMPurify returns any other text unchanged, so the rule cannot change it).
function loadDom(): Dom {
  if (dom) return dom;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
  const { window } = new JSDOM('');
  // Read as a page's body, as DOMPurify reads it, in a document of its own (inert: nothing loads).
  const parse = (html: string) => {
    const { body } = window.document.implementation.createHTMLDocument('');
    body.innerHTML = html;
    return body;
  };
  dom = { sanitize: createSanitizer(window), normalise: (html) => parse(html).innerHTML, parse };
  return dom;
}

/** Each element as its start tag with its attributes in order, e.g. `<a href="/x">`. */
function startTags(root: HTMLElement): { tag: string; attributes: string[]; text: string }[] {
  return [...root.querySelectorAll('*')].map((element) => {
    const tag = element.localName;
    const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`);
    return { tag, attributes, text: `<${[tag, ...attributes].join(' ')}>` };
  });
}

/** What the rule would remove from `html` (or add to it), in words; undefined when it keeps it as is. */
export function htmlRuleChange(html: string): string | undefined {
  if (!html.includes('<')) return undefined;
  const { sanitize, normalise, parse } = loadDom();
  const clean = normalise(sanitize(html));
  if (clean === normalise(html)) return undefined;
  const kept = startTags(parse(clean));
  const removed: string[] = [];
  const added: string[] = [];
  for (const element of startTags(parse(html))) {
    const same = kept.findIndex((k) => k.text === element.text);
    if (same >= 0) {
      kept.splice(same, 1);
      continue;
    }
    // The same element with fewer (or other) attributes: name the attributes it loses.
    const like = kept.findIndex((k) => k.tag === element.tag);
    if (like < 0) {
      removed.push(element.text);
      continue;
    }
    const [other] = kept.splice(like, 1);
    const theirs = other?.attributes ?? [];
    const lost = element.attributes.filter((a) => !theirs.includes(a));
    const extra = theirs.filter((a) => !element.attributes.includes(a));
    if (lost.length) removed.push(`${lost.join(' ')} from <${element.tag}>`);
    if (extra.length) added.push(`${extra.join(' ')} to <${element.tag}>`);
  }
  const words = [
    ...(removed.length ? [`would remove ${removed.join(', ')}`] : []),
    ...(added.length ? [`would add ${added.join(', ')}`] : []),
  ];
  // Only text changed (e.g. a comment): show what the rule would leave.
  if (words.length === 0) return `the sanitising rule would change it to ${JSON.stringify(clean)}`;
  return `the sanitising rule ${words.join(' and ')}`;
}

/** The config schemas, by the names their `$ref`s use. */
const SCHEMA_FILES: SchemaFiles = {
  'common.schema.json': common,
  'site.schema.json': site,
  'programme.schema.json': programme,
  'landing.schema.json': landing,
};

function problemsIn(file: string, schema: string, data: unknown): Problem[] {
  return htmlTexts(SCHEMA_FILES, schema, data).flatMap(({ pointer, text }) => {
    const change = htmlRuleChange(text);
    return change
      ? [
          {
            file,
            pointer,
            message: `this text is shown as HTML as it is, so it must be what the sanitising rule (src/domain/safe-html-rule.ts) keeps: ${change}`,
          },
        ]
      : [];
  });
}

/** Every config text shown as HTML (its schema says so) that the sanitising rule would change. */
export function configHtmlProblems(bundle: ConfigBundle, programmeFiles: Record<string, string>): Problem[] {
  return [
    ...problemsIn('site.json', 'site.schema.json', bundle.site),
    ...Object.entries(bundle.programmes).flatMap(([id, data]) =>
      problemsIn(programmeFiles[id] ?? `programmes/${id}.json`, 'programme.schema.json', data),
    ),
    ...bundle.landings.flatMap(({ file, landing: data }) => problemsIn(file, 'landing.schema.json', data)),
  ];
}
