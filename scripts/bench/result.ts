// npm run bench:result — the result page (issue 12 Targets): Lighthouse 12.8 mobile on
// /iacst-result for demo students with a released result (performance ≥ 90, accessibility 100), its
// JavaScript with the chart (≤ 200 KB gzip; the dashboard's does not grow by it), and the time
// Chromium takes to print the longest result to an A4 PDF (< 2 s), beside the 404 page's PDF as a
// baseline in the same run. Median of RUNS (default 3). Figures only: it never fails on them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { projectRoot } from '../../src/engine/node/paths';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { ensureBuild, startTestServer } from '../lib/serve';
import { KB, gzipBytes, machineContext, median, readSiteIndex, table } from './shared';

const runs = Number(process.env.RUNS ?? 3);
const LONGEST = { roll: '250000000010', dob: '07-09-2008', state: 'IAT, 4 subjects (the longest)' };
const students = [
  { roll: '250000000005', dob: '30-04-2007', state: 'iACST, 60% scholarship, 3 subjects' },
  LONGEST,
];

/** The link the server builds (server/routes/exams/launch.ts resultUrl). */
const resultPath = (roll: string, dob: string) =>
  `/iacst-result?data=${encodeURIComponent(
    Buffer.from(new URLSearchParams({ roll_number: roll, dob }).toString()).toString('base64'),
  )}`;

/** Milliseconds to print `url` to PDF (after its result, and chart, have drawn), and its page count. */
async function pdfTimes(
  browser: Browser,
  url: string,
  result: boolean,
): Promise<{ ms: number[]; pages: number }> {
  const ms: number[] = [];
  let pages = 0;
  for (let run = 0; run < Math.max(runs, 5); run++) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(url, { waitUntil: 'networkidle0' });
    if (result) {
      await page.waitForSelector('.ef-result-chart canvas');
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    }
    const started = performance.now();
    const pdf = await page.pdf({ preferCSSPageSize: true });
    ms.push(performance.now() - started);
    pages = Number(/\/Count (\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1] ?? 0);
    await page.close();
  }
  return { ms, pages };
}

async function main(): Promise<void> {
  const dist = await ensureBuild();
  const index = readSiteIndex(dist);
  const result = index.routes.find((r) => r.path === '/iacst-result');
  const dashboard = index.routes.find((r) => r.path === '/dashboard');
  const server = await startTestServer({ distDir: dist });
  const origin = `http://localhost:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  const rows: string[][] = [];
  const outDir = path.join(projectRoot, '.lighthouse');
  mkdirSync(outDir, { recursive: true });
  let pdf: { result: { ms: number[]; pages: number }; baseline: { ms: number[]; pages: number } };
  try {
    for (const student of students) {
      const perf: number[] = [];
      const a11y: number[] = [];
      const tbt: number[] = [];
      const lcp: number[] = [];
      for (let run = 0; run < runs; run++) {
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
        const outcome = await lighthouse(`${origin}${resultPath(student.roll, student.dob)}`, flags);
        const lhr = outcome?.lhr;
        if (!lhr || lhr.runtimeError)
          throw new Error(`Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
        writeFileSync(path.join(outDir, `result-${student.roll}.json`), JSON.stringify(lhr));
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      }
      rows.push([
        `${student.roll} (${student.state})`,
        String(median(perf)),
        String(median(a11y)),
        String(Math.round(median(tbt))),
        String(Math.round(median(lcp))),
        perf.join(' '),
      ]);
    }
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    pdf = {
      result: await pdfTimes(browser, `${origin}${resultPath(LONGEST.roll, LONGEST.dob)}`, true),
      baseline: await pdfTimes(browser, `${origin}/404`, false),
    };
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.close();
  }
  console.log(machineContext('examflow bench:result — Lighthouse 12.8 mobile on /iacst-result; PDF time'));
  console.log(
    table(
      [['student', 'perf', 'a11y', 'TBT ms', 'LCP ms', `perf runs (${runs})`], ...rows],
      ['left', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
  const kb = (files: readonly string[]) => (gzipBytes(dist, files) / KB).toFixed(1);
  const js = result?.js ?? [];
  const lazy = result?.lazyJs ?? [];
  const dashboardJs = dashboard?.js ?? [];
  const view = dashboard?.viewJs?.result ?? [];
  console.log(
    `\nJS of /iacst-result: ${kb(js)} KB gzip before the load event, ${kb([...js, ...lazy])} KB with the chart (target ≤ 200)` +
      `\nJS of /dashboard before interaction: ${kb(dashboardJs)} KB gzip, chart.js ${
        [...dashboardJs, ...(dashboard?.lazyJs ?? [])].some((f) => /chart/i.test(f)) ? 'LOADED' : 'not loaded'
      }; opening its result view adds ${kb(view)} KB (the view and its chart)`,
  );
  const r = median(pdf.result.ms);
  const b = median(pdf.baseline.ms);
  console.log(
    `PDF (A4) of the longest result (${LONGEST.roll}): ${Math.round(r)} ms median, ${pdf.result.pages} pages ` +
      `(runs ${pdf.result.ms.map(Math.round).join(' ')}); the 404 page: ${Math.round(b)} ms, ${pdf.baseline.pages} page(s); ` +
      `ratio ${(r / b).toFixed(1)}× (target < 2000 ms)`,
  );
  console.log('Targets: performance ≥ 90, accessibility 100.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
