// The enhancers in a real browser, with Playwright's clock so timings are exact, not waited for.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eNow, launchBrowser } from './browser';

const port = inject('port');
const url = (path: string) => `http://localhost:${port}${path}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install({ time: e2eNow() });
  await page.goto(url(path));
  // The page script runs after the first paint (decision 033). It applies every enhancer in one
  // pass; back-to-top, on every landing page, marks itself enhanced.
  await page.locator('[data-enhance="back-to-top"][data-enhanced]').waitFor({ state: 'attached' });
  return page;
}
const currentStep = (page: Page) =>
  page
    .locator('[data-enhance="steps-cycler"] [data-step]')
    .evaluateAll((steps) => steps.findIndex((s) => s.hasAttribute('aria-current')));
const shownSlide = (page: Page) =>
  page
    .locator('[data-enhance="carousel"] [data-slide]')
    .evaluateAll((slides) => slides.findIndex((s) => !s.hasAttribute('aria-hidden')));

describe('landing page behaviour at a 390 px phone width', () => {
  let phone: BrowserContext;
  beforeAll(async () => {
    phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  });

  it('how-it-works starts cycling only when half visible, then advances every 3 s: 0 → 1 → 2 → 0', async () => {
    const page = await open(phone, '/mock-neet-exam');
    await page.clock.runFor(10_000);
    expect(await currentStep(page)).toBe(0);
    const section = page.locator('[data-enhance="steps-cycler"]');
    await section.scrollIntoViewIfNeeded();
    // Observers are told in creation order: once this one sees the section half visible, the
    // cycler's own observer (created at load) has started its timer.
    await section.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          new IntersectionObserver(
            (entries) => {
              const e = entries[0];
              const root = e?.rootBounds;
              if (
                e?.isIntersecting &&
                (e.intersectionRatio >= 0.5 || (root && e.intersectionRect.height >= root.height / 2))
              )
                resolve();
            },
            { threshold: [0, 0.5] },
          ).observe(el);
        }),
    );
    const seen = [];
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(3_000);
      seen.push(await currentStep(page));
    }
    expect(seen).toEqual([1, 2, 0]);
    await page.close();
  });

  it('the highlights carousel advances every 3 s and loops', async () => {
    const page = await open(phone, '/mock-jee-exam');
    const count = await page.locator('[data-enhance="carousel"] [data-slide]').count();
    expect(await shownSlide(page)).toBe(0);
    await page.clock.runFor(3_000);
    expect(await shownSlide(page)).toBe(1);
    await page.clock.runFor(3_000 * (count - 1));
    expect(await shownSlide(page)).toBe(0);
    await page.close();
  });

  it('back-to-top appears only after 700 px of scrolling', async () => {
    const page = await open(phone, '/iacstexam');
    const button = page.locator('[data-enhance="back-to-top"]');
    // Resolves after the page's own scroll listeners (added earlier) have run for this scroll.
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<void>((resolve) => {
            window.addEventListener('scroll', () => resolve(), { once: true });
            window.scrollTo(0, top);
          }),
        y,
      );
    expect(await button.isVisible()).toBe(false);
    await scrollTo(600);
    expect(await button.isVisible()).toBe(false);
    await scrollTo(900);
    expect(await button.isVisible()).toBe(true);
    await scrollTo(100);
    expect(await button.isVisible()).toBe(false);
    await page.close();
  });
});

describe('with prefers-reduced-motion', () => {
  it('nothing moves by itself', async () => {
    const calm = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await open(calm, '/mock-jee-exam');
    await page.locator('[data-enhance="steps-cycler"]').scrollIntoViewIfNeeded();
    await page.clock.runFor(12_000);
    expect(await shownSlide(page)).toBe(0);
    expect(await currentStep(page)).toBe(0);
    await calm.close();
  });
});
