// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../../generated/config/landing';
import { examples, testContext, testLanding } from '../blocks/examples.test-support';
import { LandingPage } from '../landing-page';
import { enhanceAll } from './enhance-all';
import {
  FakeIntersectionObserver,
  find,
  stubIntersectionObserver,
  stubMatchMedia,
} from './enhance.test-support';

const blocks: Block[] = [
  examples.header.default,
  examples.hero.default,
  examples['how-to-register-link'].default,
  examples['how-it-works'].default,
  examples['highlights-carousel'].default,
  examples['card-stack'].default,
  examples['back-to-top'].default,
  examples.footer.default,
];

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia({ width: 375, reducedMotion: false });
  stubIntersectionObserver();
  document.body.innerHTML = renderToStaticMarkup(
    <LandingPage landing={testLanding(blocks)} context={testContext(blocks)} />,
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('enhanceAll', () => {
  it('enhances every [data-enhance] element of a prerendered page, and cleans up', () => {
    const cleanup = enhanceAll(document);
    expect(find('[data-carousel-controls]').hidden).toBe(false);
    expect(find('[data-stack-next]').hidden).toBe(false);
    expect(find('[data-enhance="back-to-top"]').hidden).toBe(true);
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
    const slideShown = () => find('[data-slide]:not([aria-hidden])').getAttribute('aria-label');
    vi.advanceTimersByTime(3000);
    expect(slideShown()).toBe('2 of 3');
    cleanup();
    for (let t = 0; t < 12_000; t += 500) {
      vi.advanceTimersByTime(500);
      expect(slideShown()).toBe('2 of 3');
    }
    expect(FakeIntersectionObserver.instances[0]?.disconnected).toBe(true);
  });

  it('warns once per unknown enhancer name and still enhances the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div data-enhance="confetti"></div><div data-enhance="confetti"></div>',
    );
    enhanceAll(document);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"confetti"');
    expect(find('[data-carousel-controls]').hidden).toBe(false);
  });

  it('reports an enhancer whose data attribute is missing and still enhances the rest', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    find('[data-enhance="carousel"]').removeAttribute('data-autoplay-ms');
    enhanceAll(document);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[1])).toContain('autoplayMs');
    expect(find('[data-carousel-controls]').hidden).toBe(true);
    expect(find('[data-stack-next]').hidden).toBe(false);
  });
});
