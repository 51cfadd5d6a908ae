// @vitest-environment jsdom
import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examples } from '../blocks/examples.test-support';
import { carousel } from './carousel';
import { find, mount, stubMatchMedia, type Viewport } from './enhance.test-support';

const viewport: Viewport = { width: 375, reducedMotion: false };
let cleanup: () => void = () => {};

function start(): HTMLElement {
  mount(examples['highlights-carousel'].default);
  const root = find('[data-enhance="carousel"]');
  cleanup = carousel(root);
  return root;
}

/** The label of the one slide that is shown (the others are hidden and inert). */
function current(root: HTMLElement): string | null {
  const slides = Array.from(root.querySelectorAll('[data-slide]'));
  const shown = slides.filter((s) => !s.hasAttribute('aria-hidden') && !s.hasAttribute('inert'));
  expect(shown).toHaveLength(1);
  return shown[0]?.getAttribute('aria-label') ?? null;
}

/** Advances time in 500 ms slices for 12 s and checks the slide never changes (a whole loop could hide it). */
function staysAt(root: HTMLElement, label: string): void {
  for (let t = 0; t < 12_000; t += 500) {
    vi.advanceTimersByTime(500);
    expect(current(root)).toBe(label);
  }
}

const button = (root: HTMLElement, name: string) => getByRole(root, 'button', { name });

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(viewport, { width: 375, reducedMotion: false });
  stubMatchMedia(viewport);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('carousel', () => {
  it('shows its controls and one slide at a time', () => {
    const root = start();
    expect(queryByRole(root, 'button', { name: 'Next slide' })).not.toBeNull();
    expect(button(root, 'Pause automatic sliding')).toBeTruthy();
    expect(current(root)).toBe('1 of 3');
    // The arrows drive it: its viewport no longer scrolls, and is no longer a tab stop.
    expect(root.querySelector('[data-carousel-viewport]')?.hasAttribute('tabindex')).toBe(false);
  });

  it('advances every 3 s and loops back to the first slide', () => {
    const root = start();
    vi.advanceTimersByTime(2999);
    expect(current(root)).toBe('1 of 3');
    vi.advanceTimersByTime(1);
    expect(current(root)).toBe('2 of 3');
    vi.advanceTimersByTime(3000);
    expect(current(root)).toBe('3 of 3');
    vi.advanceTimersByTime(3000);
    expect(current(root)).toBe('1 of 3');
  });

  it('reads the interval from data-autoplay-ms', () => {
    mount(examples['highlights-carousel'].default);
    const root = find('[data-enhance="carousel"]');
    root.dataset.autoplayMs = '500';
    cleanup = carousel(root);
    vi.advanceTimersByTime(500);
    expect(current(root)).toBe('2 of 3');
  });

  it('stops when paused with the button and starts again with it', () => {
    const root = start();
    button(root, 'Pause automatic sliding').click();
    const toggle = button(root, 'Start automatic sliding');
    expect(root.querySelector('[data-carousel-track]')?.getAttribute('aria-live')).toBe('polite');
    staysAt(root, '1 of 3');
    toggle.click();
    expect(toggle.textContent).toBe('Pause automatic sliding');
    expect(root.querySelector('[data-carousel-track]')?.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(3000);
    expect(current(root)).toBe('2 of 3');
  });

  it('pauses while hovered and while focus is on a slide control', () => {
    const root = start();
    root.dispatchEvent(new MouseEvent('mouseenter'));
    staysAt(root, '1 of 3');
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(3000);
    expect(current(root)).toBe('2 of 3');
    button(root, 'Next slide').focus();
    staysAt(root, '2 of 3');
    button(root, 'Next slide').blur();
    vi.advanceTimersByTime(3000);
    expect(current(root)).toBe('3 of 3');
  });

  it('previous and next buttons move one slide, looping at both ends', () => {
    const root = start();
    button(root, 'Previous slide').click();
    expect(current(root)).toBe('3 of 3');
    button(root, 'Next slide').click();
    expect(current(root)).toBe('1 of 3');
  });

  it('does not rotate by itself under prefers-reduced-motion', () => {
    viewport.reducedMotion = true;
    const root = start();
    expect(button(root, 'Start automatic sliding')).toBeTruthy();
    staysAt(root, '1 of 3');
  });

  it('stops on cleanup', () => {
    const root = start();
    cleanup();
    staysAt(root, '1 of 3');
  });
});
