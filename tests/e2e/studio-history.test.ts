// A campaign on a landing page, from the Studio's Inbox and History on the production build
// (decisions 049, 050): an editor edits the title and submits; a publisher approves it in the
// Inbox and schedules it, typed in India time, to go live a minute or two ahead and end a minute
// after; the running server publishes it by itself when the start comes and, at the end, takes the
// page off the site (an end unpublishes the landing: its address then answers "page not found", it
// does not return to the version live before); the publisher restores the earlier version from
// History and students see the old title again. The server's clock is moved to the start and the
// end rather than waited for (the schedule runs on the server's own poll either way); the
// publisher's browser shows the same time as the server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';
import { indiaWallClock } from '../../src/domain/dates';
import { e2eNow, launchBrowser, seriousViolations } from './browser';

const FILE = 'landings/mock-neet.json';
const PAGE = '/mock-neet-exam';
const OLD_TITLE = 'NEET Mock Test | Offline full-length test on 13, 20 and 27 April';
const NEW_TITLE = 'NEET Mock Test | Campaign week';
const SHOTS = '/tmp/studio-shots';

let server: TestServer;
let browser: Browser;
// The server's clock: the browser tests' clock, moved on by the test.
let shift = 0;
const now = () => new Date(e2eNow().getTime() + shift);

beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const student = async () => {
  const answer = await fetch(`${server.base}${PAGE}`, { headers: { Accept: 'text/html' } });
  return { status: answer.status, html: await answer.text() };
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');

/** Moves the server's clock (and the publisher's page's) to `at`. */
async function clockTo(at: Date, page: Page) {
  shift += at.getTime() - now().getTime();
  await page.clock.setSystemTime(now());
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

it('schedules a campaign from the Inbox: live by itself, ended by itself; History restores the old page', async () => {
  expect(titleOf((await student()).html)).toBe(OLD_TITLE);
  const editor = await signInToStudio(browser, server.base, server.app.ctx, {
    email: 'esha@example.com',
    name: 'Esha Editor',
    role: 'editor',
  });
  await editor.page.goto(`${server.base}/studio/edit/${FILE}`);
  await editor.page.locator('#root_title').fill(NEW_TITLE);
  await editor.page.getByLabel('Note for the reviewer (optional)').fill('Campaign week');
  await editor.page.getByText(/^Draft saved at/).waitFor();
  const submit = editor.page.getByRole('button', { name: 'Submit for review' });
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();
  await editor.page.getByText(/^Submitted for review\. A publisher/).waitFor();

  const { page } = await signInToStudio(
    browser,
    server.base,
    server.app.ctx,
    { email: 'pia@example.com', name: 'Pia Publisher', role: 'publisher' },
    { viewport: { width: 1280, height: 800 }, route: '/studio/inbox' },
  );
  await page.clock.setSystemTime(now());
  const item = page.getByRole('article', { name: new RegExp(OLD_TITLE.replace(/[|]/g, '\\|')) });
  await item.getByText('Note: “Campaign week”').waitFor();
  expect(await item.textContent()).toMatch(/Version \d+ by Esha Editor, .* · In review/);
  expect(await item.textContent()).toContain(NEW_TITLE);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inbox-review');
  await item.getByRole('button', { name: 'Approve' }).click();
  await item.getByRole('button', { name: 'Schedule…' }).click();

  // A minute or two ahead, on the minute (the form takes minutes), typed in India time.
  const start = new Date(Math.ceil((now().getTime() + 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 60_000);
  const form = item.getByRole('form', { name: 'Schedule' });
  for (const [group, at] of [
    ['Goes live on', start],
    ['Ends on (optional)', end],
  ] as const) {
    const { date, time } = indiaWallClock(at);
    await form.getByRole('group', { name: group }).getByLabel('Date').fill(date);
    await form.getByRole('group', { name: group }).getByLabel('Time').fill(time);
  }
  await shoot(page, 'inbox-schedule-form');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await item.getByText(/^Scheduled: it goes live on/).waitFor();
  const [version] = await server.app.ctx.db
    .selectFrom('config_versions')
    .select(['state', 'publish_at', 'unpublish_at'])
    .where('path', '=', FILE)
    .where('state', '=', 'scheduled')
    .execute();
  expect(version).toEqual({
    state: 'scheduled',
    publish_at: start.toISOString(),
    unpublish_at: end.toISOString(),
  });
  expect(await item.textContent()).toMatch(/Goes live on .*\(India time\) and ends on /);
  await shoot(page, 'inbox-scheduled');
  expect(titleOf((await student()).html)).toBe(OLD_TITLE);

  // The start comes: the server publishes it by itself (its poll), no one clicks anything.
  await clockTo(new Date(start.getTime() + 1_000), page);
  await expect.poll(async () => titleOf((await student()).html), { timeout: 10_000 }).toBe(NEW_TITLE);
  // The end comes: the page is taken off the site.
  await clockTo(new Date(end.getTime() + 1_000), page);
  await expect.poll(async () => (await student()).status, { timeout: 10_000 }).toBe(404);
  expect((await student()).html).not.toContain(NEW_TITLE);

  await page.goto(`${server.base}/studio/history/${FILE}`);
  await page.getByText(/This page is not on the site now/).waitFor();
  const first = page.getByRole('article', { name: 'Version 1 · Earlier version' });
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'history');
  await first.getByRole('button', { name: 'Make a preview link' }).click();
  const link = await first.getByLabel('Preview link').inputValue();
  expect(link).toMatch(new RegExp(`^${server.base}/studio/preview/[A-Za-z0-9_-]{43}$`));
  await shoot(page, 'history-preview-link');
  // The lead's phone: no session, the version's page under a "Preview" line.
  expect(await (await fetch(link)).text()).toContain(`<title>${OLD_TITLE}</title>`);
  await first.getByRole('button', { name: 'Roll back to this version…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back to version 1?' });
  await dialog.getByText('The page is not on the site now: this brings it back.').waitFor();
  await page.screenshot({ path: `${SHOTS}/history-rollback-1280.png` });
  await dialog.getByRole('button', { name: 'Restore now' }).click();
  await first.getByText('Version 1 is restored: students see it now.').waitFor();
  await expect.poll(async () => titleOf((await student()).html)).toBe(OLD_TITLE);
  expect((await student()).status).toBe(200);
});
