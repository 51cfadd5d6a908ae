// Screenshots of examflow Studio at a tablet and a desktop width, to look at (usable
// at 1280 px, not broken at 768 px): the sign-in, the Funnel view, the home page, the editor of a
// landing and of a programme, the draft saved and submitted for review, a publisher's Inbox and
// the page's History, the change list with money, the money confirmation, New variant from…, the
// card-state preview (an OTP sent; an offline test's exam step) and the conflict view (a publisher published the page again meanwhile). Runs
// `npm run dev`'s servers on a copy of config/ and a temporary database (nothing real is written);
// an editor and a publisher of each width are made there and signed in (decision 048).
//
//   npx tsx scripts/studio-screenshots.ts
//   OUT=/tmp/shots WIDTHS=768 npx tsx scripts/studio-screenshots.ts
//
// The PNGs are named <width>-<nn>-<what>.png. Open them and look.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { chromiumFlags, chromiumPath } from './lib/chromium';
import { connectDevContent } from './lib/dev-content';
import { devPreviewRenderer } from './lib/studio-preview';
import { fillDemoTraffic } from '../server/sandbox/demo-traffic';
import { startTestServer, type TestServer } from './lib/serve';
import { CONFIG_RELOAD_EVENT } from './lib/vite-plugin-pages';
import { projectRoot } from '../src/engine/node/paths';
import { publishThroughApi, signInToStudio } from './lib/studio-sign-in';

