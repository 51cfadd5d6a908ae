// @vitest-environment jsdom
import { getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examples } from '../blocks/examples.test-support';
import { cardStack } from './card-stack';
import { find, mount, stubMatchMedia, type Viewport } from './enhance.test-support';

const viewport: Viewport = { width: 375, reducedMotion: false };
let cleanup: () => void = () => {};
const original = ['Performance benchmarking', 'Exam simulation', 'Subject-wise analytics'];

function start(): HTMLElement {
  mount(examples['card-stack'].default);
  const root = find('[data-enhance="card-stack"]');
  cleanup = cardStack(root);
  return root;
}

const order = (root: HTMLElement): string[] =>
  Array.from(root.querySelectorAll('[data-stack-list] > li h3')).map((h) => h.textContent ?? '');

/** Drags the top card horizontally by dx pixels and lets go. */
function drag(root: HTMLElement, dx: number): HTMLElement {
  const top = find('[data-stack-list] > li', root);
  const at = (type: string, x: number) =>
    top.dispatchEvent(new PointerEvent(type, { clientX: x, bubbles: true, pointerId: 1 }));
  at('pointerdown', 200);
  at('pointermove', 200 + dx / 2);
  at('pointermove', 200 + dx);
  at('pointerup', 200 + dx);
  return top;
}

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

describe('card stack', () => {
  it('shows the next-card button and layers the cards', () => {
    const root = start();
    expect(getByRole(root, 'button', { name: 'Show the next card' })).toBeTruthy();
    const cards = Array.from(root.querySelectorAll<HTMLElement>('[data-stack-list] > li'));
    expect(cards.map((c) => c.style.getPropertyValue('--i'))).toEqual(['0', '1', '2']);
    expect(cards.map((c) => c.style.zIndex)).toEqual(['3', '2', '1']);
  });

  it('an 80 px drag sends the top card to the back after the 300 ms animation', () => {
    const root = start();
    const top = drag(root, 80);
    expect(top.style.transform).toBe('translateX(120%)');
    vi.advanceTimersByTime(299);
    expect(order(root)).toEqual(original);
    vi.advanceTimersByTime(1);
    expect(order(root)).toEqual(['Exam simulation', 'Subject-wise analytics', 'Performance benchmarking']);
    expect(top.style.transform).toBe('');
    expect(top.style.getPropertyValue('--i')).toBe('2');
  });

  it('a leftward 80 px drag works too, and three swipes cycle back to the start', () => {
    const root = start();
    for (let i = 0; i < 3; i++) {
      drag(root, -80);
      vi.advanceTimersByTime(300);
    }
    expect(order(root)).toEqual(original);
    drag(root, -80);
    vi.advanceTimersByTime(300);
    expect(order(root)[2]).toBe('Performance benchmarking');
  });

  it('a 79 px drag snaps the card back', () => {
    const root = start();
    const top = drag(root, 79);
    vi.advanceTimersByTime(1000);
    expect(order(root)).toEqual(original);
    expect(top.style.transform).toBe('');
  });

  it('follows the finger while dragging', () => {
    const root = start();
    const top = find('[data-stack-list] > li', root);
    top.dispatchEvent(new PointerEvent('pointerdown', { clientX: 100, bubbles: true }));
    top.dispatchEvent(new PointerEvent('pointermove', { clientX: 140, bubbles: true }));
    expect(top.style.transform).toBe('translateX(40px) rotate(2deg)');
  });

  it('reads threshold and animation time from the data attributes', () => {
    mount(examples['card-stack'].default);
    const root = find('[data-enhance="card-stack"]');
    root.dataset.swipeThresholdPx = '30';
    root.dataset.swipeAnimationMs = '50';
    cleanup = cardStack(root);
    drag(root, 30);
    vi.advanceTimersByTime(50);
    expect(order(root)[0]).toBe('Exam simulation');
  });

  it('does not swipe at desktop widths (the cards are a grid there)', () => {
    viewport.width = 769;
    const root = start();
    drag(root, 200);
    vi.advanceTimersByTime(1000);
    expect(order(root)).toEqual(original);
  });

  it('the next-card button does the same from the keyboard', () => {
    const root = start();
    getByRole(root, 'button', { name: 'Show the next card' }).click();
    vi.advanceTimersByTime(300);
    expect(order(root)[0]).toBe('Exam simulation');
  });

  it('moves the card at once, without animation, under prefers-reduced-motion', () => {
    viewport.reducedMotion = true;
    const root = start();
    drag(root, 80);
    expect(order(root)[0]).toBe('Exam simulation');
  });
});
