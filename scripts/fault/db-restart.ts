// npm run fault:db-restart — two server processes on one PostgreSQL under a steady load
// of reads and signups from several clients, and `pg_ctl restart -m fast` in the middle. It checks,
// and exits 1 unless all hold:
//   - no answer is a 5xx other than 503, and no request fails without an answer;
//   - every 503 carries Retry-After;
//   - both processes are alive and serving normally within 5 s of the database answering again
//     (the recovery time of each is printed: the last failed request's start after that moment);
//   - every signup answered 200 is in the database exactly once, with the roll number it was given.
// It starts its own throwaway PostgreSQL cluster (a restart would cut every other user of a shared
// one), from Debian's postgresql package (scripts/with-postgres.sh installs it when missing).
// FAULT_DOWN_SECONDS=3 stops the database for 3 s (stop, wait, start) instead of a restart.
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { startServerProcess } from './server-process';

const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 6);
const BEFORE_MS = 4_000;
const AFTER_MS = 8_000;
const RECOVERY_TARGET_MS = 5_000;
const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS ?? 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── a throwaway cluster ────────────────────────────────────────────────────────────────────────
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  return last ? path.join(root, last, 'bin') : undefined;
}

interface Cluster {
  url: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'examflow-fault-pg-'));
  const root = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, run its tools as the postgres user. Never a sync
  // call: the load runs in this process and must go on while pg_ctl works.
  const run = async (tool: string, args: string[]): Promise<void> => {
    const command = [path.join(bin, tool), ...args];
    if (root) await exec('su', ['postgres', '-s', '/bin/bash', '-c', command.map(quote).join(' ')]);
    else await exec(command[0] ?? tool, command.slice(1));
  };
  if (root) {
    const id = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, id, id);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', log, '-w', ...args]);
  // A port below Linux's ephemeral range (32768–60999): a port in it can be taken by any outgoing
  // connection, then or between the restart's stop and start (CI once failed to start on one).
  // Another listener may still hold it: a few tries, each on another port.
  let options = '';
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = 20_000 + Math.floor(Math.random() * 10_000);
    options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    try {
      await ctl('-o', options, 'start');
      break;
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join('\n') : '';
      console.error(`PostgreSQL did not start on port ${port} (try ${attempt}):\n${tail}`);
      if (attempt === 3) throw error;
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('-o', options, 'start'),
    remove: async () => {
      try {
        await ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
const exec = promisify(execFile);
const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

// ── the two server processes ───────────────────────────────────────────────────────────────────
interface Server {
  child: ChildProcess;
  base: string;
  exitCode: () => number | null | 'signal';
}

async function startServer(databaseUrl: string): Promise<Server> {
  const { child, base } = await startServerProcess({ DATABASE_URL: databaseUrl }, 'pipe');
  let exit: number | null | 'signal' = null;
  child.once('exit', (code) => (exit = code ?? 'signal'));
  // Its errors are shown (a crash is what this looks for); the pool's "connection lost" lines are counted.
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    if (line.includes('PostgreSQL connection lost')) connectionLostLines++;
    else console.error(`  [server ${child.pid}] ${line}`);
  });
  return { child, base, exitCode: () => exit };
}
let connectionLostLines = 0;

// ── the load ───────────────────────────────────────────────────────────────────────────────────
interface Answer {
  start: number;
  end: number;
  server: number;
  path: string;
  status: number; // 0: no answer (refused, reset, timed out)
  retryAfter: string | null;
  body: Record<string, unknown>;
}
const answers: Answer[] = [];
let servers: Server[] = [];

async function call(
  server: number,
  method: string,
  url: string,
  init: { body?: object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const start = Date.now();
  let answer: Answer;
  try {
    const response = await fetch(`${servers[server]?.base}${url}`, {
      method,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text: text.slice(0, 200) };
    }
    answer = {
      start,
      end: Date.now(),
      server,
      path: url.split('?')[0] ?? url,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch (error) {
    answer = {
      start,
      end: Date.now(),
      server,
      path: url.split('?')[0] ?? url,
      status: 0,
      retryAfter: null,
      body: { error: String(error) },
    };
  }
  answers.push(answer);
  return answer;
}

let mobiles = 0;
const signedUp = new Map<string, string>(); // mobile → roll number answered 200
let running = true;
const tomorrow = new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

/** One student's registration: OTP send and verify, then signup (repeated with the same token on a 503). */
async function signup(client: number): Promise<void> {
  const mobile = String(7_100_000_000 + process.pid * 1000 + mobiles++);
  const a = client % 2;
  const b = 1 - a;
  if ((await call(a, 'POST', `/api/otp/send?mobile=${mobile}&exam_type=iACST`)).status !== 200) return;
  const sms = await call(b, 'GET', `/sandbox/messages?mobile=${mobile}`);
  const otp = (sms.body as unknown as { otp?: string }[])[0]?.otp;
  if (sms.status !== 200 || !otp) return;
  const verified = await call(b, 'POST', `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=iACST`);
  const token = verified.body.registration_token;
  if (verified.status !== 200 || typeof token !== 'string') return;
  const body = {
    student_name: 'Fault Student',
    student_email: 'fault.student@example.com',
    student_dob: '15/08/2011',
    student_mobile_no: mobile,
    class_stream: '9&SOF',
    exam_state: '9',
    branch_code: 'DL001',
    exam_date: tomorrow,
    exam_mode: 'Online',
    whatsapp_status: true,
    registration_page: 'iACST',
  };
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await call(attempt % 2 ? b : a, 'POST', '/api/signup', {
      body,
      headers: { 'x-registration-token': token },
    });
    const roll = (answer.body.data as { roll_number?: string } | undefined)?.roll_number;
    if (answer.status === 200 && roll) {
      const before = signedUp.get(mobile);
      if (before && before !== roll)
        throw new Error(`${mobile} was given two roll numbers: ${before}, ${roll}`);
      signedUp.set(mobile, roll);
      return;
    }
    if (answer.status !== 503 && answer.status !== 0) return;
    await sleep(250);
  }
}

async function client(index: number, token: string): Promise<void> {
  while (running) {
    await signup(index);
    for (let i = 0; i < 4 && running; i++) {
      await call(i % 2, 'GET', '/api/session', { headers: { authorization: `Bearer ${token}` } });
      await call((i + 1) % 2, 'GET', '/api/master?masterKey=state_master');
    }
  }
}

/** Polls both processes' readiness; the first 200 after `since`, per process. */
async function firstReady(since: number): Promise<(number | undefined)[]> {
  const ready: (number | undefined)[] = [undefined, undefined];
  while (running && ready.some((r) => r === undefined)) {
    for (const i of [0, 1]) {
      if (ready[i] !== undefined) continue;
      try {
        const r = await fetch(`${servers[i]?.base}/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (r.status === 200) ready[i] = Date.now() - since;
      } catch {
        // not yet
      }
    }
    await sleep(50);
  }
  return ready;
}

async function databaseAnswering(url: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
    try {
      await client.connect();
      await client.query('select 1');
      return Date.now();
    } catch {
      await sleep(25);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────
const bin = postgresBin();
if (!bin || !existsSync(path.join(bin, 'pg_ctl'))) {
  console.log(
    "fault:db-restart FAIL: no PostgreSQL server binaries. Run `bash scripts/with-postgres.sh true` once to install Debian's postgresql.",
  );
  process.exit(1);
}
const cluster = await startCluster(bin);
const failures: string[] = [];
try {
  servers = [await startServer(cluster.url)];
  servers.push(await startServer(cluster.url)); // after the first has migrated and seeded
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const login = await call(i % 2, 'POST', '/api/login', {
      body: { roll_number: '250000000001', date_of_birth: '05/01/2008' },
    });
    tokens.push(String(login.body.token));
  }
  answers.length = 0;
  const t0 = Date.now();
  const load = Promise.all(tokens.map((token, i) => client(i, token)));
  await sleep(BEFORE_MS);

  const faultAt = Date.now();
  if (DOWN_SECONDS > 0) {
    await cluster.stop();
    await sleep(DOWN_SECONDS * 1000);
    await cluster.start();
  } else await cluster.restart();
  const upAt = await databaseAnswering(cluster.url);
  const readiness = firstReady(upAt);
  await sleep(AFTER_MS);
  running = false;
  await load;
  const ready = await readiness;

  // ── figures ──
  const count = (f: (a: Answer) => boolean) => answers.filter(f).length;
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const other5xx = answers.filter((a) => a.status >= 500 && a.status !== 503);
  const noAnswer = answers.filter((a) => a.status === 0);
  const without = count((a) => a.status === 503 && !a.retryAfter);
  const recovery = [0, 1].map((s) => {
    const failedAfter = answers.filter(
      (a) => a.server === s && (a.status >= 500 || a.status === 0) && a.end >= upAt,
    );
    const last = Math.max(upAt, ...failedAfter.map((a) => a.start));
    const servedAfter = count((a) => a.server === s && a.status === 200 && a.start > last);
    return { ms: last - upAt, servedAfter };
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    `fault:db-restart — 2 processes, ${CLIENTS} clients, ${DOWN_SECONDS > 0 ? `database stopped for ${DOWN_SECONDS} s` : 'pg_ctl restart -m fast'}, ${seconds} s of load`,
  );
  console.log(
    `  requests: ${answers.length}; by status: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s || 'no answer'}: ${n}`)
      .join(', ')}`,
  );
  console.log(`  database out for ${((upAt - faultAt) / 1000).toFixed(2)} s (restart began → first answer)`);
  console.log(`  503 answers: ${count((a) => a.status === 503)}, without Retry-After: ${without}`);
  recovery.forEach(({ ms, servedAfter }, s) => {
    const readyAt = ready[s];
    console.log(
      `  process ${s + 1}: ${servers[s]?.exitCode() === null ? 'alive' : `EXITED (${servers[s]?.exitCode()})`}, ` +
        `recovered ${(ms / 1000).toFixed(2)} s after the database answered ` +
        `(${servedAfter} answers 200 since), ready ${readyAt === undefined ? 'never' : `${(readyAt / 1000).toFixed(2)} s`} after`,
    );
  });
  console.log(`  pool "connection lost" lines: ${connectionLostLines}`);

  // ── checks ──
  if (other5xx.length > 0)
    failures.push(
      `${other5xx.length} answers 5xx other than 503, e.g. ${JSON.stringify(other5xx.slice(0, 3).map((a) => [a.path, a.status, a.body]))}`,
    );
  if (noAnswer.length > 0)
    failures.push(
      `${noAnswer.length} requests without an answer, e.g. ${JSON.stringify(noAnswer.slice(0, 3).map((a) => [a.path, a.body]))}`,
    );
  if (without > 0)
    failures.push(
      `${without} answers 503 without Retry-After, e.g. ${JSON.stringify(
        answers
          .filter((a) => a.status === 503 && !a.retryAfter)
          .slice(0, 3)
          .map((a) => [a.path, a.body]),
      )}`,
    );
  recovery.forEach(({ ms, servedAfter }, s) => {
    if (servers[s]?.exitCode() !== null) failures.push(`process ${s + 1} exited`);
    if (ms > RECOVERY_TARGET_MS || servedAfter === 0)
      failures.push(`process ${s + 1} did not serve normally within ${RECOVERY_TARGET_MS / 1000} s`);
  });
  if (count((a) => a.status === 503) === 0)
    failures.push('no 503 at all: the restart did not happen under load');

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const mobilesAnswered = [...signedUp.keys()];
  const { rows } = await db.query<{ mobile: string; roll_number: string }>(
    'select mobile, roll_number from students where mobile = any($1)',
    [mobilesAnswered],
  );
  await db.end();
  const inDb = new Map<string, string[]>();
  for (const row of rows) inDb.set(row.mobile, [...(inDb.get(row.mobile) ?? []), row.roll_number]);
  const missing = mobilesAnswered.filter((m) => !inDb.has(m));
  const twice = mobilesAnswered.filter((m) => (inDb.get(m)?.length ?? 0) > 1);
  const wrongRoll = mobilesAnswered.filter(
    (m) => inDb.get(m)?.length === 1 && inDb.get(m)?.[0] !== signedUp.get(m),
  );
  console.log(
    `  signups answered 200: ${mobilesAnswered.length}; in the database once: ${mobilesAnswered.length - missing.length - twice.length}, missing: ${missing.length}, twice: ${twice.length}, another roll number: ${wrongRoll.length}`,
  );
  if (mobilesAnswered.length === 0) failures.push('no signup was answered 200');
  if (missing.length) failures.push(`${missing.length} signups answered 200 are not in the database`);
  if (twice.length) failures.push(`${twice.length} signups answered 200 are in the database twice`);
  if (wrongRoll.length) failures.push(`${wrongRoll.length} signups hold another roll number than answered`);
} catch (error) {
  failures.push(`the run failed: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  running = false;
  for (const server of servers) {
    if (server.exitCode() !== null) continue;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  await cluster.remove();
}
for (const failure of failures) console.log(`  ✗ ${failure}`);
console.log(failures.length === 0 ? 'fault:db-restart PASS' : 'fault:db-restart FAIL');
process.exit(failures.length === 0 ? 0 : 1);
