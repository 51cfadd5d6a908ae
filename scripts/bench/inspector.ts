// npm run bench:inspector — how long the inspector takes to draw the registration machine (the
// largest) in Chromium at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate), layout included
// (< 500 ms). The static inspector (npm run inspect) opened from disk:
// - warm: the page is open on the login machine, then Registration is chosen: the time from the
//   choice to the painted chart, which is what a developer waits for;
// - cold: the page opened straight on #registration.
// examflow's own layered layout (the default, on the page) and elkjs (the "ELK" choice, in a
// worker or on the page).
// 1× beside 4× in the same run, median of RUNS (default 5). Figures only: it never fails on them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { projectRoot } from '../../src/engine/node/paths';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { machineContext, median, table } from './shared';

const runs = Number(process.env.RUNS ?? 5);
const file = path.join(projectRoot, 'dist/inspector/index.html');
if (!existsSync(file) || process.env.REBUILD)
  execFileSync('npx', ['tsx', 'scripts/inspect.ts'], { stdio: 'inherit' });
const url = `file://${file}`;

async function drawn(page: Page, name: string): Promise<number> {
  await page.waitForFunction((n) => document.documentElement.dataset.drawn === n, name, { timeout: 120_000 });
  return Number(await page.evaluate(() => document.documentElement.dataset.drawMs));
}

async function measure(
  rate: number,
  mode: 'warm' | 'cold',
  query = '',
): Promise<{ ms: number; wall: number; where: string }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (mode === 'cold') {
      const started = Date.now();
      await page.goto(`${url}${query}#registration`);
      const ms = await drawn(page, 'registration');
      return {
        ms,
        wall: Date.now() - started,
        where: String(await page.evaluate(() => document.documentElement.dataset.layoutIn)),
      };
    }
    await page.goto(`${url}${query}#login`);
    await drawn(page, 'login');
    const started = Date.now();
    await page.getByRole('button', { name: 'Registration', exact: true }).click();
    const ms = await drawn(page, 'registration');
    return {
      ms,
      wall: Date.now() - started,
      where: String(await page.evaluate(() => document.documentElement.dataset.layoutIn)),
    };
  } finally {
    await browser.close();
  }
}

console.log(
  machineContext(
    'bench:inspector — drawing the registration statechart (examflow layered; elkjs layered), static inspector from disk',
  ),
);
const rows: string[][] = [
  ['case', 'CPU', 'median ms (page)', 'median ms (wall)', 'runs (page)', 'layout in'],
];
const cases = [
  { mode: 'warm', query: '', name: 'choose Registration (examflow layered, page)' },
  { mode: 'cold', query: '', name: 'open on #registration (examflow layered)' },
  { mode: 'warm', query: '?layout=elk', name: 'choose Registration, ELK in worker' },
  { mode: 'warm', query: '?layout=elk&layout-in-page', name: 'choose Registration, ELK on the page' },
] as const;
for (const c of cases)
  for (const rate of [1, 4]) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(rate, c.mode, c.query));
    rows.push([
      c.name,
      `${rate}×`,
      String(median(results.map((r) => r.ms))),
      String(median(results.map((r) => r.wall))),
      results.map((r) => r.ms).join(' '),
      results[0]?.where ?? '?',
    ]);
  }
console.log(table(rows, ['left', 'right', 'right', 'right', 'left', 'left']));
console.log("Target: < 500 ms at 4×, layout, SVG and paint included. CDP throttles the page's thread, not a");
console.log(
  'dedicated worker (decision 010): the examflow layered rows run on the page, so they are throttled.',
);
