import { reducedMotion } from './dom';

/**
 * In-page link: scrolls smoothly to its #target and moves focus there, so keyboard and screen
 * reader users continue from the target. Under reduced motion the browser's own jump is kept.
 */
export function smoothScroll(el: HTMLElement): () => void {
  const ac = new AbortController();
  el.addEventListener(
    'click',
    (e) => {
      const id = decodeURIComponent((el.getAttribute('href') ?? '').slice(1));
      const target = id ? el.ownerDocument.getElementById(id) : null;
      if (!target || reducedMotion()) return;
      e.preventDefault();
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      history.pushState(null, '', `#${id}`);
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    },
    { signal: ac.signal },
  );
  return () => ac.abort();
}
