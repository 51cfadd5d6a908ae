// npm run bench:landing [-- --route /path] — Lighthouse (mobile defaults, simulated throttling) on every
// landing route of the built site, served by the real server in-process. Prints figures against the
// targets; never fails on a score (these machines are shared and noisy).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { projectRoot } from '../../src/engine/node/paths';
import type { IndexedRoute } from '../../src/engine/site-index';
import { KB, gzipBytes, machineContext, median, readSiteIndex, table } from './shared';
import { specLandingPaths } from '../../tests/fixtures/spec-routes';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { ensureBuild, startTestServer } from '../lib/serve';

/** Login, the 11 registration/landing paths and the terms page (part 1 §2). */
const LANDING_PATHS: readonly string[] = ['/', ...specLandingPaths, '/iacst-scholarship/terms-conditions'];

const TARGETS = { performance: 95, accessibility: 100, seo: 100, cls: 0.02, tbt: 100, jsBytes: 100 * KB };
const CATEGORIES = [
  { id: 'performance', label: 'Perf', target: TARGETS.performance },
  { id: 'accessibility', label: 'A11y', target: TARGETS.accessibility },
  { id: 'seo', label: 'SEO', target: TARGETS.seo },
  { id: 'best-practices', label: 'BP', target: 100 },
] as const;
type CategoryId = (typeof CATEGORIES)[number]['id'];

interface RunFigures {
  scores: Record<CategoryId, number>;
  lcp: number;
  tbt: number;
  cls: number;
}

interface Failing {
  category: CategoryId;
  id: string;
  title: string;
  /** Route → display value and hints from the last run that failed it, and how many runs failed it. */
  routes: Map<string, { displayValue: string; hints: string[]; runs: number }>;
}

function parseArgs(argv: string[]): { route?: string } {
  const i = argv.findIndex((a) => a === '--route' || a.startsWith('--route='));
  if (i < 0) return {};
  const arg = argv[i] ?? '';
  const route = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  if (!route?.startsWith('/')) throw new Error('--route needs a path, e.g. --route /iacstexam');
  return { route };
}

function runsPerRoute(): number {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a positive integer`);
  return runs;
}

function chromiumVersion(): string {
  try {
    // The Debian launcher prints a harmless "[: unexpected operator" on stderr; ignore it.
    return execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}

function slug(route: string): string {
  return route === '/' ? 'index' : route.slice(1).replace(/\//g, '--');
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse result has no ${audit} value`);
  return value;
}

function figures(lhr: Result): RunFigures {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A few concrete examples from an audit's details (element snippets, URLs, console messages). */
function hints(details: unknown): string[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  const out: string[] = [];
  for (const item of details.items as unknown[]) {
    if (!isRecord(item)) continue;
    const node = isRecord(item.node) ? item.node : undefined;
    const source = isRecord(item.source) ? item.source : undefined;
    const text = [node?.snippet, item.description, item.url, source?.url, item.value].find(
      (v): v is string => typeof v === 'string' && v.length > 0,
    );
    if (text) out.push(text.replace(/\s+/g, ' ').slice(0, 140));
    if (out.length === 3) break;
  }
  return out;
}

/** Audits that cost a category points: weighted audits below a full score (for performance: metrics). */
function failingAudits(lhr: Result): { category: CategoryId; audit: Result['audits'][string] }[] {
  const out: { category: CategoryId; audit: Result['audits'][string] }[] = [];
  for (const { id, target } of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || Math.round((category.score ?? 0) * 100) >= target) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      // Weighted audits set the score; in performance, unweighted diagnostics/insights scoring
      // under 0.5 are the usual "what to fix" for a weak metric.
      const costs = ref.weight > 0 ? audit.score < 1 : id === 'performance' && audit.score < 0.5;
      if (costs) out.push({ category: id, audit });
    }
  }
  return out;
}

async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
}

