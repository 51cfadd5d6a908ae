// The registration card before its script (decision 006), in Chromium against the real
// server: the card's first step is in every landing page's HTML, in the page's locale; while the
// island's chunk is held back a student types the number, Verify waits visibly; once the chunk
// arrives the card hydrates in place, the number is kept and Verify sends the OTP, with no
// hydration error and no layout shift. The form steps' chunk is not fetched before then.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshMobile, launchBrowser, seriousViolations } from './browser';

const base = `http://localhost:${inject('port')}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** The prerendered HTML of a page, as a browser without script would get it. */
async function pageHtml(path: string): Promise<string> {
  const reply = await fetch(`${base}${path}`);
  expect(reply.status).toBe(200);
  return reply.text();
}

/** The <section> of the card in a page's HTML. */
function cardHtml(html: string): string {
  const start = html.indexOf('<section id="register_now"');
  expect(start, 'the card region is in the page').toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
}

describe('the card in the HTML', () => {
  it('holds step 1 (heading, labelled field, Verify, the "one moment" note) on an English page', async () => {
    const card = cardHtml(await pageHtml('/iacstexam'));
    expect(card).toContain('aria-busy="true"');
    expect(card).toMatch(/<h2 id="register_now-heading"[^>]*>Register Now<\/h2>/);
    expect(card).toMatch(/<label[^>]*for="reg_mobile"[^>]*>Mobile number or student id \(PSID\)<\/label>/);
    expect(card).toMatch(/<input id="reg_mobile"/);
    expect(card).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Verify<\/button>/);
    expect(card).toContain('One moment…');
    expect(card).not.toContain('Loading the registration form');
  });

  it('is in Hindi on a Hindi page', async () => {
    const card = cardHtml(await pageHtml('/neet-repeater-scholarship-hindi'));
    expect(card).toMatch(/<h2 id="register_now-heading"[^>]*>अभी पंजीकरण करें<\/h2>/);
    expect(card).toMatch(/<button type="submit"[^>]*>सत्यापित करें<\/button>/);
    expect(card).toContain('एक क्षण रुकें…');
    expect(card).not.toMatch(/>(Register Now|Verify|Mobile number[^<]*|One moment…)</);
  });
});

interface HeldPage {
  page: Page;
  /** Lets the island's chunk through. */
  release: () => void;
  /** Console errors and uncaught page errors so far. */
  errors: string[];
  /** Script URLs requested, in order, with whether the island chunk had been released then. */
  scripts: { url: string; released: boolean }[];
}

/** A landing page whose registration-card chunk is held back until `release()`. */
async function openHeld(path: string): Promise<HeldPage> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: HeldPage['scripts'] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  let released = false;
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push({ url: request.url(), released });
  });
  await page.route(/\/assets\/registration-card-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  // Every layout shift the page has, for the hydration's share (CLS must stay 0).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}${path}`);
  return {
    page,
    release: () => {
      released = true;
      open();
    },
    errors,
    scripts,
  };
}

