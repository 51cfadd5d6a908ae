// The one Lighthouse driver of the benchmarks (bench:landing, bench:dashboard, bench:result):
// Lighthouse 12.8 with its mobile defaults (simulated throttling) in Debian's headless Chromium,
// one Chrome for every run, its figures, the raw results in .lighthouse/, and the table of medians
// the logged-in benches print.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { projectRoot } from '../../src/engine/node/paths';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { median, table } from './shared';

export type { Result };

/** Where the raw Lighthouse JSON goes (git-ignored). */
export const lighthouseDir = path.join(projectRoot, '.lighthouse');

export interface LighthouseChrome {
  /**
   * One Lighthouse run of `url`. Without `page` a failed run relaunches Chrome and is retried
   * once, so one crash does not lose a whole benchmark; with `page` (a tab of this Chrome that
   * holds a session, for which Lighthouse keeps storage) it is not, as the tab would be lost.
   */
  run(url: string, options?: { page?: Page; blockScripts?: boolean }): Promise<Result>;
  /** Puppeteer on the same Chrome (a session to set up, a PDF to print). */
  connect(): Promise<Browser>;
  close(): void;
}

function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
}

/** A Chrome for Lighthouse (it opens a fresh tab, and resets storage, each run). */
export async function startLighthouse(): Promise<LighthouseChrome> {
  let chrome = await launchChrome();
  const once = async (url: string, page: Page | undefined, blockScripts = false): Promise<Result> => {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // The page as it is before (or without) its scripts: what they cost its first paint.
      ...(blockScripts ? { blockedUrlPatterns: ['*.js'] } : {}),
    };
    const result = page
      ? await lighthouse(url, { ...flags, disableStorageReset: true }, undefined, page)
      : await lighthouse(url, flags);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  };
  return {
    async run(url, options = {}) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(url, options.page, options.blockScripts);
        } catch (error) {
          if (options.page || attempt >= 2) throw error;
          console.error(`  run failed (${(error as Error).message}); relaunching Chrome and retrying`);
          chrome.kill();
          chrome = await launchChrome();
        }
      }
    },
    connect: () => puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }),
    close: () => chrome.kill(),
  };
}

/** Writes a run's raw result to .lighthouse/<name>.json. */
export function saveResult(name: string, lhr: Result): void {
  mkdirSync(lighthouseDir, { recursive: true });
  writeFileSync(path.join(lighthouseDir, `${name}.json`), JSON.stringify(lhr, null, 2));
}

/** The line naming where the raw results are. */
export function savedResultsNote(what: string): string {
  return `Raw Lighthouse JSON (${what}): ${path.relative(process.cwd(), lighthouseDir) || lighthouseDir}/`;
}

export const CATEGORY_IDS = ['performance', 'accessibility', 'seo', 'best-practices'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface RunFigures {
  /** 0–100. */
  scores: Record<CategoryId, number>;
  lcp: number;
  tbt: number;
  cls: number;
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse result has no ${audit} value`);
  return value;
}

export function figures(lhr: Result): RunFigures {
  const score = (id: CategoryId): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      'best-practices': score('best-practices'),
    },
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
  };
}

/** The logged-in benches' table: per student, the medians of their runs and each run's performance. */
export function studentTable(rows: { label: string; runs: RunFigures[] }[], runs: number): string {
  return table(
    [
      ['student', 'perf', 'a11y', 'TBT ms', 'LCP ms', 'CLS', `perf runs (${runs})`],
      ...rows.map(({ label, runs: r }) => [
        label,
        String(median(r.map((f) => f.scores.performance))),
        String(median(r.map((f) => f.scores.accessibility))),
        String(Math.round(median(r.map((f) => f.tbt)))),
        String(Math.round(median(r.map((f) => f.lcp)))),
        median(r.map((f) => f.cls)).toFixed(3),
        r.map((f) => f.scores.performance).join(' '),
      ]),
    ],
    ['left', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}
