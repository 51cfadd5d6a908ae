// npm run bench:exposure — what recording an experiment's exposure adds to serving a page (decision
// 056): the real site handler (in process, through Fastify's inject, so the network is left out)
// serves a 50/50 split path to first-time browsers (each drawn, given its cookies and recorded as
// an exposure, written in the background) and, for comparison, a path with no experiment, the
// same page, and a returning browser (its cookies sent: drawn again from its id, no new
// exposure), taken in turn.
// Figures only: it never fails on a timing. BENCH_REQUESTS changes the count (default 5,000 each).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SiteIndex } from '../../src/engine/site-index';
import { testApp } from '../../tests/support/server-harness';
import { machineContext, median, table } from './shared';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const dist = mkdtempSync(path.join(tmpdir(), 'examflow-bench-exposure-'));
const file = (rel: string, body: string) => {
  mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
  writeFileSync(path.join(dist, rel), body);
};
// A page the size of a prerendered landing page (about 60 KB of HTML).
const page = `<!doctype html><html><body>${'<p>examflow landing page text</p>'.repeat(1_800)}</body></html>`;
file('pages/current/a.html', page);
file('pages/new/a.html', page);
file('pages/plain/a.html', page);
file('pages/_nf/a.html', '<!doctype html><p>not found</p>');
file('client/robots.txt', 'User-agent: *');
const index: SiteIndex = {
  hosts: {
    $schema: '',
    defaultProfile: 'a',
    profiles: [{ id: 'a', programme: 'iacst', hosts: ['localhost'], registerPath: '/x' }],
  },
  routes: [
    { path: '/split', files: { a: 'current/a.html' } },
    { path: '/new-page', files: { a: 'new/a.html' } },
    { path: '/plain', files: { a: 'plain/a.html' } },
  ],
  notFound: { a: '_nf/a.html' },
  pageJs: [],
  experiments: [
    {
      id: 'bench-split',
      path: '/split',
      defaultVariant: 'current',
      variants: [
        { variantKey: 'current', weight: 50, routePath: '/split' },
        { variantKey: 'fresh', weight: 50, routePath: '/new-page' },
      ],
      skipProfiles: [],
    },
  ],
};
file('site-index.json', JSON.stringify(index));

const harness = await testApp({ distDir: dist });
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
/** One request's time; throws unless it is a 200. */
async function once(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await harness.app.inject({ url, headers: { 'user-agent': CHROME, ...headers } });
  const took = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return took;
}
/**
 * The three kinds of request taken in turn (a plain path, a first visit to the split path, a
 * returning browser), so a pause of the machine or the collector falls on each alike and the
 * difference at p99 is the exposure's, not the moment's.
 */
async function interleaved(): Promise<{ plain: number[]; split: number[]; returning: number[] }> {
  const taken = { plain: [] as number[], split: [] as number[], returning: [] as number[] };
  for (let i = 0; i < REQUESTS; i++) {
    taken.plain.push(await once('/plain', {}));
    taken.split.push(await once('/split', {}));
    taken.returning.push(await once('/split', { cookie: 'ef_vid=returning-visitor-0001' }));
  }
  return taken;
}
try {
  // Warm up (the files read once, the JIT settled), then measure.
  await interleaved();
  const { plain, split, returning } = await interleaved();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const exposures = await harness.db
    .selectFrom('experiment_exposures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const ms = (value: number) => value.toFixed(2);
  const row = (label: string, values: number[]) => [label, ms(median(values)), ms(quantile(values, 0.99))];
  console.log(machineContext('bench:exposure — serving a split page, in process (ms per request)'));
  console.log(
    table(
      [
        ['', 'p50', 'p99'],
        row('a path with no experiment', plain),
        row('the split path, first visits (drawn, exposed)', split),
        row('the split path, a returning browser', returning),
      ],
      ['left', 'right', 'right'],
    ),
  );
  console.log(
    `exposure recording adds ${ms(quantile(split, 0.99) - quantile(plain, 0.99))} ms at p99 ` +
      `(${ms(median(split) - median(plain))} ms at p50); target ≤ 1 ms at p99. ` +
      `${Number(exposures.n)} exposures recorded for ${2 * REQUESTS} first visits (warm-up included) and one returning browser (its first visit here).`,
  );
} finally {
  await harness.close();
  rmSync(dist, { recursive: true, force: true });
}
