/** prefers-reduced-motion, read when asked (no animation is started under it). */
export const reducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
