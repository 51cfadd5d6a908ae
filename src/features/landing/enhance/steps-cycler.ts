import { mobile, num, reducedMotion } from './dom';

/**
 * How-it-works steps: once the section is at least data-visible-ratio visible, the active step
 * advances 0→1→2→0 every data-advance-mobile-ms at mobile widths (data-mobile-breakpoint-px)
 * or data-advance-desktop-ms otherwise. Pauses off screen, on hover and on focus (WCAG 2.2.2);
 * never runs under prefers-reduced-motion.
 */
export function stepsCycler(el: HTMLElement): () => void {
  const mobileMs = num(el, 'advanceMobileMs');
  const desktopMs = num(el, 'advanceDesktopMs');
  const ratio = num(el, 'visibleRatio');
  const narrow = mobile(num(el, 'mobileBreakpointPx'));
  const steps = Array.from(el.querySelectorAll<HTMLElement>('[data-step]'));
  if (steps.length < 2 || reducedMotion()) return () => {};

  let current = Math.max(
    0,
    steps.findIndex((s) => s.hasAttribute('aria-current')),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let visible = false;
  let held = false;

  const sync = (): void => {
    if (visible && !held) {
      timer ??= setTimeout(tick, narrow.matches ? mobileMs : desktopMs);
    } else {
      clearTimeout(timer);
      timer = undefined;
    }
  };
  const tick = (): void => {
    timer = undefined;
    current = (current + 1) % steps.length;
    steps.forEach((step, i) => {
      step.classList.toggle('is-active', i === current);
      if (i === current) step.setAttribute('aria-current', 'step');
      else step.removeAttribute('aria-current');
    });
    sync();
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        // A section taller than the viewport can never be half visible: filling the same share
        // of the viewport counts too.
        const root = e.rootBounds;
        visible =
          e.isIntersecting &&
          (e.intersectionRatio >= ratio - 0.001 ||
            (!!root && e.intersectionRect.height >= root.height * ratio));
      }
      sync();
    },
    { threshold: [0, ratio] },
  );
  observer.observe(el);

  const ac = new AbortController();
  const hold = (on: boolean) => () => {
    held = on;
    sync();
  };
  el.addEventListener('mouseenter', hold(true), { signal: ac.signal });
  el.addEventListener('mouseleave', hold(false), { signal: ac.signal });
  el.addEventListener('focusin', hold(true), { signal: ac.signal });
  el.addEventListener('focusout', hold(false), { signal: ac.signal });

  return () => {
    observer.disconnect();
    ac.abort();
    clearTimeout(timer);
  };
}
