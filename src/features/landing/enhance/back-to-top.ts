import { num, reducedMotion } from './dom';

/** What a person presses: the back-to-top button must never lie over one of these. */
const CONTROL =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * Whether the fixed button lies over another control (a phone has no margin beside the column, so
 * a FAQ toggle or a footer link scrolls under it). Sampled at its centre and corners; the button
 * is out of hit testing while it is measured (visibility: hidden keeps its box).
 */
function coversControl(el: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  const inset = 2;
  const points: Array<[number, number]> = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((under) => !el.contains(under) && under.closest(CONTROL) !== null),
  );
}

/**
 * Back-to-top link: a fixed button, hidden until the page is scrolled more than data-after-px, and
 * out of sight (data-covering) while another control is under it, so it never covers a button.
 */
export function backToTop(el: HTMLElement): () => void {
  const after = num(el, 'afterPx');
  const ac = new AbortController();
  // Scroll events come once a frame at most: the check runs with each.
  const update = (): void => {
    el.hidden = window.scrollY <= after;
    if (el.hidden) return;
    // Focused (a keyboard user on it), it stays: hiding it would drop the focus.
    if (document.activeElement === el) {
      el.removeAttribute('data-covering');
      return;
    }
    // Measured without itself in the way (data-covering is visibility: hidden), then decided.
    el.setAttribute('data-covering', '');
    el.toggleAttribute('data-covering', coversControl(el));
  };
  window.addEventListener('scroll', update, { passive: true, signal: ac.signal });
  window.addEventListener('resize', update, { passive: true, signal: ac.signal });
  el.addEventListener(
    'click',
    (e) => {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
    },
    { signal: ac.signal },
  );
  el.setAttribute('data-enhanced', '');
  update();
  return () => ac.abort();
}
