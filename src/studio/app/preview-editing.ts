// Editing in the preview itself (decision 053). The Studio's preview marks each block with
// its place in the draft (data-studio-block); here each plain text in a block is matched to the
// draft's text it shows (data-studio-text, its pointer), and a click on one makes it editable in
// place: what is typed goes into the draft, the form's field follows. The frame runs no script of
// its own: these listeners are the editor's, on the frame's document (same origin).
import { getAt, pathOf } from './json-path';
import type { Json } from './studio-api';

/** Attributes the editor adds to the preview's document, which a redraw must not count as changes. */
export const EDITOR_ATTRIBUTES = new Set([
  'contenteditable',
  'data-studio-text',
  'data-studio-editing',
  'data-studio-current',
]);

/** Elements whose text may be edited in place: those that hold text only, no other element. */
const TEXT_ELEMENTS =
  'h1, h2, h3, h4, h5, h6, p, a, button, li, summary, dt, dd, span, strong, label, th, td';

/** Every text in a block of the draft, by pointer, in document order. */
function textsOf(value: Json | undefined, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([at, value.trim()]);
  else if (Array.isArray(value)) value.forEach((item, i) => textsOf(item, `${at}/${i}`, out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (key !== 'type' && key !== 'id' && key !== 'href' && key !== 'src')
        textsOf(item, `${at}/${key}`, out);
  return out;
}

/** Marks each plain text of each block with the pointer of the draft's text it shows. */
export function markTexts(doc: Document, draft: Json): void {
  for (const block of Array.from(doc.querySelectorAll<HTMLElement>('[data-studio-block]'))) {
    const pointer = block.dataset.studioBlock ?? '';
    const texts = textsOf(getAt(draft, pathOf(pointer)), pointer).filter(([, text]) => text !== '');
    const used = new Set<string>();
    for (const element of Array.from(block.querySelectorAll<HTMLElement>(TEXT_ELEMENTS))) {
      if (element.children.length > 0 || element.hasAttribute('data-studio-editing')) continue;
      const shown = element.textContent?.trim() ?? '';
      const match = shown && texts.find(([at, text]) => text === shown && !used.has(at));
      if (match) {
        used.add(match[0]);
        element.setAttribute('data-studio-text', match[0]);
      } else element.removeAttribute('data-studio-text');
    }
  }
}

/** The block (its pointer) a draft pointer is in: "/blocks/3/items/0/heading" → "/blocks/3". */
export function blockOf(pointer: string): string | undefined {
  const [list, index] = pathOf(pointer);
  return list === 'blocks' && index !== undefined ? `/blocks/${index}` : undefined;
}

const OUTLINE_CSS = `
[data-studio-text] { cursor: text; }
[data-studio-text]:hover { outline: 2px dashed #0b3d91; outline-offset: 2px; }
[data-studio-editing] { outline: 3px solid #0b3d91 !important; outline-offset: 2px; background: #fff8d6; }
[data-studio-current] > * { outline: 3px solid #0b3d91; outline-offset: -3px; }
`;

export interface PreviewEditingHandlers {
  /** The draft as it is now. */
  draft(): Json;
  /** A text typed in the preview, at its pointer. */
  typed(pointer: string, text: string): void;
  /** A text (or a block) clicked in the preview. */
  picked(pointer: string): void;
}

/** The editor's hold on the preview's document: marks, clicks, typing, and the current block. */
export class PreviewEditing {
  private doc: Document | undefined;
  private current: string | undefined;
  private handlers: PreviewEditingHandlers = { draft: () => null, typed() {}, picked() {} };

  /** What the editor does with what happens in the preview (set once the editor has mounted). */
  handle(handlers: PreviewEditingHandlers): void {
    this.handlers = handlers;
  }

  /** After each draw of the preview (a new document or a patched one). */
  attach(doc: Document): void {
    if (doc !== this.doc) {
      this.doc = doc;
      this.listen(doc);
    }
    markTexts(doc, this.handlers.draft());
    this.mark(this.current, false);
  }

  /** Outlines the block holding `pointer` and scrolls the preview to its text (or the block). */
  show(pointer: string): void {
    this.current = blockOf(pointer);
    this.mark(this.current, true, pointer);
  }

  private mark(block: string | undefined, scroll: boolean, pointer?: string): void {
    const doc = this.doc;
    if (!doc) return;
    for (const element of Array.from(doc.querySelectorAll('[data-studio-current]')))
      element.removeAttribute('data-studio-current');
    if (!block) return;
    const wrapper = doc.querySelector(`[data-studio-block="${block}"]`);
    wrapper?.setAttribute('data-studio-current', '');
    if (!scroll || !wrapper) return;
    const target =
      (pointer && doc.querySelector(`[data-studio-text="${pointer.replace(/["\\]/g, '\\$&')}"]`)) ||
      wrapper.firstElementChild;
    const view = doc.defaultView;
    if (!target || !view) return;
    // Scrolls the frame's page only (scrollIntoView would scroll the editor's page too).
    const top = target.getBoundingClientRect().top + view.scrollY - 24;
    view.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  }

  private listen(doc: Document): void {
    const view = doc.defaultView;
    if (view && 'adoptedStyleSheets' in doc) {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(OUTLINE_CSS);
      doc.adoptedStyleSheets = [sheet];
    }
    doc.addEventListener('click', (event) => {
      // The frame's own Element, not this window's: read by what it can do.
      const target = event.target as Element | null;
      if (!target || typeof target.closest !== 'function') return;
      // Nothing in the preview navigates or submits: a click chooses what to edit.
      if (target.closest('a, button, summary, form')) event.preventDefault();
      const text = target.closest<HTMLElement>('[data-studio-text]');
      if (text) return this.edit(text);
      const block = target.closest<HTMLElement>('[data-studio-block]')?.dataset.studioBlock;
      if (block) this.handlers.picked(block);
    });
    doc.addEventListener('input', (event) => {
      const element = (event.target as Element | null)?.closest<HTMLElement>('[data-studio-editing]');
      const pointer = element?.dataset.studioText;
      if (element && pointer) this.handlers.typed(pointer, element.textContent ?? '');
    });
    doc.addEventListener('keydown', (event) => {
      const element = (event.target as Element | null)?.closest<HTMLElement>('[data-studio-editing]');
      // A text is one paragraph: Enter or Escape ends the edit.
      if (element && (event.key === 'Enter' || event.key === 'Escape')) {
        event.preventDefault();
        element.blur();
      }
    });
    doc.addEventListener('focusout', (event) => {
      const element = event.target as HTMLElement | null;
      if (!element?.hasAttribute?.('data-studio-editing')) return;
      element.removeAttribute('data-studio-editing');
      element.removeAttribute('contenteditable');
    });
  }

  private edit(element: HTMLElement): void {
    const pointer = element.dataset.studioText;
    if (!pointer) return;
    if (!element.hasAttribute('data-studio-editing')) {
      element.setAttribute('data-studio-editing', '');
      element.setAttribute('contenteditable', 'plaintext-only');
      element.focus();
    }
    this.current = blockOf(pointer);
    this.mark(this.current, false);
    this.handlers.picked(pointer);
  }
}
