// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { smoothScroll } from './smooth-scroll';
import { find, stubMatchMedia, type Viewport } from './enhance.test-support';

const viewport: Viewport = { width: 375, reducedMotion: false };
let cleanup: () => void = () => {};
const scrollIntoView = vi.fn();

function start(href = '#how-it-works'): { link: HTMLAnchorElement; target: HTMLElement } {
  document.body.innerHTML = `<a href="${href}" data-enhance="smooth-scroll">How to register?</a>
    <section id="how-it-works"><h2>How to register</h2></section>`;
  const link = find<HTMLAnchorElement>('a');
  cleanup = smoothScroll(link);
  return { link, target: find('section') };
}

/** Clicks the link; true when the enhancer took over (default prevented). */
const click = (link: HTMLElement): boolean =>
  !link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

beforeEach(() => {
  Object.assign(viewport, { width: 375, reducedMotion: false });
  stubMatchMedia(viewport);
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('smooth scroll', () => {
  it('scrolls smoothly to the target and moves focus there', () => {
    const { link, target } = start();
    expect(click(link)).toBe(true);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(target);
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute('tabindex')).toBe('-1');
    expect(location.hash).toBe('#how-it-works');
  });

  it('leaves the browser jump alone under prefers-reduced-motion', () => {
    viewport.reducedMotion = true;
    const { link } = start();
    expect(click(link)).toBe(false);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('leaves links to missing targets alone', () => {
    const { link } = start('#nowhere');
    expect(click(link)).toBe(false);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
