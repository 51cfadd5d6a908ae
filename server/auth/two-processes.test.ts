// One budget per secret across server processes (decision 038): two real server processes on one
// database (a SQLite file here; with TEST_DATABASE_URL, scripts/with-postgres.sh, a PostgreSQL
// database of the suite's throwaway cluster) take 300 wrong guesses sent at once, half to each.
// However the guesses interleave in the database, no more are compared than the limit allows.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/fault/server-process';
import { freshPostgresDatabase } from '../../tests/support/server-harness';

// 12 March 2026 in India: student 05's result is out.
const CLOCK = '2026-03-12T11:30:00+05:30';
const GUESSES = 300;
const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-two-processes-'));
const children: ChildProcess[] = [];
let bases: string[] = [];
let dropDatabase = async () => {};

async function startServer(databaseUrl: string | undefined): Promise<string> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SANDBOX_CLOCK: CLOCK,
    DATABASE_URL: databaseUrl,
    // What is tested here is one budget per secret across two processes, not load shedding (its
    // own tests: server/api/overload.test.ts, npm run fault:*): shedding off, so a loaded machine
    // (a lagging event loop, 300 sockets from one address still open) turns no request away.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
  children.push(server.child);
  return server.base;
}

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL;
  const fresh = admin ? await freshPostgresDatabase(admin) : undefined;
  if (fresh) dropDatabase = fresh.drop;
  // One after the other: the first migrates and seeds the database.
  bases = [await startServer(fresh?.url)];
  bases.push(await startServer(fresh?.url));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((resolve) => c.once('exit', resolve))));
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Status of the answer; a 503 also says whose it was (the database's turn, or shedding). */
async function call(i: number, method: string, url: string, body?: object): Promise<string> {
  const response = await fetch(`${bases[i % 2]}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 503) return String(response.status);
  return text.includes(SHED) ? '503 shed' : '503';
}

// Shedding's sentence (server.busy): the processes run with shedding off, so it never comes.
const SHED = 'The server is busy just now';

const tally = (statuses: string[]) =>
  statuses.reduce<Record<string, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

describe('two server processes on one database', () => {
  it(`${GUESSES} wrong dates of birth at once through login and the result page: at most 5 are compared`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => {
        const dob = `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2006`;
        return i % 4 < 2
          ? call(i, 'POST', '/api/login', { roll_number: '250000000005', date_of_birth: dob })
          : call(i, 'POST', '/api/result', { roll_number: '250000000005', dob });
      }),
    );
    const counts = tally(statuses);
    console.log(`two processes, wrong dates of birth: ${JSON.stringify(counts)}`);
    // One address: the (roll, address) pair's 5 bind first; every other guess is refused (429), or
    // waited too long for the database (503: SQLite's turn to write, PostgreSQL's pool); never
    // shed ('503 shed': shedding is off here).
    expect(Object.keys(counts).every((s) => ['401', '429', '503'].includes(s))).toBe(true);
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
  });
  it(`${GUESSES} wrong codes at once for one code: at most 5 are compared`, async () => {
    const mobile = '9833300003';
    // After the storm of dates of birth: nothing is left locked. Two processes on one SQLite file
    // take turns to write; a send that waited too long for its turn (503, Retry-After) is sent
    // again, as a phone would.
    let sent = '503';
    for (const until = Date.now() + 40_000; sent === '503' && Date.now() < until;) {
      sent = await call(0, 'POST', `/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`);
      if (sent === '503') await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(sent).toBe('200');
    let otp = NaN;
    for (let i = 0; i < 10 && Number.isNaN(otp); i++) {
      const messages = (await (
        await fetch(`${bases[0]}/sandbox/messages?mobile=${mobile}`)
      ).json()) as unknown;
      otp = Array.isArray(messages) ? Number((messages[0] as { otp?: string } | undefined)?.otp) : NaN;
      if (Number.isNaN(otp)) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(otp).not.toBeNaN();
    const statuses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        call(
          i,
          'POST',
          `/api/otp/verify?mobile_no=${mobile}&otp=${String((otp + 1 + i) % 10_000).padStart(4, '0')}&exam_type=MOCK-NEET`,
        ),
      ),
    );
    const counts = tally(statuses);
    console.log(`two processes, wrong codes: ${JSON.stringify(counts)}`);
    expect(Object.keys(counts).every((s) => ['400', '429', '503'].includes(s))).toBe(true);
    expect(counts[400] ?? 0).toBeGreaterThan(0);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
  }, 120_000);
});
