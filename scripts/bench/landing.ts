// npm run bench:landing [-- --route /path …] [-- --card-only] — on every landing route of the built
// site, served by the real server in-process: first the registration card's timings in Chromium with
// applied throttling (150 ms RTT, 1.6 Mbps down, 4× CPU; ./card-timing.ts): FCP, LCP, when the
// card's field is visible and when Verify works, and the JS requested before the load event; then
// Lighthouse (mobile defaults, simulated throttling) unless --card-only; last, the server's figure
// for an experiment's exposure (bench:exposure). Prints figures against the issue's targets; never
// fails on a score (these machines are shared and noisy).
import { execFileSync } from 'node:child_process';
import type { IndexedRoute } from '../../src/engine/site-index';
import { launchThrottledBrowser, measureCard, THROTTLING, type CardTiming } from './card-timing';
import {
  figures,
  saveResult,
  savedResultsNote,
  startLighthouse,
  type CategoryId,
  type Result,
  type RunFigures,
} from './lighthouse';
import { KB, gzipBytes, machineContext, median, readSiteIndex, table } from './shared';
import { specLandingPaths } from '../../tests/fixtures/spec-routes';
import { chromiumPath } from '../lib/chromium';
import { ensureBuild, startTestServer } from '../lib/serve';

/** Login, the 11 registration/landing paths and the terms page (part 1 §2). */
const LANDING_PATHS: readonly string[] = ['/', ...specLandingPaths, '/iacst-scholarship/terms-conditions'];

/** The landing page's targets: Lighthouse mobile 100/100/100, TBT ≤ 50 ms, CLS 0, ≤ 30 KB of JS before the
 *  load event, the card's field visible at FCP and Verify working within 1.5 s of it. */
const TARGETS = {
  performance: 100,
  accessibility: 100,
  seo: 100,
  cls: 0,
  tbt: 50,
  jsBeforeLoad: 30 * KB,
  verifyAfterFcp: 1_500,
  /** LCP with the page's scripts over LCP with them blocked. */
  lcpVsScriptsBlocked: 1.05,
};
/** The landing page measured with its scripts blocked too (the LCP target compares the two). */
const SCRIPTS_BLOCKED_ROUTE = '/iacstexam';
const CATEGORIES: readonly { id: CategoryId; label: string; target: number }[] = [
  { id: 'performance', label: 'Perf', target: TARGETS.performance },
  { id: 'accessibility', label: 'A11y', target: TARGETS.accessibility },
  { id: 'seo', label: 'SEO', target: TARGETS.seo },
  { id: 'best-practices', label: 'BP', target: 100 },
];

interface Failing {
  category: CategoryId;
  id: string;
  title: string;
  /** Route → display value and hints from the last run that failed it, and how many runs failed it. */
  routes: Map<string, { displayValue: string; hints: string[]; runs: number }>;
}

