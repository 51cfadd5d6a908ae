// A fresh app per test file: its own database (in-memory SQLite, or a new PostgreSQL database
// when TEST_DATABASE_URL is set), migrated and seeded, and a clock the test can move.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { ConfigBundle } from '../../src/engine/config-bundle';
import { buildApp } from '../../server/app';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { createDb, type Db } from '../../server/db/database';
import type { RenderPreview } from '../../server/services/content/preview';
import type { RegistrationSignupBody } from '../../src/generated/api/registration-signup';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database's URL (undefined on SQLite). */
  databaseUrl?: string;
  clock: TestClock;
  /** Inject with JSON parsing of the answer. */
  call(options: InjectOptions): Promise<LightMyRequestResponse & { data: Record<string, unknown> }>;
  /** Logs a demo student in; returns the Authorization header. */
  login(rollNumber: string, dob: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function freshPostgresDatabase(
  admin: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `examflow_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const TEST_CONNECTION_WAIT_MS = 30_000;

async function openDatabase(): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { db: createDb({ sqliteFile: ':memory:' }), drop: async () => {} };
  const { url, drop } = await freshPostgresDatabase(admin);
  // A test's burst of a thousand requests queues for the pool's 10 connections: on a busy machine
  // (a second suite beside this one) it would wait past the server's 2 s and answer 503.
  return { db: createDb({ databaseUrl: url, connectionWaitMs: TEST_CONNECTION_WAIT_MS }), url, drop };
}

/**
 * The server's settings for a test: load shedding off (a busy machine's lag would shed a test's
 * requests at random; overload.test.ts turns it on with its own limits).
 */
function testConfig(): ServerConfig {
  const config = configFromEnv({ NODE_ENV: 'test', LOG: 'off' });
  return { ...config, limits: { ...config.limits, maxInFlight: 1_000_000, maxEventLoopDelayMs: 0 } };
}

/** Inject with JSON parsing of the answer. */
function injector(app: FastifyInstance): TestApp['call'] {
  return async (injectOptions) => {
    const response = await app.inject(injectOptions);
    let data: Record<string, unknown> = {};
    try {
      data = response.json();
    } catch {
      // not JSON
    }
    return Object.assign(response, { data });
  };
}

export async function testApp(
  options: {
    start?: Date;
    config?: Partial<ServerConfig>;
    distDir?: string;
    site?: ConfigBundle;
    /** Draws the Studio's previews (scripts/lib/studio-preview.ts plainPreviewRenderer). */
    renderPreview?: RenderPreview;
    /** Seed the demo students even with the sandbox off (a test of sandbox-off paths that logs in). */
    demoStudents?: boolean;
  } = {},
): Promise<TestApp> {
  const clock = testClock(options.start);
  const { db, url, drop } = await openDatabase();
  const config = { ...testConfig(), ...options.config };
  const app = await buildApp({
    db,
    config,
    now: clock.now,
    distDir: options.distDir,
    site: options.site,
    renderPreview: options.renderPreview,
    demoStudents: options.demoStudents,
  });
  const call = injector(app);
  return {
    app,
    db,
    databaseUrl: url,
    clock,
    call,
    async login(rollNumber, dob) {
      const response = await call({
        method: 'POST',
        url: '/api/login',
        payload: { roll_number: rollNumber, date_of_birth: dob },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return { authorization: `Bearer ${String(response.data.token)}` };
    },
    async close() {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * A second server on the same data and clock, as a second process would be: on PostgreSQL with a
 * pool of its own (its requests interleave with the first's in the database); on SQLite on the
 * same connection, as processes on one file take turns.
 */
export async function secondApp(
  t: TestApp,
  config: Partial<ServerConfig> = {},
): Promise<{ app: FastifyInstance; call: TestApp['call']; close: () => Promise<void> }> {
  const db = t.databaseUrl
    ? createDb({ databaseUrl: t.databaseUrl, connectionWaitMs: TEST_CONNECTION_WAIT_MS })
    : t.db;
  const app = await buildApp({
    db,
    config: { ...testConfig(), ...config },
    now: t.clock.now,
  });
  const call = injector(app);
  return {
    app,
    call,
    close: async () => {
      await app.close();
      if (db !== t.db) await db.destroy();
    },
  };
}

/**
 * Puts the app on a free port and answers a fetch-based caller: for tests whose requests must
 * really overlap (inject runs them one after another).
 */
export async function listenForHttp(
  t: TestApp,
): Promise<
  (method: string, path: string, body?: object, headers?: Record<string, string>) => Promise<HttpAnswer>
> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}

/**
 * A free iACST signup as the card sends it (part 2 §3's payload): a Delhi online test on a date the
 * seed opens, for the mobile given; `extra` adds or replaces fields.
 */
export const iacstSignupBody = (
  mobile: string,
  extra: Partial<RegistrationSignupBody> = {},
): RegistrationSignupBody => ({
  student_name: 'Kabir Singh',
  student_email: 'kabir.singh@example.com',
  student_dob: '15/08/2011',
  student_mobile_no: mobile,
  class_stream: '9&SOF',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-02',
  exam_mode: 'Online',
  whatsapp_status: true,
  registration_page: 'iACST',
  ...extra,
});

/**
 * A paid MOCK-NEET signup as the card sends it: an offline test in Delhi on 13 April 2025 (open for
 * a clock in early April 2025), paid by paytm; `extra` adds or replaces fields.
 */
export const mockNeetSignupBody = (
  mobile: string,
  extra: Partial<RegistrationSignupBody> = {},
): RegistrationSignupBody => ({
  student_name: 'Riya Verma',
  father_name: 'Anil Verma',
  student_email: 'riya.verma@example.com',
  student_dob: '05/01/2008',
  student_mobile_no: mobile,
  class_stream: '12&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_mode: 'Offline',
  whatsapp_status: true,
  registration_page: 'MOCK-NEET',
  payment_mode: 'paytm',
  ...extra,
});

/**
 * Verifies `mobile` by the sandbox's OTP, past the resend wait: the X-Registration-Token header a
 * signup needs.
 */
export async function registrationHeaders(
  t: TestApp,
  mobile: string,
  examType: string,
): Promise<Record<string, string>> {
  t.clock.advance(46_000);
  const sent = await t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=${examType}` });
  if (sent.statusCode !== 200) throw new Error(`OTP send failed: ${sent.body}`);
  const sms = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const otp = (sms.json() as { otp: string }[])[0]?.otp;
  const verified = await t.call({
    method: 'POST',
    url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=${examType}`,
  });
  if (verified.statusCode !== 200) throw new Error(`OTP verify failed: ${verified.body}`);
  return { 'x-registration-token': String(verified.data.registration_token) };
}
