// Screenshots of examflow Studio at a tablet and a desktop width, to look at (usable
// at 1280 px, not broken at 768 px): the home page, the editor of a landing and of a programme, the
// change list with money, the money confirmation, New variant from…, the card-state preview and
// the publish conflict view. Runs `npm run dev`'s servers on a copy of config/ (nothing real is
// written).
//
//   npx tsx scripts/studio-screenshots.ts
//   OUT=/tmp/shots WIDTHS=768 npx tsx scripts/studio-screenshots.ts
//
// The PNGs are named <width>-<nn>-<what>.png. Open them and look.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumFlags, chromiumPath } from './lib/chromium';
import { fillDemoTraffic } from '../server/sandbox/demo-traffic';
import { startTestServer } from './lib/serve';
import { projectRoot } from '../src/engine/node/paths';

const out = process.env.OUT ?? '/tmp/shots-studio';
const widths = (process.env.WIDTHS ?? '768,1280').split(',').map(Number);

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  // A copy of config/: the conflict shot changes a published file behind the Studio's back.
  const configDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-shots-'));
  cpSync(path.join(projectRoot, 'config'), configDir, { recursive: true });
  process.env.EXAMFLOW_CONFIG_DIR = configDir;
  const api = await startTestServer();
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
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://localhost:${address.port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(30_000);
      let n = 0;
      const shot = async (what: string, full = false) => {
        const file = path.join(out, `${width}-${String(++n).padStart(2, '0')}-${what}.png`);
        await page.screenshot({ path: file, fullPage: full });
        console.log(file);
      };
      await shots(page, base, configDir, width, shot);
      await page.close();
    }
  } finally {
    await browser.close();
    await vite.close();
    await api.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

async function shots(
  page: Page,
  base: string,
  configDir: string,
  width: number,
  shot: (what: string, full?: boolean) => Promise<void>,
): Promise<void> {
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
  await page.getByLabel(/new page address/i).fill('/neet-repeater-scholarship');
  await page.getByLabel(/variant key/i).fill('iacst_copy_test');
  await page.getByRole('button', { name: /check and create/i }).click();
  await page.locator('#st-new-paths-error').waitFor();
  await shot('new-variant-refused');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const landing = 'landings/neet-repeater.json';
  await page.goto(`${base}/studio/edit/${landing}`);
  await page.locator('iframe[title^="Preview"]').waitFor();
  await page.waitForTimeout(1500);
  await shot('editor-landing');
  const hero = page.locator('[id^="root_blocks_"][id$="_heading"]').first();
  await hero.fill('NEET repeaters: one more try, 70% off');
  await page.waitForTimeout(1200);
  await shot('editor-landing-typed');
  await page.getByRole('region', { name: 'What changes for students' }).scrollIntoViewIfNeeded();
  await shot('change-list-landing');
  await page.getByLabel('Registration card state').scrollIntoViewIfNeeded();
  await page.getByLabel('Registration card state').selectOption({ label: 'OTP sent' });
  await page.waitForTimeout(1500);
  await shot('card-state-otp');

  // The conflict: someone else changes the published file meanwhile.
  const file = path.join(configDir, landing);
  const theirs = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
  theirs.title = `Changed by someone else meanwhile (${width})`;
  writeFileSync(`${file}.tmp`, `${JSON.stringify(theirs, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Publish');
    return b && !(b as HTMLButtonElement).disabled;
  });
  await publish.click();
  await page.getByRole('region', { name: /someone else changed this page/i }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('conflict');

  await page.goto(`${base}/studio/edit/programmes/iacst.json`);
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
