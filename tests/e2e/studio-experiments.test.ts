// An experiment made in the Studio on the production build (decision 056): an editor creates one
// on /neet-repeater-scholarship with two versions (the page and the JEE repeater page) and the
// planned visitors; a publisher starts it (site.json published, live at once); 400 first visits
// from browsers split within a few percent of 50/50, each recorded once as an exposure by the arm it
// was shown; search engines, link previews and direct visits to the variant's own address are not
// exposed; the results screen says there is not enough data yet. Screenshots at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';
import { indiaDate } from '../../src/domain/dates';
import { stepCode } from '../../src/domain/funnel-steps';
import { e2eNow, launchBrowser, seriousViolations } from './browser';

const PATH = '/neet-repeater-scholarship';
const VARIANT_PATH = '/jee-repeater-scholarship';
const SHOTS = '/tmp/studio-shots';
const CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'WhatsApp/2.23.20.0 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ distDir: distDir(), now: e2eNow });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page's last 14 days: 200 visitors a day, 10 % of them registered (what the plan is made from). */
async function pastTraffic() {
  const day = 86_400_000;
  const rows = Array.from({ length: 2800 }, (_, i) => {
    const at = e2eNow().getTime() - (1 + (i % 13)) * day;
    return { i, at };
  }).flatMap(({ i, at }) =>
    (i % 10 === 0 ? [stepCode('page_view'), stepCode('registered')] : [stepCode('page_view')]).map(
      (step) => ({
        programme: 'iacst',
        variant: 'iacst_repeater_neet',
        visitor: `past-visitor-${String(i).padStart(6, '0')}`,
        step,
        at_ms: at,
        day: indiaDate(new Date(at)),
        host: 'localhost',
        path: PATH,
        locale: 'en',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
        has_gclid: 0,
        gap_bucket: -1,
        sandbox: 0,
        page_version: null,
      }),
    ),
  );
  for (let i = 0; i < rows.length; i += 500)
    await server.app.ctx.db
      .insertInto('funnel_events')
      .values(rows.slice(i, i + 500))
      .execute();
}

const exposures = () =>
  server.app.ctx.db.selectFrom('experiment_exposures').select(['arm', 'visitor']).execute();

it('splits a page between two versions made in the Studio, exposing only browsers the split assigned', async () => {
  await pastTraffic();
  const editor = await signInToStudio(
    browser,
    server.base,
    server.app.ctx,
    { email: 'esha@example.com', name: 'Esha Editor', role: 'editor' },
    {
      viewport: { width: 1280, height: 800 },
      route: `/studio/experiments/new?path=${encodeURIComponent(PATH)}`,
    },
  );
  const form = editor.page;
  await form.getByLabel('Name').fill('Repeaters: NEET page against JEE page');
  await form
    .getByLabel('What do you expect, and why?')
    .fill('The JEE page’s shorter first screen gets more sign-ups.');
  await form.getByRole('checkbox', { name: /^JEE Repeater/ }).check();
  await form.getByText(/^Each version needs about 3,841 visitors: about 39 days/).waitFor();
  expect(await seriousViolations(form)).toEqual([]);
  await shoot(form, 'experiment-new');
  await form.getByRole('button', { name: 'Create experiment' }).click();
  await form.getByRole('heading', { name: 'Repeaters: NEET page against JEE page' }).waitFor();
  const id = form.url().split('/').at(-1) ?? '';

  const { page } = await signInToStudio(
    browser,
    server.base,
    server.app.ctx,
    { email: 'pia@example.com', name: 'Pia Publisher', role: 'publisher' },
    { viewport: { width: 1280, height: 800 }, route: `/studio/experiments/${id}` },
  );
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('Started: visitors now see the versions.').waitFor();
  expect(server.app.ctx.site.site.experiments?.map((e) => e.id)).toEqual([id]);

  // 400 first visits from browsers, with bots and direct visits to the variant's own address between them.
  const arms = new Map<string, number>();
  for (let i = 0; i < 400; i++) {
    const answer = await fetch(`${server.base}${PATH}`, {
      headers: { 'user-agent': CHROME, accept: 'text/html' },
    });
    expect(answer.status).toBe(200);
    const arm = /ef_exp_[^=]+=([^;]+)/.exec(answer.headers.getSetCookie().join('\n'))?.[1] ?? '';
    arms.set(arm, (arms.get(arm) ?? 0) + 1);
    if (i % 8 === 0) {
      const bot = await fetch(`${server.base}${PATH}`, { headers: { 'user-agent': BOTS[i % 3] ?? '' } });
      expect(bot.headers.getSetCookie()).toEqual([]);
      const direct = await fetch(`${server.base}${VARIANT_PATH}`, { headers: { 'user-agent': CHROME } });
      expect(direct.headers.getSetCookie()).toEqual([]);
    }
  }
  expect([...arms.keys()].sort()).toEqual(['iacst_repeater_jee', 'iacst_repeater_neet']);
  // σ of a share of 400 at 50 % is 2.5 points: 10 points is 4σ.
  expect(Math.abs((arms.get('iacst_repeater_jee') ?? 0) / 400 - 0.5)).toBeLessThan(0.1);
  // Exactly the 400 browsers are exposed, by the arm they were shown (bots and direct visits are not).
  await expect.poll(async () => (await exposures()).length, { timeout: 5000 }).toBe(400);
  const stored = await exposures();
  expect(stored.filter((e) => e.arm === 'iacst_repeater_jee')).toHaveLength(
    arms.get('iacst_repeater_jee') ?? -1,
  );

  await page.reload();
  await page.getByText(/^Not enough data yet: 0 of 25 registrations/).waitFor();
  const table = page.getByRole('table', { name: 'Results by version' });
  expect(await table.textContent()).toContain(String(arms.get('iacst_repeater_neet')));
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'experiment-results');
});
