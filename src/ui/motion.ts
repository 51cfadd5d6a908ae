/** prefers-reduced-motion, read when asked (no animation is started under it). */
export const reducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Scrolls an element to `offset` px below the top (smoothly unless motion is reduced) and focuses it. */
export function scrollToElement(element: HTMLElement, offset: number): void {
  window.scrollTo({
    top: element.getBoundingClientRect().top + window.scrollY - offset,
    behavior: reducedMotion() ? 'auto' : 'smooth',
  });
  element.focus({ preventScroll: true });
}
