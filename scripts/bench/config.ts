// npm run bench:config — how the config scales with many landing variants: validation time, full
// build time and the JS one landing route loads, for N synthetic variants (BENCH_COUNTS="10,100,1000").
// Prints figures; never fails on a timing (these machines are shared and noisy).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Landing } from '../../src/generated/config/landing';
import { projectRoot } from '../../src/engine/node/paths';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import { KB, gzipBytes, machineContext, median, readSiteIndex, table } from './shared';

const TEMPLATE = 'landings/neet-repeater.json';
const JS_ROUTE = '/mock-neet-exam';
const WARM_RUNS = 3;
const VALIDATION_TARGET_MS = 3000;
const JS_DRIFT_TARGET = 1 * KB;

interface ValidationTiming {
  /** Loading validate-config (with its schema validators) plus the first call. */
  coldMs: number;
  /** The loading part of coldMs. */
  loadMs: number;
  warmMs: number;
  landings: number;
}

interface Row extends ValidationTiming {
  n: number;
  buildS: number;
  pages: number;
  jsBytes: number;
}

function counts(): number[] {
  const raw = process.env.BENCH_COUNTS ?? '10,100,1000';
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new Error(`BENCH_COUNTS must be comma-separated whole numbers, got "${raw}"`);
  }
  return list;
}

/** Writes N copies of the template, each unique where the cross-checks and search engines care. */
function addVariants(config: ConfigCopy, n: number): void {
  const template = config.read<Landing>(TEMPLATE);
  const width = Math.max(4, String(n).length);
  for (let i = 1; i <= n; i++) {
    const num = String(i).padStart(width, '0');
    const variant = structuredClone(template);
    variant.paths = [`/bench-variant-${num}`];
    variant.variantKey = `bench_variant_${num}`;
    variant.title = `Bench variant ${num} | ${template.title}`;
    variant.description = `Bench variant ${num}. ${template.description}`;
    for (const block of variant.blocks) {
      if (block.type !== 'faq' && block.type !== 'accordion') continue;
      for (const item of block.items) {
        item.id = `bench-${num}-${item.id}`;
        item.heading = `(${num}) ${item.heading}`;
      }
    }
    config.write(`landings/bench-variant-${num}.json`, variant);
  }
}

/**
 * Validation of one config folder, measured in a fresh process so that "cold" always pays for the
 * schema validators: compiled by ajv at load time, or (since they are precompiled) required from
 * src/generated/validators. Either way the module caches them per process.
 */
