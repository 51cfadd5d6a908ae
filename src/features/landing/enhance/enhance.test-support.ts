// Test doubles for the browser APIs jsdom lacks (matchMedia, IntersectionObserver), and a way to
// put a block's prerendered HTML in the document, so enhancer tests exercise the real markup.
import { renderToStaticMarkup } from 'react-dom/server';
import { vi } from 'vitest';
import type { Block } from '../../../generated/config/landing';
import { renderBlock } from '../block-renderer';
import { testContext } from '../blocks/examples.test-support';

export interface Viewport {
  width: number;
  reducedMotion: boolean;
}

/** matchMedia answering max-width queries from viewport.width, read at call time. */
export function stubMatchMedia(viewport: Viewport): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
      // A getter: the answer follows viewport changes, like a live MediaQueryList.
      get matches() {
        if (query.includes('prefers-reduced-motion')) return viewport.reducedMotion;
        return maxWidth !== undefined && viewport.width <= Number(maxWidth);
      },
    };
  });
}

export const rect = (height: number): DOMRectReadOnly => ({
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  width: 100,
  height,
  right: 100,
  bottom: height,
  toJSON: () => ({}),
});

export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element): void {
    this.targets.push(target);
  }
  unobserve(): void {}
  disconnect(): void {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports that `ratio` of the (100 px tall) target is visible in a 1000 px viewport. */
  fire(ratio: number): void {
    const entries = this.targets.map((target): IntersectionObserverEntry => ({
      target,
      time: 0,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      boundingClientRect: rect(100),
      intersectionRect: rect(100 * ratio),
      rootBounds: rect(1000),
    }));
    this.fireEntries(entries);
  }
  fireEntries(entries: IntersectionObserverEntry[]): void {
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

export function stubIntersectionObserver(): void {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}

/** Puts the prerendered HTML of a block in document.body and returns the body. */
export function mount(block: Block): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(renderBlock(block, testContext([block])));
  return document.body;
}

export function find<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`No element matches ${selector}`);
  return el;
}