describe('typing before the script arrives', () => {
  it('keeps the number, hydrates in place, and Verify sends the OTP', async () => {
    const { page, release, errors, scripts } = await openHeld('/iacstexam');
    const card = page.locator('#register_now');
    const field = card.getByRole('textbox', { name: 'Mobile number or student id (PSID)' });
    const verify = card.getByRole('button', { name: 'Verify', exact: true });

    // The load event has passed and the page asked for the card's script: it is held.
    await expect.poll(() => scripts.some((s) => s.url.includes('/registration-card-'))).toBe(true);
    expect(await card.getAttribute('aria-busy')).toBe('true');
    await card.getByRole('status').filter({ hasText: 'One moment…' }).waitFor();
    expect(await verify.isDisabled()).toBe(true);
    expect(await seriousViolations(page), 'the card before its script').toEqual([]);

    const mobile = freshMobile();
    await field.pressSequentially(mobile);
    expect(await field.inputValue()).toBe(mobile);
    // Still no script: Verify waits (disabled), the card is busy, no OTP step.
    expect(await verify.isDisabled()).toBe(true);
    expect(await card.getAttribute('aria-busy')).toBe('true');
    const shiftsBefore = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length);

    release();
    await expect.poll(() => card.getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => card.getByText('One moment…').count()).toBe(0);
    expect(await field.inputValue()).toBe(mobile);
    await expect.poll(() => verify.isEnabled()).toBe(true);
    // The hydrated card is the prerendered one: the same field element, no shift.
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length)).toBe(
      shiftsBefore,
    );

    // Steps 2 to 5 are not fetched for a card that has sent no code (decision 061).
    const formSteps = () => scripts.filter((s) => s.url.includes('/form-steps-'));
    expect(formSteps()).toEqual([]);
    await verify.click();
    await card.getByRole('heading', { level: 2, name: 'Verify OTP', exact: true }).waitFor();
    expect(await card.getByText(mobile).count()).toBeGreaterThan(0);
    await card.getByRole('textbox', { name: 'Digit 1 of 4' }).waitFor();

    expect(errors, 'console errors (a hydration mismatch logs one)').toEqual([]);
    // The code is sent: steps 2 to 5 come while the student reads the SMS.
    await expect.poll(() => formSteps().length).toBeGreaterThan(0);
  });

  it('asks for the card’s script at the first touch when the load event is late', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    // Images hold the load event back; the card's chunk must not wait for it once touched.
    let openImages = () => {};
    const images = new Promise<void>((resolve) => (openImages = resolve));
    await page.route(/\/images\//, async (route) => {
      await images;
      await route.continue();
    });
    let loaded = false;
    let requested = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (/\/assets\/registration-card-[^/]*\.js$/.test(request.url())) requested = true;
    });
    await page.goto(`${base}/iacstexam`, { waitUntil: 'domcontentloaded' });
    // Not requested by itself while the page is still loading.
    await page.waitForTimeout(500);
    expect(loaded).toBe(false);
    expect(requested).toBe(false);
    const field = page.locator('#reg_mobile');
    await field.focus();
    await expect.poll(() => requested).toBe(true);
    expect(loaded, 'the chunk was asked for before the load event').toBe(false);
    const mobile = freshMobile();
    await field.pressSequentially(mobile);
    await expect.poll(() => page.locator('#register_now').getAttribute('aria-busy')).toBeNull();
    expect(await field.inputValue()).toBe(mobile);
    openImages();
  });

  it('requests the page’s scripts after its first paint, and the CSP runs no other inline script', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // What happened, in the browser's order: the load event and each script asked for.
    const events: string[] = [];
    page.on('load', () => events.push('load'));
    page.on('request', (request) => {
      const script = /\/assets\/(page|funnel)-[^/]*\.js$/.exec(request.url());
      if (script) events.push(script[1] ?? '');
    });
    await page.goto(`${base}/iacstexam`);
    await expect.poll(() => page.locator('#register_now').getAttribute('aria-busy')).toBeNull();
    // The page script, then the funnel's reporter, both after the load event (so after the paint).
    expect(events).toEqual(['load', 'page', 'funnel']);
    // The loader is allowed by its hash only: another inline script is refused.
    const ran = await page.evaluate(async () => {
      const refused = new Promise<boolean>((resolve) => {
        document.addEventListener('securitypolicyviolation', () => resolve(true), { once: true });
        setTimeout(() => resolve(false), 2_000);
      });
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      return { refused: await refused, ran: 'inlineRan' in window };
    });
    expect(ran).toEqual({ refused: true, ran: false });
    expect(errors.filter((e) => !e.includes('inline script'))).toEqual([]);
    expect(errors.filter((e) => e.includes('inline script'))).toHaveLength(1);
  });

  it('hydrates a Hindi page in Hindi, keeping what was typed', async () => {
    const { page, release, errors } = await openHeld('/neet-repeater-scholarship-hindi');
    const card = page.locator('#register_now');
    const field = card.locator('#reg_mobile');
    const mobile = freshMobile();
    await field.pressSequentially(mobile);
    release();
    await expect.poll(() => card.getAttribute('aria-busy')).toBeNull();
    expect(await field.inputValue()).toBe(mobile);
    const verify = card.getByRole('button', { name: 'सत्यापित करें', exact: true });
    await expect.poll(() => verify.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('when the card’s script fails to arrive', () => {
  it('says so, and Retry (by keyboard) asks for it again and the card works', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The island's chunk is dropped, as a flaky mobile network does, until the network is back.
    // (The page may ask for it twice meanwhile: its module preload and its import.)
    let offline = true;
    let requests = 0;
    let requestsWhileOffline = 0;
    await page.route(/\/assets\/registration-card-[^/]*\.js$/, async (route) => {
      requests++;
      if (offline) {
        requestsWhileOffline++;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.goto(`${base}/iacstexam`);
    const card = page.locator('#register_now');
    const status = card.getByRole('status').filter({
      hasText: 'The form could not load. Check your connection and try again.',
    });
    await status.waitFor();
    const retry = card.getByRole('button', { name: 'Try again', exact: true });
    expect(await card.getAttribute('aria-busy')).toBe('false');
    expect(await seriousViolations(page), 'the card with its script failed').toEqual([]);

    // What the student typed meanwhile is kept through the retry.
    const field = card.getByRole('textbox', { name: 'Mobile number or student id (PSID)' });
    const mobile = freshMobile();
    await field.pressSequentially(mobile);
    // Still failed: nothing asks for the chunk again by itself.
    expect(await card.getAttribute('aria-busy')).toBe('false');
    offline = false;
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => card.getAttribute('aria-busy')).toBeNull();
    expect(requestsWhileOffline).toBeGreaterThan(0);
    expect(requests, 'Retry asked for the chunk again').toBeGreaterThan(requestsWhileOffline);
    expect(await retry.count()).toBe(0);
    expect(await status.count()).toBe(0);
    // Retry had the focus: it went on to the field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg_mobile');
    expect(await field.inputValue()).toBe(mobile);
    const verify = card.getByRole('button', { name: 'Verify', exact: true });
    await expect.poll(() => verify.isEnabled()).toBe(true);
    await verify.click();
    await card.getByRole('heading', { level: 2, name: 'Verify OTP', exact: true }).waitFor();
    // A hydration mismatch would show here (React reports it as an uncaught recoverable error).
    expect(errors).toEqual([]);
  });
});
