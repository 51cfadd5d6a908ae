// npm run load:registration: 200 students register at the same moment, end to end
// through the HTTP API — OTP send, the code read from the sandbox outbox, OTP verify, signup for the
// paid NEET mock, the gateway's signed "paid" callback, the order's status — on SQLite with one
// server process, then on PostgreSQL with two processes on one database (each call goes to the
// next process in turn, as behind a load balancer). PostgreSQL runs when TEST_DATABASE_URL names a
// server: `bash scripts/with-postgres.sh npm run load:registration` starts a throwaway one.
//
// Each student first opens the registration page (the MOCK-NEET landing page, from each server
// process), as a phone does before its student taps "Send OTP"; when every page is open, all 200
// tap at the same moment. The page loads are timed and checked too. Opening the connections with
// the page matters: Node (libuv 1.45 and later) accepts one new connection per turn of its event
// loop, so when 200 connections open with the OTP sends themselves, the last ones wait for the
// first ones' sends (OTP send p99 780–950 ms on SQLite, where it is about 200 ms this way).
//
// It prints each call's count, p50, p99 and max, then checks, with PASS/FAIL and the exit code:
// every student answered 200 at every step; the database holds each student once with one roll
// number (distinct), one exam order, paid; every call's p99 ≤ 500 ms.
//
// Each student comes from its own loopback address (127.0.0.2, .3, …: all of 127/8 is this
// machine), as 200 phones would, so the OTP limits per address and per number apply as in
// production and nothing is switched off for the run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client, type Dispatcher } from 'undici';
import { createDb, sqliteFileIn, type Db } from '../../server/db/database';
import { callbackSignature, orderReturnToken } from '../../server/payments/orders';
import { projectRoot } from '../../src/engine/node/paths';
import { freshPostgresDatabase } from '../../tests/support/server-harness';
import { machineContext, table } from '../bench/shared';
import { ensureBuild } from '../lib/serve';

const STUDENTS = Number(process.env.LOAD_STUDENTS ?? 200);
const P99_LIMIT_MS = 500;
// The NEET mock's April 2025 season is open on this date (config/programmes): its paid offline exam.
const CLOCK = '2025-04-01T11:30:00+05:30';
const SECRET = randomBytes(32).toString('hex');
const HOST = 'localhost';
/** The page each student registers on (config/landings/mock-neet.json). */
const PAGE = '/mock-neet-exam';
// A server on registration day has been up a while: its code compiled and optimised, its pool's
// connections open. Before the measured wave, this many other students register through each
// process (not measured, not checked). 100 rather than a handful: V8 optimises the hot paths only
// after many calls, and after 20 students per process the wave still paid for it (PostgreSQL:
// the servers' CPU during the wave 1.66–1.74 s after 20, 1.37–1.60 s after 100).
const WARM_UP = Number(process.env.LOAD_WARM_UP ?? 100);

async function warmUp(ports: number[]): Promise<void> {
  const run = await registerAll(ports, {
    count: WARM_UP * ports.length,
    firstMobile: 9600000000,
    subnet: 10,
  });
  if (run.failures.length) throw new Error(`warm-up failed: ${run.failures[0]}`);
}