const out = process.env.OUT ?? '/tmp/shots-studio';
const widths = (process.env.WIDTHS ?? '768,1280').split(',').map(Number);

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  // A copy of config/: the API server's database is seeded from it.
  const configDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-shots-'));
  cpSync(path.join(projectRoot, 'config'), configDir, { recursive: true });
  process.env.EXAMFLOW_CONFIG_DIR = configDir;
  // The Studio's previews are drawn by Vite's renderer, as scripts/lib/dev-server.ts has it.
  const started: { vite?: ViteDevServer } = {};
  const api = await startTestServer({ renderPreview: devPreviewRenderer(() => started.vite) });
  process.env.EXAMFLOW_API_URL = api.base;
  // The Funnel view reads the API server's database: three weeks of demo visits in it.
  process.env.DATA_DIR = api.dataDir;
  await fillDemoTraffic(api.app.ctx, { now: new Date(), days: 21, site: api.app.ctx.site });
  const vite = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'silent',
    server: { port: 0, host: 'localhost' },
  });
  started.vite = vite;
  // As npm run dev: the pages are the API server's published config (decision 049).
  const content = await connectDevContent(api.app, vite, CONFIG_RELOAD_EVENT);
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://localhost:${address.port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    for (const width of widths) {
      let n = 0;
      const shot = async (page: Page, what: string, full = false) => {
        const file = path.join(out, `${width}-${String(++n).padStart(2, '0')}-${what}.png`);
        await page.screenshot({ path: file, fullPage: full });
        console.log(file);
      };
      await shots(browser, api, base, width, shot);
    }
  } finally {
    await browser.close();
    content.disconnect();
    await vite.close();
    await api.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

async function shots(
  browser: Browser,
  api: TestServer,
  base: string,
  width: number,
  take: (page: Page, what: string, full?: boolean) => Promise<void>,
): Promise<void> {
  const viewport = { width, height: 900 };
  const signIn = await browser.newPage({ viewport });
  await signIn.goto(`${base}/studio/`);
  await signIn.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
  await take(signIn, 'sign-in');
  await signIn.context().close();

  const who = (role: 'editor' | 'publisher', name: string) => ({
    email: `${role}-${width}@example.com`,
    name,
    role,
  });
  const { page } = await signInToStudio(browser, base, api.app.ctx, who('editor', 'Asha Rao'), { viewport });
  const { page: publisher } = await signInToStudio(
    browser,
    base,
    api.app.ctx,
    who('publisher', 'Ravi Kumar'),
    { viewport },
  );
  page.setDefaultTimeout(30_000);
  publisher.setDefaultTimeout(30_000);
  const shot = (what: string, full = false) => take(page, what, full);

  await page.goto(`${base}/studio/funnel`);
  await page.getByRole('table', { name: 'The numbers' }).waitFor({ timeout: 60_000 });
  await shot('funnel');
  await shot('funnel-full', true);
  await page.getByRole('combobox', { name: 'Variant B' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Compare' }).click();
  const compared = page.getByRole('table', { name: /^A: / });
  await compared.waitFor();
  await compared.scrollIntoViewIfNeeded();
  await shot('funnel-compare');

  await page.goto(`${base}/studio/`);
  await page.getByRole('heading', { name: 'Landing pages' }).waitFor({ timeout: 60_000 });
  await page.getByText(/^\d+ of \d+ pages/).waitFor();
  await shot('home');
  await shot('home-full', true);

  await page
    .getByRole('button', { name: /^New variant from/ })
    .first()
    .click();
  await page.getByLabel('Title of the new page').fill('NEET repeater copy');
  // An address another page has: refused at the field.
  await page.getByLabel(/new page address/i).fill('/neet-repeater-scholarship');
  await page.getByRole('button', { name: /check and create/i }).click();
  await page.locator('#st-new-paths-error').waitFor();
  await shot('new-variant-refused');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const landing = 'landings/neet-repeater.json';
  await page.goto(`${base}/studio/edit/${landing}`);
  await page.locator('iframe[title^="Preview"]').waitFor();
  await page.waitForTimeout(1500);
  await shot('editor-landing');
  // The form shows the block chosen in the outline: the hero.
  await page
    .getByRole('navigation', { name: 'Blocks of the page' })
    .getByRole('button', { name: /^\d+\. Hero/ })
    .click();
  const hero = page.locator('[id^="root_blocks_"][id$="_heading"]').first();
  await hero.fill('NEET repeaters: one more try, 70% off');
  await page.getByText(/^Draft saved at/).waitFor();
  await page.waitForTimeout(1200);
  await shot('editor-landing-draft-saved');
  await page.getByRole('region', { name: 'What changes for students' }).scrollIntoViewIfNeeded();
  await shot('change-list-landing');
  await page.getByLabel('Registration card state').scrollIntoViewIfNeeded();
  await page.getByLabel('Registration card state').selectOption({ label: 'OTP sent' });
  await page.waitForTimeout(1500);
  await shot('card-state-otp');

  // The conflict: a publisher publishes another version of the page meanwhile; the editor's next
  // change is not saved, and both versions are shown.
  await publishThroughApi(publisher, landing, {
    title: `Changed by someone else meanwhile (${width}) | Free online iACST`,
  });
  await hero.fill('NEET repeaters: one more try, 75% off');
  await page.getByRole('region', { name: /someone else changed this page/i }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('conflict');
  await page.getByRole('button', { name: 'Keep all of mine' }).click();
  const submit = page.getByRole('button', { name: 'Submit for review' });
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Submit for review');
    return b && !(b as HTMLButtonElement).disabled;
  });
  // Submit clicked right after typing, the draft's save slowed: Submit waits for it.
  const slowSave = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.fallback();
  };
  await page.route('**/studio/api/file', slowSave);
  await hero.fill('NEET repeaters: one more try, 80% off');
  await submit.click();
  await page.getByRole('button', { name: 'Submitting…' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('submit-waits-for-save');
  await page.getByText(/^Submitted for review\. A publisher/).waitFor();
  await page.unroute('**/studio/api/file', slowSave);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('submitted');

  await publisher.goto(`${base}/studio/inbox`);
  await publisher.getByRole('region', { name: /^Waiting for review/ }).waitFor();
  await take(publisher, 'publisher-inbox');
  await publisher.goto(`${base}/studio/history/${landing}`);
  await publisher.getByRole('list', { name: 'Versions, newest first' }).waitFor();
  await take(publisher, 'publisher-history');
  await publisher.context().close();

  // An offline test's card at its exam step: the programme's own states, centres and dates.
  await page.goto(`${base}/studio/edit/landings/mock-neet.json`);
  await page.getByLabel('Registration card state').waitFor();
  await page.getByLabel('Registration card state').scrollIntoViewIfNeeded();
  // The list is ready once the card's states are drawn (it is disabled until then).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('select')].some(
      (select) => select.labels?.[0]?.textContent === 'Registration card state' && !select.disabled,
    ),
  );
  await page.getByLabel('Registration card state').selectOption({ label: 'Coupon not valid' });
  await page.waitForTimeout(1500);
  await shot('card-state-exam');
  await page.goto(`${base}/studio/edit/programmes/iacst.json`);
  await page
    .getByRole('navigation', { name: /^Blocks|^Sections/ })
    .getByRole('button', { name: /Fees, payment/ })
    .click();
  await page.getByLabel(/^Registration fee/).waitFor();
  await page.waitForTimeout(1500);
  await shot('editor-programme');
  const fee = page.getByLabel(/^Registration fee/);
  await fee.fill('499');
  await fee.press('Enter');
  await page.getByRole('dialog').waitFor();
  await shot('money-confirm');
  await page.getByRole('button', { name: 'Yes, change it' }).click();
  await page.getByRole('checkbox', { name: 'Tuition Fee' }).click();
  await page.getByRole('button', { name: 'Yes, change it' }).click();
  await page.waitForTimeout(800);
  await shot('programme-after-money');
  await page.getByRole('region', { name: 'What changes for students' }).scrollIntoViewIfNeeded();
  await shot('change-list-programme');

  await page.context().close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
