// Engagement tracking in the logged-in portal (part 2 §9): the scroll depth once the page has
// rested 1 s after scrolling (one event for a burst of scrolls), and the video banner's player
// taking the focus (polled every 100 ms). Chromium against the real server; the events are read
// from the page's own posts to /api/analytics (other browser tests may scroll at the same time).
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { e2eNow, launchBrowser, logInAs } from './browser';

const port = inject('port');
const url = (path: string, host = 'localhost') => `http://${host}:${port}${path}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SentEvent {
  name: string;
  payload?: Record<string, unknown>;
}

/** The analytics events the page posts, in order. */
function sentEvents(page: Page): SentEvent[] {
  const events: SentEvent[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics')
      events.push(request.postDataJSON() as SentEvent);
  });
  return events;
}

async function openDashboard(width: number) {
  // 06: an iACST student whose dashboard has courses, branches, the video banner and the FAQ.
  const s = students.find((student) => student.roll_number.endsWith('06'));
  if (!s) throw new Error('no demo student 06');
  const context = await browser.newContext({ viewport: { width, height: 700 } });
  const page = await context.newPage();
  const events = sentEvents(page);
  await logInAs(context, s, url, 'localhost');
  await page.clock.install({ time: e2eNow() });
  await page.goto(url('/dashboard'));
  await page.getByRole('heading', { name: 'The Demo Academy advantage' }).waitFor({ timeout: 20_000 });
  return { page, context, events };
}

const named = (events: SentEvent[], suffix: string) => events.filter((e) => e.name.endsWith(suffix));

describe('engagement tracking at 390 px', () => {
  it('a burst of scrolls sends one scroll_depth, 1 s after the last', async () => {
    const { page, context, events } = await openDashboard(390);
    // Each scroll waits for its scroll event (the page's listener has run by then).
    const scrollTo = (top: number | 'bottom') =>
      page.evaluate(
        (to) =>
          new Promise<void>((resolve) => {
            window.addEventListener('scroll', () => resolve(), { once: true });
            window.scrollTo(0, to === 'bottom' ? document.documentElement.scrollHeight : to);
          }),
        top,
      );
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(bottom).toBeGreaterThan(1_000);
    for (let y = 200; y < bottom - 100; y += 400) {
      await scrollTo(y);
      await page.clock.runFor(300);
    }
    await scrollTo('bottom');
    await page.clock.runFor(900);
    // Resting under 1 s: nothing sent yet.
    expect(named(events, '_scroll_depth')).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => named(events, '_scroll_depth').length, { timeout: 10_000 }).toBe(1);
    expect(named(events, '_scroll_depth')[0]?.payload).toEqual({ percent: 100, view: 'dashboard' });
    // Back up and down again: no deeper, no new event.
    await scrollTo(0);
    await scrollTo('bottom');
    await page.clock.runFor(2_000);
    expect(named(events, '_scroll_depth')).toHaveLength(1);
    await context.close();
  });

  it('the video player taking the focus sends video_focus (polled every 100 ms)', async () => {
    const { page, context, events } = await openDashboard(390);
    await page.getByRole('button', { name: 'Play video' }).click();
    // The page's own player (the programme's video is a file of the site's).
    const frame = page.locator('.ef-dash-video video');
    await frame.waitFor();
    await frame.focus();
    await page.clock.runFor(150);
    await expect.poll(() => named(events, '_video_focus').length, { timeout: 10_000 }).toBe(1);
    expect(named(events, '_video_focus')[0]?.payload).toMatchObject({
      title: await frame.getAttribute('title'),
      view: 'dashboard',
    });
    // Still in the player: no second event.
    await page.clock.runFor(1_000);
    expect(named(events, '_video_focus')).toHaveLength(1);
    await context.close();
  });
});