async function main(): Promise<void> {
  const { route: only } = parseArgs(process.argv.slice(2));
  const runs = runsPerRoute();
  console.log(machineContext('examflow bench:landing — Lighthouse 12.8, mobile (simulated throttling)'));
  console.log(`${chromiumVersion()}; ${runs} run(s) per route, median per metric\n`);

  const dist = await ensureBuild();
  const index = readSiteIndex(dist);
  const byPath = new Map(index.routes.map((r) => [r.path, r]));
  const wanted = only ? [only] : LANDING_PATHS;
  const routes: IndexedRoute[] = [];
  for (const p of wanted) {
    const route = byPath.get(p);
    if (route) routes.push(route);
    else console.log(`! ${p} is not a route of the built site (dist/site-index.json); skipped`);
  }
  if (routes.length === 0) return;
  // Measured before the runs, from the same build the server loads (another build may replace dist/
  // meanwhile). Each route's own list: the page script plus the chunks of its islands.
  const jsByRoute = new Map(routes.map((r) => [r.path, gzipBytes(dist, r.js ?? index.pageJs)]));

  // No request log: the tables are the output.
  const server = await startTestServer({ distDir: dist });
  const { port } = server;
  const outDir = path.join(projectRoot, '.lighthouse');
  mkdirSync(outDir, { recursive: true });

  // One Chrome for all runs (Lighthouse opens a fresh tab and resets storage each run); relaunched
  // and retried once if a run fails, so one crash does not lose the whole benchmark.
  let chrome = await launchChrome();
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
  const runOnce = async (url: string): Promise<Result> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await lighthouse(url, { ...flags, port: chrome.port });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no result');
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        return lhr;
      } catch (error) {
        if (attempt >= 2) throw error;
        console.error(`  run failed (${(error as Error).message}); relaunching Chrome and retrying`);
        chrome.kill();
        chrome = await launchChrome();
      }
    }
  };

  const rows: { route: string; runs: RunFigures[]; jsBytes: number }[] = [];
  const failing = new Map<string, Failing>();
  const warnings = new Set<string>();
  let benchmarkIndex: number[] = [];
  try {
    for (const route of routes) {
      const url = `http://localhost:${port}${route.path}`;
      const perRun: RunFigures[] = [];
      let last: Result | undefined;
      for (let run = 1; run <= runs; run++) {
        const started = Date.now();
        const lhr = await runOnce(url);
        last = lhr;
        const f = figures(lhr);
        perRun.push(f);
        benchmarkIndex.push(lhr.environment.benchmarkIndex);
        lhr.runWarnings.forEach((w) => warnings.add(`${route.path}: ${w}`));
        for (const { category, audit } of failingAudits(lhr)) {
          const key = `${category}\u0000${audit.id}`;
          const entry = failing.get(key) ?? { category, id: audit.id, title: audit.title, routes: new Map() };
          const seen = entry.routes.get(route.path);
          entry.routes.set(route.path, {
            displayValue: audit.displayValue ?? '',
            hints: hints(audit.details),
            runs: (seen?.runs ?? 0) + 1,
          });
          failing.set(key, entry);
        }
        console.error(
          `  ${route.path} run ${run}/${runs}: perf ${f.scores.performance}, LCP ${Math.round(f.lcp)} ms, ` +
            `TBT ${Math.round(f.tbt)} ms (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      if (last) writeFileSync(path.join(outDir, `${slug(route.path)}.json`), JSON.stringify(last, null, 2));
      rows.push({ route: route.path, runs: perRun, jsBytes: jsByRoute.get(route.path) ?? Number.NaN });
    }
  } finally {
    chrome.kill();
    await server.close();
  }

  const med = rows.map(({ route, runs: r, jsBytes }) => ({
    route,
    jsBytes,
    perf: median(r.map((f) => f.scores.performance)),
    a11y: median(r.map((f) => f.scores.accessibility)),
    seo: median(r.map((f) => f.scores.seo)),
    bp: median(r.map((f) => f.scores['best-practices'])),
    lcp: median(r.map((f) => f.lcp)),
    tbt: median(r.map((f) => f.tbt)),
    cls: median(r.map((f) => f.cls)),
  }));

  benchmarkIndex = benchmarkIndex.sort((a, b) => a - b);
  console.log(
    `\nLighthouse benchmarkIndex (CPU speed as Lighthouse sees it): median ${Math.round(median(benchmarkIndex))}, ` +
      `range ${Math.round(benchmarkIndex[0] ?? 0)}–${Math.round(benchmarkIndex.at(-1) ?? 0)}\n`,
  );
  console.log(
    table(
      [
        ['Route', 'Perf', 'A11y', 'SEO', 'BP', 'LCP ms', 'TBT ms', 'CLS', 'JS gzip B'],
        ...med.map((m) => [
          m.route,
          String(m.perf),
          String(m.a11y),
          String(m.seo),
          String(m.bp),
          String(Math.round(m.lcp)),
          String(Math.round(m.tbt)),
          m.cls.toFixed(3),
          String(m.jsBytes),
        ]),
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );

  const mark = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
  const checks = med.map((m) => ({
    route: m.route,
    results: [
      m.perf >= TARGETS.performance,
      m.a11y >= TARGETS.accessibility,
      m.seo >= TARGETS.seo,
      m.cls <= TARGETS.cls,
      m.tbt <= TARGETS.tbt,
      m.jsBytes <= TARGETS.jsBytes,
    ],
  }));
  console.log('\nTargets (information only; medians):\n');
  console.log(
    table(
      [
        ['Route', 'Perf≥95', 'A11y=100', 'SEO=100', 'CLS≤0.02', 'TBT≤100ms', 'JS≤100KB', 'All'],
        ...checks.map((c) => [c.route, ...c.results.map(mark), mark(c.results.every(Boolean))]),
      ],
      ['left', 'left', 'left', 'left', 'left', 'left', 'left', 'left'],
    ),
  );
  const allPass = checks.filter((c) => c.results.every(Boolean)).length;
  console.log(`\nSummary: ${allPass}/${checks.length} routes meet every target.`);

  if (failing.size > 0) {
    console.log(
      '\nAudits keeping a category below target (accessibility/SEO/best-practices < 100, performance < 95):',
    );
    const order = (c: CategoryId): number => CATEGORIES.findIndex((x) => x.id === c);
    for (const f of [...failing.values()].sort(
      (a, b) => order(a.category) - order(b.category) || a.id.localeCompare(b.id),
    )) {
      console.log(`\n  [${f.category}] ${f.id} — ${f.title}`);
      const entries = [...f.routes.entries()];
      const sameValue = entries.every(([, v]) => v.displayValue === entries[0]?.[1].displayValue);
      const list = entries
        .map(([route, v]) => `${route}${!sameValue && v.displayValue ? ` (${v.displayValue})` : ''}`)
        .join(', ');
      const runsNote = entries.some(([, v]) => v.runs < runs) ? ' — in some runs only' : '';
      console.log(`    routes: ${list}${runsNote}`);
      const first = entries[0]?.[1];
      if (first && sameValue && first.displayValue) console.log(`    value: ${first.displayValue}`);
      for (const hint of first?.hints ?? []) console.log(`    e.g. ${hint}`);
    }
  } else {
    console.log('\nNo audit keeps a category below target.');
  }
  if (warnings.size > 0) {
    console.log('\nLighthouse warnings:');
    for (const w of warnings) console.log(`  ${w}`);
  }
  console.log(
    `\nRaw Lighthouse JSON (last run per route): ${path.relative(process.cwd(), outDir) || outDir}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
