import { backToTop } from './back-to-top';
import { cardStack } from './card-stack';
import { carousel } from './carousel';
import type { Enhancer } from './dom';
import { smoothScroll } from './smooth-scroll';
import { stepsCycler } from './steps-cycler';

const enhancers: Partial<Record<string, Enhancer>> = {
  'steps-cycler': stepsCycler,
  carousel,
  'card-stack': cardStack,
  'back-to-top': backToTop,
  'smooth-scroll': smoothScroll,
};

/**
 * Applies the enhancer named by each [data-enhance] under root. An unknown name is warned about
 * once and skipped; an enhancer that throws (e.g. a missing data attribute) is reported and the
 * others still run. Returns one cleanup for all.
 */
export function enhanceAll(root: ParentNode): () => void {
  const cleanups: Array<() => void> = [];
  const warned = new Set<string>();
  root.querySelectorAll<HTMLElement>('[data-enhance]').forEach((el) => {
    const name = el.dataset.enhance ?? '';
    const enhance = Object.hasOwn(enhancers, name) ? enhancers[name] : undefined;
    if (!enhance) {
      if (!warned.has(name)) console.warn(`examflow: unknown enhancer "${name}"`);
      warned.add(name);
      return;
    }
    try {
      cleanups.push(enhance(el));
    } catch (error) {
      console.error(`examflow: enhancer "${name}" failed`, error);
    }
  });
  return () => cleanups.forEach((cleanup) => cleanup());
}
