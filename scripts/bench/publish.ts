// npm run bench:publish — how long a publish takes to be live on every server process, and what
// students meanwhile get (decision 049). Two server processes serve the built site on one database
// (a SQLite file; PostgreSQL when TEST_DATABASE_URL names a server:
// `bash scripts/with-postgres.sh npm run bench:publish`), as `npm start` does, while students keep
// loading pages and asking for exam options on both. Ten publishes of the NEET repeater page's
// title, each timed from its commit to the moment both processes serve it.
//
// It prints the publish times (median, p90, max), the students' answers (count, non-2xx, p50, p99
// before and while publishing) and checks the targets with PASS/FAIL and the exit code: every
// publish live on both within 5 s, median ≤ 2 s; 0 non-2xx answers.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, sqliteFileIn } from '../../server/db/database';
import {
  approve,
  publish,
  readPublished,
  saveDraft,
  submitForReview,
  type Actor,
} from '../../server/services/content/versions';
import { freshPostgresDatabase } from '../../tests/support/server-harness';
import { startServerProcess } from '../fault/server-process';
import { ensureBuild } from '../lib/serve';
import { machineContext, median, table } from './shared';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
const STUDENTS = 8;
const PAGE = '/neet-repeater-scholarship';
const DOCUMENT = 'landings/neet-repeater.json';
const editor: Actor = { id: 'bench-editor', name: 'Bench Editor', role: 'editor' };
const publisher: Actor = { id: 'bench-publisher', name: 'Bench Publisher', role: 'publisher' };

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  await ensureBuild();
  const admin = process.env.TEST_DATABASE_URL;
  const fresh = admin ? await freshPostgresDatabase(admin) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-publish-'));
  const children: ChildProcess[] = [];
  const start = async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url,
      SERVE_SITE: '1',
      // What is measured is the publish: no request is shed or capped on this one machine.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    children.push(server.child);
    return server.base;
  };
  const bases = [await start()];
  bases.push(await start());
  const db = createDb(fresh ? { databaseUrl: fresh.url } : { sqliteFile: sqliteFileIn(dataDir) });
  try {
    console.log(machineContext(`bench:publish — ${fresh ? 'PostgreSQL' : 'SQLite'}, 2 server processes`));
    const answers: { phase: 'before' | 'during'; status: number; ms: number }[] = [];
    let phase: 'before' | 'during' = 'before';
    let stop = false;
    const calls = [PAGE, '/mock-neet-exam', '/api/exam/slots?exam_type=MOCK-NEET', '/iacstexam'];
    const students = Array.from({ length: STUDENTS }, async (_, i) => {
      for (let n = i; !stop; n++) {
        const started = performance.now();
        const response = await fetch(`${bases[n % 2]}${calls[n % calls.length]}`);
        await response.arrayBuffer();
        answers.push({ phase, status: response.status, ms: performance.now() - started });
      }
    });
    await sleep(3_000);
    phase = 'during';

    const times: number[] = [];
    for (let i = 1; i <= PUBLISHES; i++) {
      const { texts, numbers } = await readPublished(db);
      const doc = JSON.parse(texts.get(DOCUMENT) ?? '{}') as { title: string };
      doc.title = `NEET repeater scholarship, publish ${i}`;
      const now = new Date();
      const draft = await saveDraft(db, {
        path: DOCUMENT,
        content: JSON.stringify(doc, null, 2),
        parent: numbers.get(DOCUMENT) ?? null,
        actor: editor,
        now,
      });
      const version = { path: DOCUMENT, number: draft.number };
      await submitForReview(db, { ...version, actor: editor, note: 'bench' });
      await approve(db, { ...version, actor: publisher });
      await publish(db, { ...version, actor: publisher, now });
      const committed = performance.now();
      const live = await Promise.all(
        bases.map(async (base) => {
          for (;;) {
            const html = await (await fetch(`${base}${PAGE}`)).text();
            if (html.includes(`<title>${doc.title}</title>`)) return performance.now() - committed;
            await sleep(50);
          }
        }),
      );
      times.push(Math.max(...live));
      await sleep(1_000);
    }
    stop = true;
    await Promise.all(students);

    const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
    console.log(
      table(
        [
          ['publishes', 'median', 'p90', 'max'],
          [String(times.length), fmt(median(times)), fmt(percentile(times, 90)), fmt(Math.max(...times))],
        ],
        ['left', 'right', 'right', 'right'],
      ),
    );
    const rows = (['before', 'during'] as const).map((p) => {
      const these = answers.filter((a) => a.phase === p);
      const ms = these.map((a) => a.ms);
      return [
        p === 'before' ? 'before publishing' : 'while publishing',
        String(these.length),
        String(these.filter((a) => a.status < 200 || a.status >= 300).length),
        fmt(percentile(ms, 50)),
        fmt(percentile(ms, 99)),
      ];
    });
    console.log(
      table(
        [['students’ answers', 'count', 'non-2xx', 'p50', 'p99'], ...rows],
        ['left', 'right', 'right', 'right', 'right'],
      ),
    );
    const non2xx = answers.filter((a) => a.status < 200 || a.status >= 300).length;
    const checks: [string, boolean][] = [
      [
        `every publish live on both processes within 5 s (max ${fmt(Math.max(...times))})`,
        Math.max(...times) <= 5_000,
      ],
      [`median ≤ 2 s (${fmt(median(times))})`, median(times) <= 2_000],
      [`0 non-2xx student answers (${non2xx})`, non2xx === 0],
    ];
    for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((resolve) => c.once('exit', resolve))));
    await db.destroy();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
