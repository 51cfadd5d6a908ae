import { num, reducedMotion } from './dom';

/**
 * WAI-ARIA carousel: shows the controls, one slide at a time, and rotates forward in a loop
 * every data-autoplay-ms. Rotation stops while hovered, while focus is inside (except on the
 * rotation button itself) and when paused with that button; it never starts by itself under
 * prefers-reduced-motion. Hidden slides are inert.
 */
export function carousel(el: HTMLElement): () => void {
  const ms = num(el, 'autoplayMs');
  const track = el.querySelector<HTMLElement>('[data-carousel-track]');
  const controls = el.querySelector<HTMLElement>('[data-carousel-controls]');
  const toggle = el.querySelector<HTMLElement>('[data-carousel-action="toggle"]');
  const slides = Array.from(el.querySelectorAll<HTMLElement>('[data-slide]'));
  if (!track || !controls || !toggle || slides.length < 2) return () => {};

  let current = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let paused = reducedMotion();
  let hovered = false;
  let focused = false;

  const go = (n: number): void => {
    current = (n + slides.length) % slides.length;
    track.style.transform = `translateX(${-100 * current}%)`;
    slides.forEach((slide, i) => {
      const hidden = i !== current;
      slide.toggleAttribute('inert', hidden);
      if (hidden) slide.setAttribute('aria-hidden', 'true');
      else slide.removeAttribute('aria-hidden');
    });
  };
  const sync = (): void => {
    const run = !paused && !hovered && !focused;
    if (run) timer ??= setInterval(() => go(current + 1), ms);
    else {
      clearInterval(timer);
      timer = undefined;
    }
    // Announce slide changes only when the user makes them.
    track.setAttribute('aria-live', run ? 'off' : 'polite');
    toggle.textContent = (paused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? '';
  };

  const ac = new AbortController();
  const on = (type: string, fn: (e: Event) => void): void =>
    el.addEventListener(type, fn, { signal: ac.signal });
  on('click', (e) => {
    const action = e.target instanceof Element ? e.target.closest('[data-carousel-action]') : null;
    const name = action?.getAttribute('data-carousel-action');
    if (name === 'toggle') paused = !paused;
    else if (name) go(current + (name === 'next' ? 1 : -1));
    sync();
  });
  on('mouseenter', () => {
    hovered = true;
    sync();
  });
  on('mouseleave', () => {
    hovered = false;
    sync();
  });
  const inside = (node: EventTarget | null): boolean =>
    node instanceof Node && node !== toggle && el.contains(node);
  on('focusin', (e) => {
    focused = inside(e.target);
    sync();
  });
  on('focusout', (e) => {
    focused = inside((e as FocusEvent).relatedTarget);
    sync();
  });

  el.setAttribute('data-enhanced', '');
  // The arrows drive it now: the viewport no longer scrolls, and is no longer a tab stop.
  el.querySelector('[data-carousel-viewport]')?.removeAttribute('tabindex');
  controls.hidden = false;
  go(0);
  sync();
  return () => {
    ac.abort();
    clearInterval(timer);
  };
}
