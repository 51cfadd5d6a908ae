// Helpers shared by the enhancers. Every number comes from a data attribute written from config.

export type Enhancer = (el: HTMLElement) => () => void;

/** Reads a numeric data attribute (camelCase name, as in el.dataset); missing or NaN is an error. */
export function num(el: HTMLElement, name: string): number {
  const raw = el.dataset[name];
  const value = Number(raw);
  if (!raw || !Number.isFinite(value)) throw new Error(`data-${name} is missing or not a number`);
  return value;
}

export const media = (query: string): MediaQueryList => window.matchMedia(query);

export const reducedMotion = (): boolean => media('(prefers-reduced-motion: reduce)').matches;

/** Mobile when the viewport is at most the breakpoint wide (768 px: mobile). */
export const mobile = (breakpointPx: number): MediaQueryList => media(`(max-width: ${breakpointPx}px)`);
