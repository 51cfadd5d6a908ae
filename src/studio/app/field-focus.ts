// From a JSON pointer to the form control rjsf drew for it (ids root_<path joined by _>), for the
// error summary's links and the change list's.
import { pathOf } from './json-path';

/** Asks the editor to bring a field into view (its outline chooses the part holding it). */
export const SHOW_FIELD_EVENT = 'studio:show-field';

export function fieldId(pointer: string): string {
  return ['root', ...pathOf(pointer)].join('_');
}

/** The outline shows one part of the form at a time: the editor chooses the part holding `pointer`. */
export function revealField(pointer: string, doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent(SHOW_FIELD_EVENT, { detail: pointer }));
}

/** Focus the field for a pointer, or its nearest drawn ancestor; false when none is on the page. */
export function focusField(pointer: string, doc: Document = document): boolean {
  revealField(pointer, doc);
  const parts = pathOf(pointer);
  for (let n = parts.length; n >= 0; n--) {
    const element = doc.getElementById(['root', ...parts.slice(0, n)].join('_'));
    if (!element) continue;
    const control = element.matches('input, select, textarea, button')
      ? element
      : element.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea');
    const target = control ?? element;
    if (!control && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView?.({ block: 'center' });
    target.focus();
    return true;
  }
  return false;
}

/**
 * Scrolls the field for a pointer into view and marks it (a text clicked in the preview), without
 * taking the focus from where the person types; the mark moves to the next field marked.
 */
export function markField(pointer: string, doc: Document = document): void {
  for (const marked of Array.from(doc.querySelectorAll('.st-field--marked')))
    marked.classList.remove('st-field--marked');
  const element = doc.getElementById(fieldId(pointer));
  if (!element) return;
  const group = element.matches('input, select, textarea')
    ? (element.closest('.form-group') ?? element)
    : element;
  group.classList.add('st-field--marked');
  group.scrollIntoView?.({ block: 'center' });
}
