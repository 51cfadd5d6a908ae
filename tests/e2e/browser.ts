// Debian's Chromium through playwright-core (never a downloaded browser build).
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumFlags, testChromiumPath } from '../../scripts/lib/chromium';

/**
 * Now on the browser tests' clock (global-setup.ts: today 11:00 IST unless EXAMFLOW_E2E_CLOCK
 * says otherwise), running since the suite started: what the server's sandbox clock says.
 */
export function e2eNow(): Date {
  const { start, startedAt } = inject('clock');
  return new Date(Date.parse(start) + (Date.now() - startedAt));
}

/**
 * Debian's Chromium (its headless shell: scripts/lib/chromium.ts), every context of it on the tests' clock (Playwright's clock, installed at
 * e2eNow() and running on): greetings, countdowns and "today" in the page agree with the server,
 * whatever the hour of the machine. A test that drives time itself installs again at e2eNow().
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: testChromiumPath,
    args: chromiumFlags,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.clock.install({ time: e2eNow() });
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.context().clock.install({ time: e2eNow() });
    return page;
  };
  return browser;
}

let mobilesIssued = 0;

/**
 * A mobile number no other browser test of the run has used: 8, the worker's number (Vitest's pool
 * id), then the time in milliseconds plus a count, which only grows within a worker.
 */
export function freshMobile(): string {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 10;
  return `8${worker}${String((Date.now() + mobilesIssued++) % 1e8).padStart(8, '0')}`;
}

/**
 * Puts axe-core into every frame of the page that does not have it yet: once per document.
 * @axe-core/playwright evaluated its 550 KB twice on every check and finished each check in a new
 * blank tab; without the tab (its legacy mode), a check of the landing page took 210–370 ms, and
 * 85–100 ms this way. A child frame that cannot take it (gone, or not answering within 1 s) is
 * left out, as there; the page's own frame always gets it, however long a loaded machine takes (a
 * 1 s limit there left a check without axe beside a second copy of the suite).
 */
async function injectAxe(page: Page): Promise<void> {
  const inject = async (frame: Frame) => {
    if (await frame.evaluate('typeof window.axe === "object"')) return;
    await frame.evaluate(axe.source);
    // Frames are asked through postMessage, and only frames of the page's own origin answer.
    await frame.evaluate('axe.configure({ allowedOrigins: ["<same_origin>"] })');
  };
  await inject(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('axe not injected')), 1_000);
    });
    await Promise.race([inject(frame), late])
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  }
}

/**
 * axe-core on the page (its same-origin frames included): the serious and critical violations, as
 * readable lines. Only violations are collected (axe then skips building selectors for every
 * passing node: about 9 % of its time here).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    // Typed here, not on every Window of the project: the app has no axe.
    const { run } = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Logs a demo student in through the API as the login form does: the token in local storage (once
 * per tab: a later page, after logout, must see what the app left) and the ef_session marker
 * cookie on the student's host. Node's resolver may not know *.localhost: the login call goes to
 * `url('/api/login')` (localhost), the marker to `url('/', host)`.
 */
export async function logInAs(
  context: BrowserContext,
  student: { roll_number: string; dob: string },
  url: (path: string, host?: string) => string,
  host: string,
): Promise<void> {
  const reply = await context.request.post(url('/api/login'), {
    data: { roll_number: student.roll_number, date_of_birth: student.dob },
  });
  if (reply.status() !== 200) throw new Error(`login of ${student.roll_number} answered ${reply.status()}`);
  await context.addCookies([{ name: 'ef_session', value: '1', url: url('/', host) }]);
  const { token } = (await reply.json()) as { token: string };
  await context.addInitScript(
    ([t, roll, dob]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'examflow:session',
        JSON.stringify({ token: t, rollNumber: roll, dob, examType: null }),
      );
    },
    [token, student.roll_number, student.dob.replace(/\//g, '-')],
  );
}

/**
 * The newest sandbox SMS to the mobile on the server at `origin`, waiting up to 10 s for one: a
 * page can show its next state (the OTP boxes, "verifying") before the send has reached the
 * sandbox outbox.
 */
export async function sandboxMessage(
  origin: string,
  mobile: string,
): Promise<{ text: string; otp: string | null }> {
  for (const deadline = Date.now() + 10_000; ;) {
    const list = (await (await fetch(`${origin}/sandbox/messages?mobile=${mobile}`)).json()) as {
      text: string;
      otp: string | null;
    }[];
    if (list[0]) return list[0];
    if (Date.now() > deadline) throw new Error(`no SMS sent to ${mobile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The OTP in the newest sandbox SMS to the mobile (see sandboxMessage). */
export async function sandboxOtp(origin: string, mobile: string): Promise<string> {
  const { otp } = await sandboxMessage(origin, mobile);
  if (!otp) throw new Error(`the newest SMS to ${mobile} has no OTP`);
  return otp;
}

/**
 * Who asked for each request of `page` whose path `keep` accepts: Chromium's own record of the
 * initiator, 'html' for the HTML parser, else the path of the script whose code made the call.
 * Returns the callers of a path, in the order the requests went out.
 */
export async function requestInitiators(
  context: BrowserContext,
  page: Page,
  keep: (path: string) => boolean,
): Promise<(path: string) => string[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const asked: { path: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const { pathname } = new URL(request.url);
    if (!keep(pathname)) return;
    const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
    const by = initiator.type === 'parser' ? 'html' : new URL(frame?.url || initiator.url || 'x:').pathname;
    asked.push({ path: pathname, by });
  });
  return (path) => asked.filter((a) => a.path === path).map((a) => a.by);
}