interface Server {
  port: number;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * CPU seconds used so far by the server processes `pids` (with the node process tsx starts for
 * each) and by PostgreSQL's processes (Linux /proc; 0 elsewhere): read before and after the wave,
 * to say where the time went.
 */
function cpuSeconds(pids: number[]): { servers: number; serversSystem: number; postgres: number } {
  const tick = 100; // USER_HZ on Linux
  const processes: { pid: number; parent: number; comm: string; seconds: number; system: number }[] = [];
  let all: string[] = [];
  try {
    all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    // not Linux
  }
  for (const pid of all) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({
        pid: Number(pid),
        parent: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        seconds: (Number(fields[11]) + Number(fields[12])) / tick,
        system: Number(fields[12]) / tick,
      });
    } catch {
      // ended meanwhile
    }
  }
  const ours = new Set(pids);
  for (const p of processes) if (ours.has(p.parent)) ours.add(p.pid);
  const sum = (keep: (p: (typeof processes)[number]) => boolean, system = false) =>
    processes.filter(keep).reduce((total, p) => total + (system ? p.system : p.seconds), 0);
  return {
    servers: sum((p) => ours.has(p.pid)),
    serversSystem: sum((p) => ours.has(p.pid), true),
    postgres: sum((p) => p.comm === 'postgres'),
  };
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    [
      // LOAD_CPU_PROF=<folder>: each server writes its CPU profile there when it stops.
      ...(process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : []),
      'scripts/load/registration-server.ts',
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, SANDBOX_CLOCK: CLOCK, PAYMENT_CALLBACK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One student's connections (one per server process): its own loopback address, kept alive like a
 * phone's. undici's client rather than node:http: the load runs on the same two cores as the
 * servers and the database, and it leaves them more (this client's CPU in a PostgreSQL wave:
 * 0.25–0.36 s, where node:http took 0.33–0.47 s).
 */
function client(localAddress: string) {
  const clients = new Map<number, Client>();
  const call = async (
    port: number,
    method: Dispatcher.HttpMethod,
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    let c = clients.get(port);
    if (!c) clients.set(port, (c = new Client(`http://127.0.0.1:${port}`, { localAddress, pipelining: 1 })));
    const payload = body ? JSON.stringify(body) : undefined;
    const response = await c.request({
      method,
      path: url,
      headers: {
        host: HOST,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: payload,
    });
    const text = await response.body.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.statusCode, body: parsed };
  };
  return { call, close: () => Promise.all([...clients.values()].map((c) => c.close())) };
}

/** Opening the page, before the wave (see the top of this file). */
const PAGE_LOAD = `GET ${PAGE}`;

const CALLS = [
  'POST /api/otp/send',
  'GET /sandbox/messages',
  'POST /api/otp/verify',
  'POST /api/signup',
  'POST /api/payments/callback',
  'GET /api/orders/:id',
] as const;
type CallName = (typeof CALLS)[number];

interface Run {
  times: Record<CallName, number[]>;
  /** Each student's page loads (one per server process), before the wave. */
  pageLoads: number[];
  failures: string[];
  mobiles: string[];
  wallMs: number;
  /** CPU seconds during the wave: the server processes', PostgreSQL's and this client's. */
  cpu?: { servers: number; serversSystem: number; postgres: number; client: number };
}

/** The measured wave, with the CPU it took (from the moment the students tap). */
async function measuredWave(servers: Server[], orderKey: string): Promise<Run> {
  const pids = servers.map((s) => s.pid);
  let before = cpuSeconds(pids);
  let client = process.cpuUsage();
  const run = await registerAll(
    servers.map((s) => s.port),
    {
      orderKey,
      onTap: () => {
        before = cpuSeconds(pids);
        client = process.cpuUsage();
      },
    },
  );
  const after = cpuSeconds(pids);
  const own = process.cpuUsage(client);
  run.cpu = {
    servers: after.servers - before.servers,
    serversSystem: after.serversSystem - before.serversSystem,
    postgres: after.postgres - before.postgres,
    client: (own.user + own.system) / 1e6,
  };
  return run;
}

const signupBody = (mobile: string, i: number) => ({
  student_name: `Load Student${String.fromCharCode(65 + (i % 26))}`,
  father_name: 'Anil Verma',
  student_email: `load.${mobile}@example.com`,
  student_dob: '2008-01-04T18:30:00.000Z',
  student_mobile_no: mobile,
  school_board: 'CBSE',
  class_stream: '12&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_mode: 'Offline',
  student_city: 'New Delhi',
  student_state: 'Delhi',
  student_pincode: '110005',
  whatsapp_status: true,
  registration_page: 'MOCK-NEET',
  payment_mode: 'paytm',
});

/**
 * `count` students at once, each through the registration in order; calls go to the ports in turn.
 * Student i has the number firstMobile + i and the address 127.0.(subnet).(i + 2). `onTap` runs
 * when every page is open, just before the students tap "Send OTP".
 */
async function registerAll(
  ports: number[],
  {
    count = STUDENTS,
    firstMobile = 9700000000,
    subnet = 1,
    onTap = () => {},
    orderKey = '',
  }: { count?: number; firstMobile?: number; subnet?: number; onTap?: () => void; orderKey?: string } = {},
): Promise<Run> {
  const times = Object.fromEntries(CALLS.map((c) => [c, [] as number[]])) as Record<CallName, number[]>;
  const pageLoads: number[] = [];
  const failures: string[] = [];
  // Every student waits here with the page open; then all tap "Send OTP" at once.
  let tap = () => {};
  const tapped = new Promise<void>((resolve) => (tap = resolve));
  let opened = 0;
  let turn = 0;
  const nextPort = () => ports[turn++ % ports.length] ?? 0;
  const mobiles = Array.from({ length: count }, (_, i) => String(firstMobile + i));

  async function student(i: number): Promise<void> {
    const mobile = mobiles[i] ?? '';
    const { call, close } = client(`127.0.${subnet + Math.floor((i + 2) / 256)}.${(i + 2) % 256}`);
    const timed = async (
      name: CallName,
      method: string,
      url: string,
      body?: object,
      headers?: Record<string, string>,
    ) => {
      const started = performance.now();
      const answer = await call(nextPort(), method, url, body, headers);
      times[name].push(performance.now() - started);
      if (answer.status !== 200)
        throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    let pageOpen = true;
    try {
      for (const port of ports) {
        const started = performance.now();
        const page = await call(port, 'GET', PAGE, undefined, { accept: 'text/html' });
        pageLoads.push(performance.now() - started);
        if (page.status !== 200) throw new Error(`${PAGE_LOAD} answered ${page.status}`);
      }
    } catch (error) {
      pageOpen = false;
      failures.push(`student ${i} (${mobile}): ${(error as Error).message}`);
    } finally {
      if (++opened === count) {
        onTap();
        tap();
      }
    }
    await tapped;
    if (!pageOpen) return void (await close());
    try {
      await timed('POST /api/otp/send', 'POST', `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`);
      const outbox = (await timed(
        'GET /sandbox/messages',
        'GET',
        `/sandbox/messages?mobile=${mobile}`,
      )) as unknown as {
        otp: string | null;
      }[];
      const otp = outbox[0]?.otp;
      if (!otp) throw new Error('no OTP in the sandbox outbox');
      const verified = await timed(
        'POST /api/otp/verify',
        'POST',
        `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=MOCK-NEET`,
      );
      const token = String(verified.registration_token);
      const signed = await timed('POST /api/signup', 'POST', '/api/signup', signupBody(mobile, i), {
        'x-registration-token': token,
      });
      const payment = (signed.data as { payment_data?: { order_id?: string; amount?: number } }).payment_data;
      const orderId = String(payment?.order_id);
      const amount = Number(payment?.amount);
      const txn = `LOAD${String(i).padStart(8, '0')}`;
      await timed('POST /api/payments/callback', 'POST', '/api/payments/callback', {
        order_id: orderId,
        status: 'paid',
        txn_id: txn,
        amount,
        signature: callbackSignature(SECRET, orderId, 'paid', txn, amount),
      });
      // As the page the gateway returns to reads it: with the return link's token.
      const orderToken = orderReturnToken(orderKey, orderId);
      const order = await timed(
        'GET /api/orders/:id',
        'GET',
        `/api/orders/${orderId}?order_token=${orderToken}`,
      );
      const status = (order.data as { status?: string } | undefined)?.status ?? order.status;
      if (status !== 'paid') throw new Error(`order ${orderId} is ${String(status)} after the paid callback`);
    } catch (error) {
      failures.push(`student ${i} (${mobile}): ${(error as Error).message}`);
    } finally {
      await close();
    }
  }

  const students = Promise.all(mobiles.map((_, i) => student(i)));
  await tapped;
  const started = performance.now();
  await students;
  return { times, pageLoads, failures, mobiles, wallMs: performance.now() - started };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN)
    : NaN;

interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

async function checkDatabase(db: Db, mobiles: string[]): Promise<Check[]> {
  const students = await db
    .selectFrom('students')
    .select(['id', 'mobile', 'roll_number', 'registration_status'])
    .where('mobile', 'in', mobiles)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'student_id', 'status', 'kind'])
    .where(
      'student_id',
      'in',
      students.map((s) => s.id),
    )
    .execute();
  const perMobile = new Map<string, number>();
  for (const s of students) perMobile.set(s.mobile, (perMobile.get(s.mobile) ?? 0) + 1);
  const onceEach = mobiles.filter((m) => perMobile.get(m) === 1).length;
  const rolls = new Set(students.map((s) => s.roll_number).filter((r) => /^\d{12}$/.test(r)));
  const registered = students.filter((s) => s.registration_status === 'registered').length;
  const ordersPer = new Map<string, number>();
  for (const o of orders) ordersPer.set(o.student_id, (ordersPer.get(o.student_id) ?? 0) + 1);
  const oneOrder = students.filter((s) => ordersPer.get(s.id) === 1).length;
  const paid = orders.filter((o) => o.status === 'paid').length;
  const n = mobiles.length;
  return [
    {
      name: `${n}/${n} students in the database, each once`,
      pass: students.length === n && onceEach === n,
      detail: `${students.length} rows, ${onceEach} numbers with exactly one student`,
    },
    {
      name: 'each with its own roll number, registered',
      pass: rolls.size === n && registered === n,
      detail: `${rolls.size} distinct roll numbers, ${registered} registered`,
    },
    {
      name: 'one exam order each, paid; no duplicate order',
      pass: orders.length === n && oneOrder === n && paid === n,
      detail: `${orders.length} orders, ${oneOrder} students with exactly one, ${paid} paid`,
    },
  ];
}