function parseArgs(argv: string[]): { routes: string[]; cardOnly: boolean } {
  const routes: string[] = [];
  argv.forEach((arg, i) => {
    if (arg !== '--route' && !arg.startsWith('--route=')) return;
    const route = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
    if (!route?.startsWith('/')) throw new Error('--route needs a path, e.g. --route /iacstexam');
    routes.push(route);
  });
  return { routes, cardOnly: argv.includes('--card-only') };
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

const ms = (value: number | undefined): string =>
  value === undefined || Number.isNaN(value) ? '—' : String(Math.round(value));

/** Medians of the card timings of one route's runs (a missing mark stays missing if any run lacks it). */
function medianCard(runs: CardTiming[]): CardTiming {
  const of = (pick: (t: CardTiming) => number | undefined): number | undefined => {
    const values = runs.map(pick);
    return values.every((v): v is number => v !== undefined) ? median(values) : undefined;
  };
  return {
    fcp: of((t) => t.fcp) ?? Number.NaN,
    lcp: of((t) => t.lcp) ?? Number.NaN,
    fieldVisible: of((t) => t.fieldVisible),
    verifyWorks: of((t) => t.verifyWorks),
    loadEvent: of((t) => t.loadEvent) ?? Number.NaN,
    cardScriptIn: of((t) => t.cardScriptIn),
    jsBeforeLoad: of((t) => t.jsBeforeLoad) ?? Number.NaN,
  };
}

/** The card's timings under applied throttling, per route: medians over `runs` cold loads. */
async function cardTimings(
  routes: IndexedRoute[],
  port: number,
  dist: string,
  runs: number,
): Promise<Map<string, CardTiming>> {
  const browser = await launchThrottledBrowser();
  const out = new Map<string, CardTiming>();
  try {
    for (const route of routes) {
      const perRun: CardTiming[] = [];
      for (let run = 1; run <= runs; run++) {
        const t = await measureCard(browser, `http://localhost:${port}${route.path}`, dist);
        perRun.push(t);
        console.error(
          `  ${route.path} throttled run ${run}/${runs}: FCP ${ms(t.fcp)}, field ${ms(t.fieldVisible)}, ` +
            `load ${ms(t.loadEvent)}, card JS in ${ms(t.cardScriptIn)}, Verify ${ms(t.verifyWorks)} ms, ` +
            `JS before load ${t.jsBeforeLoad} B`,
        );
      }
      out.set(route.path, medianCard(perRun));
    }
  } finally {
    await browser.close();
  }
  return out;
}

function printCardTimings(card: Map<string, CardTiming>): void {
  const { latencyMs, downloadBitsPerSecond, cpuSlowdown } = THROTTLING;
  console.log(
    `\nThe registration card in Chromium, applied throttling (${latencyMs} ms RTT, ` +
      `${downloadBitsPerSecond / 1e6} Mbps down, ${cpuSlowdown}× CPU), 390 px, cold cache; medians, ms from navigation:\n`,
  );
  const rows = [...card.entries()].map(([route, t]) => {
    const fieldAtFcp = t.fieldVisible === undefined ? undefined : t.fieldVisible <= t.fcp + 1;
    const verifyAfter = t.verifyWorks === undefined ? undefined : t.verifyWorks - t.fcp;
    return [
      route,
      ms(t.fcp),
      ms(t.lcp),
      ms(t.fieldVisible),
      ms(t.loadEvent),
      ms(t.cardScriptIn),
      ms(t.verifyWorks),
      verifyAfter === undefined ? '—' : `+${ms(verifyAfter)}`,
      String(t.jsBeforeLoad),
      t.fieldVisible === undefined
        ? 'no card'
        : [
            fieldAtFcp ? 'field@FCP' : 'FIELD LATE',
            verifyAfter !== undefined && verifyAfter <= TARGETS.verifyAfterFcp
              ? 'Verify≤1.5s'
              : 'VERIFY LATE',
            t.jsBeforeLoad <= TARGETS.jsBeforeLoad ? 'JS≤30KB' : 'JS OVER',
          ].join(' '),
    ];
  });
  console.log(
    table(
      [
        [
          'Route',
          'FCP',
          'LCP',
          'Field',
          'Load',
          'Card JS in',
          'Verify',
          'Verify−FCP',
          'JS pre-load gzip B',
          'Targets',
        ],
        ...rows,
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
}

async function main(): Promise<void> {
  const { routes: only, cardOnly } = parseArgs(process.argv.slice(2));
  const runs = runsPerRoute();
  console.log(
    machineContext('examflow bench:landing — card timings (throttled Chromium), Lighthouse 12.8 mobile'),
  );
  console.log(`${chromiumVersion()}; ${runs} run(s) per route, median per metric\n`);

  const dist = await ensureBuild();
  const index = readSiteIndex(dist);
  const byPath = new Map(index.routes.map((r) => [r.path, r]));
  const wanted = only.length ? only : LANDING_PATHS;
  const routes: IndexedRoute[] = [];
  for (const p of wanted) {
    const route = byPath.get(p);
    if (route) routes.push(route);
    else console.log(`! ${p} is not a route of the built site (dist/site-index.json); skipped`);
  }
  if (routes.length === 0) return;
  // Measured before the runs, from the same build the server loads (another build may replace dist/
  // meanwhile). Each route's own list: what it requests before the load event.
  const jsByRoute = new Map(routes.map((r) => [r.path, gzipBytes(dist, r.js ?? index.pageJs)]));

  // No request log: the tables are the output.
  const server = await startTestServer({ distDir: dist });
  const { port } = server;
  let card: Map<string, CardTiming>;
  try {
    card = await cardTimings(routes, port, dist, runs);
  } catch (error) {
    await server.close();
    throw error;
  }
  printCardTimings(card);
  if (cardOnly) {
    await server.close();
    return;
  }
  // One Chrome for all runs; a run that fails is retried once in a relaunched Chrome.
  const chrome = await startLighthouse();

  const rows: { route: string; runs: RunFigures[]; jsBytes: number }[] = [];
  // The landing page measured again with its scripts blocked: the page is whole without
  // them, so they should cost its LCP nothing. Runs alternate with and without, in one Chrome.
  const blockedRoute = routes.find((r) => r.path === SCRIPTS_BLOCKED_ROUTE);
  const withScripts: number[] = [];
  const scriptsBlocked: number[] = [];
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
        const lhr = await chrome.run(url);
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
        if (route === blockedRoute) {
          withScripts.push(f.lcp);
          const blocked = figures(await chrome.run(url, { blockScripts: true }));
          scriptsBlocked.push(blocked.lcp);
          console.error(
            `  ${route.path} run ${run}/${runs}, scripts blocked: perf ${blocked.scores.performance}, ` +
              `LCP ${Math.round(blocked.lcp)} ms, TBT ${Math.round(blocked.tbt)} ms`,
          );
        }
      }
      if (last) saveResult(slug(route.path), last);
      rows.push({ route: route.path, runs: perRun, jsBytes: jsByRoute.get(route.path) ?? Number.NaN });
    }
  } finally {
    chrome.close();
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
        ['Route', 'Perf', 'A11y', 'SEO', 'BP', 'LCP ms', 'TBT ms', 'CLS', 'JS pre-load gzip B'],
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
  const checks = med.map((m) => {
    const t = card.get(m.route);
    const hasCard = t?.fieldVisible !== undefined;
    const cardOk =
      !t ||
      !hasCard ||
      ((t.fieldVisible ?? Infinity) <= t.fcp + 1 &&
        (t.verifyWorks ?? Infinity) - t.fcp <= TARGETS.verifyAfterFcp);
    return {
      route: m.route,
      results: [
        m.perf >= TARGETS.performance,
        m.a11y >= TARGETS.accessibility,
        m.seo >= TARGETS.seo,
        m.cls <= TARGETS.cls,
        m.tbt <= TARGETS.tbt,
        m.jsBytes <= TARGETS.jsBeforeLoad,
        cardOk,
      ],
    };
  });
  console.log('\nTargets (information only; medians):\n');
  console.log(
    table(
      [
        ['Route', 'Perf=100', 'A11y=100', 'SEO=100', 'CLS=0', 'TBT≤50ms', 'JS≤30KB pre-load', 'Card', 'All'],
        ...checks.map((c) => [c.route, ...c.results.map(mark), mark(c.results.every(Boolean))]),
      ],
      ['left', 'left', 'left', 'left', 'left', 'left', 'left', 'left', 'left'],
    ),
  );
  const allPass = checks.filter((c) => c.results.every(Boolean)).length;
  console.log(`\nSummary: ${allPass}/${checks.length} routes meet every target.`);
  if (blockedRoute) {
    const ratio = median(withScripts) / median(scriptsBlocked);
    console.log(
      `\nLCP of ${blockedRoute.path} with its scripts ${Math.round(median(withScripts))} ms, ` +
        `with them blocked ${Math.round(median(scriptsBlocked))} ms (medians of ${runs}): ` +
        `${ratio.toFixed(2)}× (target ≤ ${TARGETS.lcpVsScriptsBlocked}×, ${mark(ratio <= TARGETS.lcpVsScriptsBlocked)}).`,
    );
  }

  if (failing.size > 0) {
    console.log('\nAudits keeping a category below target (< 100):');
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
  console.log(`\n${savedResultsNote('last run per route')}`);

  // The server's figure: what recording an experiment's exposure adds to serving a page (its own
  // bench, run here too so this bench reports it beside the pages').
  console.log('');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/exposure.ts'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_REQUESTS: process.env.BENCH_REQUESTS ?? '2000' },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
