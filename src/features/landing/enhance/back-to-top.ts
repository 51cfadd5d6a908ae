import { num, reducedMotion } from './dom';

/** Back-to-top link: a fixed button, hidden until the page is scrolled more than data-after-px. */
export function backToTop(el: HTMLElement): () => void {
  const after = num(el, 'afterPx');
  const ac = new AbortController();
  const update = (): void => {
    el.hidden = window.scrollY <= after;
  };
  window.addEventListener('scroll', update, { passive: true, signal: ac.signal });
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