function measureValidationInChild(dir: string): ValidationTiming {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--validate', dir],
    { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const last = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as ValidationTiming;
}

/** The child side of measureValidationInChild: prints one JSON line. */
async function measureValidation(dir: string): Promise<ValidationTiming> {
  // Imported here, not at the top, so its load (and the validators') is inside the cold figure.
  const loadStart = performance.now();
  const { formatProblem, validateConfig } = await import('../../src/engine/node/validate-config');
  const loadMs = performance.now() - loadStart;
  const once = (): { ms: number; landings: number } => {
    const started = performance.now();
    const result = validateConfig(dir);
    const ms = performance.now() - started;
    if (!result.bundle) {
      throw new Error(
        `synthetic config is invalid:\n${result.problems.slice(0, 10).map(formatProblem).join('\n')}`,
      );
    }
    return { ms, landings: result.counts.landings };
  };
  const cold = once();
  const warm = Array.from({ length: WARM_RUNS }, () => once().ms);
  return { coldMs: loadMs + cold.ms, loadMs, warmMs: median(warm), landings: cold.landings };
}

/** A full production build in a child process, as `npm run build` does it, into a temporary dist. */
async function timeBuild(configDir: string, dist: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/build.ts'], {
      cwd: projectRoot,
      env: { ...process.env, EXAMFLOW_CONFIG_DIR: configDir, EXAMFLOW_DIST: dist },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
  return (performance.now() - started) / 1000;
}

function countPages(dist: string): number {
  return readdirSync(path.join(dist, 'pages'), { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && e.name.endsWith('.html'),
  ).length;
}

async function benchOne(n: number): Promise<Row> {
  const config = copyConfig();
  const dist = mkdtempSync(path.join(tmpdir(), 'examflow-bench-dist-'));
  try {
    addVariants(config, n);
    const validation = measureValidationInChild(config.dir);
    const buildS = await timeBuild(config.dir, dist);
    const index = readSiteIndex(dist);
    if (!index.routes.some((r) => r.path === JS_ROUTE)) throw new Error(`${JS_ROUTE} is not in the build`);
    // What /mock-neet-exam loads: the page script plus the chunks of its islands.
    const route = index.routes.find((r) => r.path === '/mock-neet-exam');
    const jsBytes = gzipBytes(dist, route?.js ?? index.pageJs);
    return { n, ...validation, buildS, pages: countPages(dist), jsBytes };
  } finally {
    config.remove();
    rmSync(dist, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const ns = counts();
  console.log(
    machineContext('examflow bench:config — N synthetic landing variants (clones of neet-repeater)'),
  );
  console.log(
    `validation: validateConfig(dir) in a fresh process; cold = loading validate-config and its schema ` +
      `validators (load ms) + the first call; warm = median of ${WARM_RUNS} more calls.\n` +
      `build: npx tsx scripts/build.ts (EXAMFLOW_CONFIG_DIR, EXAMFLOW_DIST) into a temporary folder, ` +
      `wall clock including tsx start-up.\n`,
  );
  const rows: Row[] = [];
  for (const n of ns) {
    console.error(`  N=${n}: generating, validating, building…`);
    const row = await benchOne(n);
    console.error(
      `  N=${n}: validation ${row.coldMs.toFixed(0)}/${row.warmMs.toFixed(0)} ms, build ${row.buildS.toFixed(1)} s`,
    );
    rows.push(row);
  }

  console.log(
    table(
      [
        [
          'N',
          'Landings',
          'Valid. cold ms',
          '(load ms)',
          'Valid. warm ms',
          'Build s',
          'Pages',
          `JS gzip B (${JS_ROUTE})`,
        ],
        ...rows.map((r) => [
          String(r.n),
          String(r.landings),
          r.coldMs.toFixed(1),
          r.loadMs.toFixed(1),
          r.warmMs.toFixed(1),
          r.buildS.toFixed(1),
          String(r.pages),
          String(r.jsBytes),
        ]),
      ],
      ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );

  const byN = [...rows].sort((a, b) => a.n - b.n);
  const smallest = byN[0];
  const largest = byN.at(-1);
  if (smallest && largest && smallest !== largest) {
    const diff = largest.jsBytes - smallest.jsBytes;
    console.log(
      `\nJS of ${JS_ROUTE}: N=${largest.n} vs N=${smallest.n}: ${diff >= 0 ? '+' : ''}${diff} B ` +
        `(target: within ${JS_DRIFT_TARGET} B) ${Math.abs(diff) <= JS_DRIFT_TARGET ? 'PASS' : 'MISS'}`,
    );
  }
  const at1000 = rows.find((r) => r.n === 1000);
  if (at1000) {
    console.log(
      `Validation at N=1000: cold ${at1000.coldMs.toFixed(0)} ms, warm ${at1000.warmMs.toFixed(0)} ms ` +
        `(target: ≤ ${VALIDATION_TARGET_MS} ms) ${at1000.coldMs <= VALIDATION_TARGET_MS ? 'PASS' : 'MISS'}`,
    );
  } else {
    console.log('Validation target (≤ 3000 ms) is set for N=1000, which this run did not include.');
  }
}

const validateArg = process.argv.indexOf('--validate');
if (validateArg >= 0) {
  const dir = process.argv[validateArg + 1];
  if (!dir) throw new Error('--validate needs a config folder');
  measureValidation(dir).then(
    (timing) => console.log(JSON.stringify(timing)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
