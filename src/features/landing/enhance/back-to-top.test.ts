// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examples } from '../blocks/examples.test-support';
import { backToTop } from './back-to-top';
import { find, mount, stubMatchMedia, type Viewport } from './enhance.test-support';

const viewport: Viewport = { width: 375, reducedMotion: false };
let cleanup: () => void = () => {};

function scrollTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

function start(): HTMLAnchorElement {
  mount(examples['back-to-top'].default);
  const link = find<HTMLAnchorElement>('[data-enhance="back-to-top"]');
  cleanup = backToTop(link);
  return link;
}

beforeEach(() => {
  Object.assign(viewport, { width: 375, reducedMotion: false });
  stubMatchMedia(viewport);
  scrollTo(0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('back to top', () => {
  it('appears only after the page is scrolled more than 700 px', () => {
    const link = start();
    expect(link.hidden).toBe(true);
    scrollTo(700);
    expect(link.hidden).toBe(true);
    scrollTo(701);
    expect(link.hidden).toBe(false);
    scrollTo(100);
    expect(link.hidden).toBe(true);
  });

  it('is visible at once when the page loads already scrolled', () => {
    scrollTo(2000);
    expect(start().hidden).toBe(false);
  });

  it('reads the threshold from data-after-px', () => {
    mount(examples['back-to-top'].default);
    const link = find<HTMLAnchorElement>('[data-enhance="back-to-top"]');
    link.dataset.afterPx = '100';
    cleanup = backToTop(link);
    scrollTo(101);
    expect(link.hidden).toBe(false);
  });

  it('scrolls smoothly to the top, or instantly under reduced motion', () => {
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    const link = start();
    scrollTo(900);
    link.click();
    expect(scroll).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    viewport.reducedMotion = true;
    link.click();
    expect(scroll).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
  });

  it('stops listening on cleanup', () => {
    const link = start();
    cleanup();
    scrollTo(5000);
    expect(link.hidden).toBe(true);
  });
});
