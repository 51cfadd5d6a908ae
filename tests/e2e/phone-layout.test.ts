// The phone layout, at 390 and 1280 px: the back-to-top button never lies over
// another control, however far the page is scrolled; the checkout's fee bar rides at the foot of
// the screen but never hides the page's footer; the dashboard's course row shows its arrows only
// when there is something to scroll. Its own server: the checkout must find student 06's courses
// unbought whatever the other files do.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import students from '../../server/seed/demo-students.json';
import { e2eNow, launchBrowser, logInAs, seriousViolations } from './browser';

let server: TestServer;
const url = (p: string) => `${server.base}${p}`;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now: e2eNow });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const student = (suffix: string) => {
  const found = students.find((s) => s.roll_number.endsWith(suffix));
  if (!found) throw new Error(`no demo student ${suffix}`);
  return found;
};

async function newPage(width: number, suffix?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  if (suffix) await logInAs(context, student(suffix), url, new URL(url('/')).hostname);
  return context.newPage();
}

/**
 * Scrolls the window to y and lets the page answer the scroll: its scroll event has been sent (the
 * page's own listeners first: they were added before this one). Not two animation frames: the
 * tests' clock (Playwright's) fakes requestAnimationFrame with a timer, which can run out before
 * the browser's frame that sends the event, on a busy machine.
 */
const scrollTo = (page: Page, y: number) =>
  page.evaluate(async (top) => {
    const target = Math.min(top, document.documentElement.scrollHeight - window.innerHeight);
    if (Math.abs(window.scrollY - target) < 1) return;
    const scrolled = new Promise((done) => window.addEventListener('scroll', done, { once: true }));
    window.scrollTo(0, target);
    // A guard, not a wait: the event comes within a frame.
    await Promise.race([scrolled, new Promise((done) => setTimeout(done, 2_000))]);
  }, y);

/**
 * At the current scroll: whether the back-to-top button shows, whether a control lies where it
 * sits, and which controls it covers (shown there, its box over theirs, and they not clipped away
 * at that spot: the middle of the overlap hits them once the button is out of the way).
 */
const backToTopNow = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector<HTMLElement>('[data-enhance="back-to-top"]');
    if (!top) throw new Error('no back-to-top link');
    const box = top.getBoundingClientRect();
    const shown = !top.hidden && getComputedStyle(top).visibility === 'visible' && box.width > 0;
    const saved = top.style.visibility;
    top.style.visibility = 'hidden';
    const under = [
      ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary'),
    ].filter((control) => {
      if (control === top) return false;
      const r = control.getBoundingClientRect();
      const left = Math.max(r.left, box.left);
      const right = Math.min(r.right, box.right);
      const upper = Math.max(r.top, box.top);
      const lower = Math.min(r.bottom, box.bottom);
      if (right - left < 1 || lower - upper < 1) return false;
      const hit = document.elementFromPoint((left + right) / 2, (upper + lower) / 2);
      return hit !== null && (control === hit || control.contains(hit));
    });
    top.style.visibility = saved;
    return { shown, under: under.map((c) => (c.textContent ?? '').trim().slice(0, 40) || c.tagName) };
  });

describe.each([390, 1280])('the phone layout at %i px', (width) => {
  it('the back-to-top button never covers a control, and shows where nothing is under it', async () => {
    const page = await newPage(width);
    await page.goto(url('/iacstexam'));
    await page.locator('[data-enhance="back-to-top"][data-enhanced]').waitFor({ state: 'attached' });
    // The card hydrated too (its script comes after the page script): the layout is settled.
    await page.locator('#register_now:not([aria-busy])').waitFor({ state: 'attached' });
    // Every FAQ answer open: the most controls down the page.
    await page.evaluate(() => {
      for (const item of document.querySelectorAll<HTMLDetailsElement>('.ef-faq details')) item.open = true;
    });
    const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    let shownAt = 0;
    const covered: string[] = [];
    for (let y = 0; y <= height + 40; y += 40) {
      await scrollTo(page, Math.min(y, height));
      const now = await backToTopNow(page);
      if (now.shown) {
        shownAt++;
        if (now.under.length) covered.push(`${y}: ${now.under.join(', ')}`);
      }
    }
    expect(covered).toEqual([]);
    expect(shownAt).toBeGreaterThan(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the checkout's fee bar never hides the footer", async () => {
    const page = await newPage(width, '06');
    await page.goto(url('/dashboard'));
    await page.locator('#courseCardSection li').first().waitFor({ timeout: 20_000 });
    await page
      .locator('#courseCardSection li')
      .getByRole('button', { name: /^Register Now/ })
      .first()
      .click();
    await page.getByLabel('Billing address').waitFor();
    const bar = page.getByRole('region', { name: 'Provisional Fee breakup' });
    if (width < 992) {
      // Mid-page: the bar sits at the foot of the screen, its Pay button at hand.
      await scrollTo(page, 200);
      const gap = await bar.evaluate((el) => Math.abs(el.getBoundingClientRect().bottom - innerHeight));
      expect(gap).toBeLessThan(2);
      expect(await bar.getByRole('button', { name: /^Pay ₹/ }).isVisible()).toBe(true);
    } else expect(await bar.count()).toBe(0);
    // At the end of the page every line of the footer is itself where it shows, not under the bar.
    await scrollTo(page, 100_000);
    const hidden = await page.getByRole('contentinfo').evaluate((footer) =>
      [...footer.querySelectorAll<HTMLElement>('p, a, h2, h3, address, li')]
        .filter((line) => {
          const r = line.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= innerHeight || !r.width) return false;
          const hit = document.elementFromPoint(r.left + 4, Math.min(r.bottom, innerHeight) - 2);
          return !hit || !footer.contains(hit);
        })
        .map((line) => line.textContent?.trim()),
    );
    expect(hidden).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the course row's arrows show only when there is something to scroll", async () => {
    const page = await newPage(width, '06');
    await page.goto(url('/dashboard'));
    const row = page.getByRole('list', { name: 'Courses for you' });
    await row.locator('li').first().waitFor({ timeout: 20_000 });
    const overflows = await row.evaluate((list) => list.scrollWidth - list.clientWidth > 1);
    // Two courses: side by side in view on a wide screen; wider than a phone, where the row
    // scrolls by touch inside its box (its arrows are a wide screen's) and the page never does.
    expect(overflows).toBe(width < 768);
    expect(await page.getByRole('button', { name: 'More courses' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Previous courses' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Narrowed to where both no longer fit, yet wide enough for arrows: they appear, and scroll.
    await page.setViewportSize({ width: 600, height: 800 });
    const more = page.getByRole('button', { name: 'More courses' });
    await expect.poll(() => more.isVisible()).toBe(true);
    await more.click();
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
    // Wide again: nothing to scroll, no arrows.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => more.isVisible()).toBe(false);
    await page.context().close();
  });
});
