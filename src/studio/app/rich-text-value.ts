// What the Studio's rich-text field hands to the draft, and what it tells the person about a paste:
// a text shown as HTML (its schema's contentMediaType, schema-bundle.ts) is always what the one
// sanitising rule (src/domain/safe-html-rule.ts) keeps of it, so config validation, which runs the
// same rule (src/engine/node/config-html.ts), never refuses what was typed here (decision 058).
import { createSanitizer, linkRefusal } from '../../domain/safe-html-rule';

/** What a paste lost, by what it was, said as a person would: [one, more than one]. */
const LOST: [selector: string, one: string, many: (n: number) => string][] = [
  ['script, noscript', 'a script', (n) => `${n} scripts`],
  ['img, picture, svg', 'an image', (n) => `${n} images`],
  ['iframe, frame, object, embed', 'an embedded page', (n) => `${n} embedded pages`],
  ['video, audio', 'a video', (n) => `${n} videos`],
  ['form, input, button, select, textarea', 'a form field', (n) => `${n} form fields`],
  ['table', 'a table (its words are kept)', (n) => `${n} tables (their words are kept)`],
];

/** What the rule keeps and the editor cannot hold (it offers no heading and no video). */
const UNSHOWN: [selector: string, one: string, many: (n: number) => string][] = [
  ['video', 'a video', (n) => `${n} videos`],
  ['h3, h4', 'a heading', (n) => `${n} headings`],
];

/** Each kind `kinds` names that `root` holds, in words. */
function counted(root: DocumentFragment, kinds: typeof LOST, less?: DocumentFragment): string[] {
  return kinds.flatMap(([selector, one, many]) => {
    const n = root.querySelectorAll(selector).length - (less?.querySelectorAll(selector).length ?? 0);
    return n <= 0 ? [] : [n === 1 ? one : many(n)];
  });
}

/** Elements carrying code run on an event (onclick, onerror…): the rule keeps none. */
function withHandlers(root: DocumentFragment): number {
  return [...root.querySelectorAll('*')].filter((element) =>
    [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith('on')),
  ).length;
}

export interface RichTextRule {
  /**
   * The field's value from the editor's HTML: what the rule keeps, a lone paragraph without its
   * <p> (a dashboard answer is one bullet point, <li>…</li>) and a list item's one paragraph
   * likewise, no empty paragraph; '' when nothing is written.
   */
  store(editorHtml: string): string;
  /** A paste as the rule keeps it, and what it lost in words (none when nothing that matters). */
  paste(html: string): { html: string; removed: string[] };
  /**
   * What of a stored value the editor has no place for (the rule keeps it, the editor offers no
   * such thing), in words: a change made in the editor would lose it.
   */
  unshown(value: string): string[];
  /** Why a link to `href` cannot be added, in words; undefined when the rule keeps it. */
  linkProblem(href: string): string | undefined;
}

const LINK_WORDS = {
  scheme:
    'This address cannot be used. Start it with https:// for another website, / for a page of this site (e.g. /iacst), mailto: for an e-mail or tel: for a phone number.',
  'pdf-elsewhere':
    'A PDF can only be linked from this site: add the file to this site and link to its address, which starts with /.',
} as const;

/** The rule over `window` (the browser's; jsdom's in tests). */
export function createRichTextRule(window: Window & typeof globalThis): RichTextRule {
  const sanitize = createSanitizer(window);
  const doc = window.document;
  const parse = (html: string): DocumentFragment => {
    // A template's content is inert: nothing pasted runs or loads while it is read.
    const template = doc.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  const serialise = (root: DocumentFragment): string => {
    const box = doc.createElement('div');
    box.append(root);
    return box.innerHTML;
  };
  const unwrapLoneParagraph = (parent: ParentNode) => {
    const only = parent.childNodes.length === 1 ? parent.firstChild : null;
    if (only instanceof window.HTMLParagraphElement) only.replaceWith(...only.childNodes);
  };
  return {
    store(editorHtml) {
      const root = parse(sanitize(editorHtml));
      // An empty paragraph (the line the editor keeps after a list) says nothing.
      for (const paragraph of root.querySelectorAll('p')) if (!paragraph.hasChildNodes()) paragraph.remove();
      for (const item of root.querySelectorAll('li')) unwrapLoneParagraph(item);
      unwrapLoneParagraph(root);
      if (!root.textContent?.trim() && !root.querySelector('video')) return '';
      return sanitize(serialise(root));
    },
    paste(html) {
      const kept = sanitize(html);
      const before = parse(html);
      const after = parse(kept);
      const removed = counted(before, LOST, after);
      const handlers = withHandlers(before) - withHandlers(after);
      if (handlers > 0) removed.push('hidden code run on a click or as the page loads');
      const links = before.querySelectorAll('a[href]').length - after.querySelectorAll('a[href]').length;
      if (links > 0)
        removed.push(
          links === 1
            ? 'a link to an address that is not allowed'
            : `${links} links to addresses that are not allowed`,
        );
      return { html: kept, removed };
    },
    unshown(value) {
      return value.includes('<') ? counted(parse(value), UNSHOWN) : [];
    },
    linkProblem(href) {
      const refusal = linkRefusal(href.trim());
      return refusal && LINK_WORDS[refusal];
    },
  };
}
