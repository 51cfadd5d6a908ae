// npm run bench:result — the result page: Lighthouse 12.8 mobile on
// /iacst-result for demo students with a released result (performance ≥ 90, accessibility 100), its
// JavaScript with the chart (≤ 200 KB gzip; the dashboard's does not grow by it), and the time
// Chromium takes to print the longest result to an A4 PDF (< 2 s), beside the 404 page's PDF as a
// baseline in the same run. Median of RUNS (default 3). Figures only: it never fails on them.
import { performance } from 'node:perf_hooks';
import type { Browser } from 'puppeteer-core';
import { ensureBuild, startTestServer } from '../lib/serve';
import { figures, saveResult, startLighthouse, studentTable, type RunFigures } from './lighthouse';
import { KB, gzipBytes, machineContext, median, readSiteIndex } from './shared';

const runs = Number(process.env.RUNS ?? 3);
const LONGEST = { roll: '250000000010', dob: '07-09-2008', state: 'IAT, 4 subjects (the longest)' };
const students = [
  { roll: '250000000005', dob: '30-04-2007', state: 'iACST, 60% scholarship, 3 subjects' },
  LONGEST,
];

/** The link the server builds (server/services/exams/launch.ts resultUrl). */
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
  const chrome = await startLighthouse();
  const rows: { label: string; runs: RunFigures[] }[] = [];
  let pdf: { result: { ms: number[]; pages: number }; baseline: { ms: number[]; pages: number } };
  try {
    for (const student of students) {
      const perRun: RunFigures[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await chrome.run(`${origin}${resultPath(student.roll, student.dob)}`);
        saveResult(`result-${student.roll}`, lhr);
        perRun.push(figures(lhr));
      }
      rows.push({ label: `${student.roll} (${student.state})`, runs: perRun });
    }
    const browser = await chrome.connect();
    pdf = {
      result: await pdfTimes(browser, `${origin}${resultPath(LONGEST.roll, LONGEST.dob)}`, true),
      baseline: await pdfTimes(browser, `${origin}/404`, false),
    };
    await browser.disconnect();
  } finally {
    chrome.close();
    await server.close();
  }
  console.log(machineContext('examflow bench:result — Lighthouse 12.8 mobile on /iacst-result; PDF time'));
  console.log(studentTable(rows, runs));
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
