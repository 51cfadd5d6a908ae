// The registration card's timings on a landing page in Chromium with applied throttling: 150 ms round trip
// and 1.6 Mbps down (CDP Network.emulateNetworkConditions), 4× CPU
// slowdown (Emulation.setCPUThrottlingRate), a 390 px phone viewport, a fresh context (cold cache)
// per run. Measured in the page:
// - FCP and LCP (paint and largest-contentful-paint entries);
// - field visible: the first rendering frame (requestAnimationFrame, which Chromium runs only once
//   render-blocking CSS is in) in which the card's text field has a layout box;
// - Verify works: the card's island has hydrated (its region drops aria-busy), from which moment
//   a typed number and Verify send the OTP (tests/e2e/registration-before-script.test.ts);
// - the JavaScript requested before the load event (Resource Timing; sizes as gzip of the built
//   files, the unit of the budgets).
import { chromium, type Browser } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { gzipBytes } from './shared';

export const THROTTLING = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
};

export interface CardTiming {
  fcp: number;
  lcp: number;
  /** Absent when the page has no card field. */
  fieldVisible?: number;
  /** Absent when the card never hydrated within the wait. */
  verifyWorks?: number;
  loadEvent: number;
  /** When the last script requested from the load event until hydration had arrived (the card's
   *  chunks): splits Verify's time into network and main thread. */
  cardScriptIn?: number;
  /** gzip bytes of the scripts requested before the load event. */
  jsBeforeLoad: number;
}

interface PageFigures {
  fcp: number;
  lcp: number;
  field?: number;
  hydrated?: number;
  load: number;
  scriptsBeforeLoad: string[];
  cardScriptIn?: number;
}

/**
 * Installed before any page script: records the frame the field appears in and the hydration. A
 * string, not a function: tsx's compiled functions may call helpers the page does not have.
 */
const OBSERVE_CARD = `(() => {
  const marks = { lcp: 0 };
  window.cardMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = Math.max(marks.lcp, entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const frame = (now) => {
    const field = document.querySelector('.ef-register input');
    if (field && field.getBoundingClientRect().height > 0) marks.field = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // The moment the card's region stops being busy: hydrated.
  new MutationObserver(() => {
    const card = document.querySelector('[data-island="registration-card"]');
    if (marks.hydrated === undefined && card && !card.hasAttribute('aria-busy'))
      marks.hydrated = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})();`;

export async function launchThrottledBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** One cold, throttled load of `url`; waits up to `waitMs` after the load event for hydration. */
export async function measureCard(
  browser: Browser,
  url: string,
  dist: string,
  waitMs = 15_000,
): Promise<CardTiming> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
      uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    await page.addInitScript(OBSERVE_CARD);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const hasCard = (await page.locator('[data-island="registration-card"]').count()) > 0;
    if (hasCard)
      await page
        .waitForFunction(
          () => (window as unknown as { cardMarks: { hydrated?: number } }).cardMarks.hydrated !== undefined,
          undefined,
          { timeout: waitMs },
        )
        .catch(() => undefined);
    // LCP settles once the page is quiet; a short pause lets the last entry arrive.
    await page.waitForTimeout(500);
    const figures = await page.evaluate((): PageFigures => {
      const marks = (window as unknown as { cardMarks: { field?: number; hydrated?: number; lcp: number } })
        .cardMarks;
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const load = navigation?.loadEventStart ?? Number.NaN;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scriptsBeforeLoad = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.startTime < load && new URL(r.name).pathname.endsWith('.js'))
        .map((r) => new URL(r.name).pathname);
      const cardScripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) =>
          r.startTime >= load &&
          r.startTime <= (marks.hydrated ?? Infinity) &&
          new URL(r.name).pathname.endsWith('.js'),
      );
      const cardScriptIn = cardScripts.length
        ? Math.max(...cardScripts.map((r) => r.responseEnd))
        : undefined;
      return {
        fcp,
        lcp: marks.lcp,
        field: marks.field,
        hydrated: marks.hydrated,
        load,
        scriptsBeforeLoad,
        cardScriptIn,
      };
    });
    if (process.env.BENCH_DEBUG)
      console.error(
        await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .map(
              (r) => `${Math.round(r.startTime)}–${Math.round(r.responseEnd)} ${r.encodedBodySize} ${r.name}`,
            )
            .join('\n'),
        ),
      );
    return {
      fcp: figures.fcp,
      lcp: figures.lcp,
      // A frame's content is painted at its end: a field laid out in a frame before FCP's paint
      // is in the first contentful paint, so it is visible at FCP.
      fieldVisible: figures.field === undefined ? undefined : Math.max(figures.field, figures.fcp),
      verifyWorks: figures.hydrated,
      loadEvent: figures.load,
      cardScriptIn: figures.cardScriptIn,
      jsBeforeLoad: gzipBytes(dist, [...new Set(figures.scriptsBeforeLoad)]),
    };
  } finally {
    await context.close();
  }
}