async function report(title: string, run: Run, db: Db): Promise<boolean> {
  console.log(
    `\n${title}: ${STUDENTS} students at once (after ${WARM_UP} per process to warm up), ${(run.wallMs / 1000).toFixed(1)} s for all`,
  );
  if (run.cpu) {
    const { servers, serversSystem, postgres, client } = run.cpu;
    const calls = STUDENTS * CALLS.length;
    console.log(
      `CPU during the wave: servers ${servers.toFixed(2)} s (system ${serversSystem.toFixed(2)} s), PostgreSQL ${postgres.toFixed(2)} s, this client ${client.toFixed(2)} s` +
        ` (${(((servers + postgres) / calls) * 1000).toFixed(2)} ms of server and database CPU per call)`,
    );
  }
  const row = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return [
      name,
      String(sorted.length),
      ...[50, 99].map((p) => percentile(sorted, p).toFixed(1)),
      (sorted.at(-1) ?? NaN).toFixed(1),
    ];
  };
  console.log(
    table(
      [
        ['call', 'count', 'p50 ms', 'p99 ms', 'max ms'],
        ...CALLS.map((name) => row(name, run.times[name])),
        row(`${PAGE_LOAD} (before the wave)`, run.pageLoads),
      ],
      ['left', 'right', 'right', 'right', 'right'],
    ),
  );
  const checks: Check[] = [
    {
      name: `${STUDENTS}/${STUDENTS} students answered 200 at every step`,
      pass: run.failures.length === 0,
      detail: run.failures.length
        ? `${run.failures.length} failed; first: ${run.failures.slice(0, 3).join(' | ')}`
        : 'all 200',
    },
    ...(await checkDatabase(db, run.mobiles)),
    ...[...CALLS.map((name) => [name, run.times[name]] as const), [PAGE_LOAD, run.pageLoads] as const].map(
      ([name, times]) => {
        const p99 = percentile(
          [...times].sort((a, b) => a - b),
          99,
        );
        return {
          name: `${name} p99 ≤ ${P99_LIMIT_MS} ms`,
          pass: p99 <= P99_LIMIT_MS,
          detail: `${p99.toFixed(1)} ms`,
        };
      },
    ),
  ];
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name} (${c.detail})`);
  return checks.every((c) => c.pass);
}

/** The key that signs return links' order tokens (server_secrets), read once; closes the db. */
async function orderKeyOf(db: Db): Promise<string> {
  try {
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'order-return')
      .executeTakeFirstOrThrow();
    return row.value;
  } finally {
    await db.destroy();
  }
}

async function onSqlite(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-load-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    await warmUp([server.port]);
    const run = await measuredWave(
      [server],
      await orderKeyOf(createDb({ sqliteFile: sqliteFileIn(dataDir) })),
    );
    await server.stop();
    const db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
    try {
      return await report('SQLite, one server process', run, db);
    } finally {
      await db.destroy();
    }
  } finally {
    await server.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(admin: string): Promise<boolean> {
  const { url, drop } = await freshPostgresDatabase(admin);
  const servers: Server[] = [];
  try {
    // One after the other: the first migrates and seeds the new database.
    servers.push(await startServer({ DATABASE_URL: url }));
    servers.push(await startServer({ DATABASE_URL: url }));
    await warmUp(servers.map((s) => s.port));
    const run = await measuredWave(servers, await orderKeyOf(createDb({ databaseUrl: url })));
    const db = createDb({ databaseUrl: url });
    try {
      return await report('PostgreSQL, two server processes on one database', run, db);
    } finally {
      await db.destroy();
    }
  } finally {
    for (const s of servers) await s.stop();
    await drop();
  }
}

console.log(machineContext('load:registration'));
// The servers serve the built landing page the students open.
process.env.DIST_DIR = await ensureBuild();
// LOAD_ONLY=sqlite or LOAD_ONLY=postgres runs one of the two.
const only = process.env.LOAD_ONLY;
let ok = only === 'postgres' ? true : await onSqlite();
const admin = process.env.TEST_DATABASE_URL;
if (only === 'sqlite') console.log('\nPostgreSQL not run (LOAD_ONLY=sqlite).');
else if (admin) ok = (await onPostgres(admin)) && ok;
else
  console.log(
    '\nPostgreSQL SKIPPED: TEST_DATABASE_URL is not set. Run `bash scripts/with-postgres.sh npm run load:registration` for both.',
  );
console.log(`\n${ok ? 'PASS' : 'FAIL'}: load:registration`);
process.exit(ok ? 0 : 1);
