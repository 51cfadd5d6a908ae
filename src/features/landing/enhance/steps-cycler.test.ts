// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examples } from '../blocks/examples.test-support';
import { stepsCycler } from './steps-cycler';
import {
  FakeIntersectionObserver,
  find,
  mount,
  rect,
  stubIntersectionObserver,
  stubMatchMedia,
  type Viewport,
} from './enhance.test-support';

const viewport: Viewport = { width: 375, reducedMotion: false };
let cleanup: () => void = () => {};

function start(): { section: HTMLElement; observer: () => FakeIntersectionObserver } {
  mount(examples['how-it-works'].default);
  const section = find('[data-enhance="steps-cycler"]');
  cleanup = stepsCycler(section);
  return {
    section,
    observer: () => {
      const io = FakeIntersectionObserver.instances[0];
      if (!io) throw new Error('no IntersectionObserver was created');
      return io;
    },
  };
}

/** Index of the step marked current. */
function active(section: HTMLElement): number {
  const steps = Array.from(section.querySelectorAll('[data-step]'));
  const current = steps.filter((s) => s.getAttribute('aria-current') === 'step');
  expect(current).toHaveLength(1);
  expect(steps.filter((s) => s.classList.contains('is-active'))).toEqual(current);
  return steps.indexOf(current[0] as Element);
}

/** Advances time in 500 ms slices for 12 s and checks the active step never changes (a whole cycle could hide it). */
function staysAt(section: HTMLElement, index: number): void {
  for (let t = 0; t < 12_000; t += 500) {
    vi.advanceTimersByTime(500);
    expect(active(section)).toBe(index);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(viewport, { width: 375, reducedMotion: false });
  stubMatchMedia(viewport);
  stubIntersectionObserver();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('steps cycler', () => {
  it('does not start before the section is half visible', () => {
    const { section, observer } = start();
    expect(observer().targets).toEqual([section]);
    expect(observer().options?.threshold).toContain(0.5);
    staysAt(section, 0);
    observer().fire(0.4);
    staysAt(section, 0);
  });

  it('at mobile width (768 px) advances 0→1→2→0 every 3 s once half visible', () => {
    viewport.width = 768;
    const { section, observer } = start();
    observer().fire(0.5);
    vi.advanceTimersByTime(2999);
    expect(active(section)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(active(section)).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(0);
  });

  it('at desktop width (769 px) advances every 4 s', () => {
    viewport.width = 769;
    const { section, observer } = start();
    observer().fire(0.6);
    vi.advanceTimersByTime(3999);
    expect(active(section)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(active(section)).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(active(section)).toBe(2);
    vi.advanceTimersByTime(4000);
    expect(active(section)).toBe(0);
  });

  it('reads its timings and breakpoint from the data attributes', () => {
    mount(examples['how-it-works'].default);
    const section = find('[data-enhance="steps-cycler"]');
    section.dataset.advanceMobileMs = '1000';
    section.dataset.mobileBreakpointPx = '400';
    viewport.width = 390;
    cleanup = stepsCycler(section);
    FakeIntersectionObserver.instances[0]?.fire(1);
    vi.advanceTimersByTime(1000);
    expect(active(section)).toBe(1);
  });

  it('counts a section taller than twice the viewport as visible when it fills half the viewport', () => {
    const { section, observer } = start();
    // 600 px of a 2000 px section visible in a 1000 px viewport: ratio 0.3, but 60% of the viewport.
    observer().fire(0.3);
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(0);
    const io = observer();
    const entry: IntersectionObserverEntry = {
      target: section,
      time: 0,
      isIntersecting: true,
      intersectionRatio: 0.3,
      boundingClientRect: rect(2000),
      intersectionRect: rect(600),
      rootBounds: rect(1000),
    };
    io.fireEntries([entry]);
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(1);
  });

  it('pauses when scrolled out of view, on hover and on focus', () => {
    const { section, observer } = start();
    observer().fire(1);
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(1);
    observer().fire(0);
    staysAt(section, 1);
    observer().fire(1);
    section.dispatchEvent(new MouseEvent('mouseenter'));
    staysAt(section, 1);
    section.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(3000);
    expect(active(section)).toBe(2);
    section.dispatchEvent(new FocusEvent('focusin'));
    staysAt(section, 2);
  });

  it('does not cycle under prefers-reduced-motion', () => {
    viewport.reducedMotion = true;
    const { section } = start();
    FakeIntersectionObserver.instances.forEach((io) => io.fire(1));
    staysAt(section, 0);
  });

  it('stops on cleanup', () => {
    const { section, observer } = start();
    observer().fire(1);
    cleanup();
    expect(observer().disconnected).toBe(true);
    staysAt(section, 0);
  });
});
