// Bad input never crashes anything and never stores anything. Every route of the OpenAPI document
// gets malformed JSON, wrong types, missing and extra fields, oversized bodies, very long strings,
// SQL-like and script strings and unusual Unicode — with a valid session where the route needs one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../tests/support/server-harness';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  security?: unknown[];
}

let t: TestApp;
let auth: { authorization: string };
let operations: { method: string; path: string; op: Operation }[] = [];

const badStrings = [
  "' OR '1'='1' --",
  '1; DROP TABLE students; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000\u202e\u200b😀 ́ e\u0301',
  '../../../../etc/passwd',
  '%00%ff',
  'x'.repeat(100_000),
];
const badValues: unknown[] = [...badStrings, -1, 1e308, true, null, [], {}, ['a'], { $gt: '' }];

// Tables that record failed attempts by design (the Studio's audit log writes every refusal).
const countersOfFailures = new Set(['throttles', 'staff_audit']);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (countersOfFailures.has(name)) continue;
    const row = await t.db
      .selectFrom(name as 'students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[name] = Number(row.n);
  }
  return counts;
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));

beforeAll(async () => {
  t = await testApp();
  auth = await t.login('250000000001', '05/01/2008');
  const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).data as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(async () => t.close());

describe('bad input on every route', () => {
  it('the document lists the routes', () => expect(operations.length).toBeGreaterThan(5));

  it('never answers 5xx and never stores a record', async () => {
    const before = await rowCounts();
    const failures: string[] = [];
    const send = async (label: string, options: Parameters<TestApp['call']>[0]) => {
      const response = await t.call(options);
      if (response.statusCode >= 500)
        failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      if (
        response.statusCode < 500 &&
        response.headers['content-type']?.toString().includes('json') &&
        response.statusCode >= 400
      ) {
        if (typeof response.data.msg !== 'string' || !response.data.msg)
          failures.push(`${label} → ${response.statusCode} without a msg`);
      }
    };
    for (const { method, path, op } of operations) {
      const headers = op.security ? { ...auth } : {};
      const url = fill(path, 'x');
      const label = `${method} ${path}`;
      const properties = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (method !== 'GET' && method !== 'HEAD') {
        await send(`${label} malformed JSON`, {
          method: method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"a": [1, ',
        });
        for (const body of [[], 'text', 42, {}]) {
          await send(`${label} body ${JSON.stringify(body)}`, {
            method: method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        }
        await send(`${label} oversized`, {
          method: method as 'POST',
          url,
          headers,
          payload: { blob: 'x'.repeat(200_000) },
        });
        for (const value of badValues) {
          const body = Object.fromEntries(properties.map((p) => [p, value]));
          await send(`${label} all fields ${JSON.stringify(value).slice(0, 30)}`, {
            method: method as 'POST',
            url,
            headers,
            payload: { ...body, unexpected_field: value },
          });
        }
      }
      for (const value of badStrings) {
        const query = new URLSearchParams(Object.fromEntries(queryNames.map((n) => [n, value]))).toString();
        await send(`${label} query/path ${value.slice(0, 20)}`, {
          method: method as 'GET',
          url: `${fill(path, value.slice(0, 2000))}${query ? `?${query}` : ''}`,
          headers,
        });
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });
});

// The logged-in dashboard's routes: bad input answers 400 with a message that names what is
// wrong, and changes nothing (no order, no attempt, no edit, no session ended).
describe('bad input on the dashboard routes, answered by name', () => {
  const launch = { exam_short_code: 'IACST-SOM', external_schedule_id: 'M-2026-03-11' };
  // A session of its own: the sweep above logs out (POST /api/logout) with the shared one.
  let auth: { authorization: string };
  beforeAll(async () => {
    auth = await t.login('250000000001', '05/01/2008');
  });
  const cases: Array<[string, 'GET' | 'POST', string, unknown, RegExp]> = [
    [
      'old launch payload',
      'POST',
      '/api/test-launch',
      { ...launch, tenant_id: 'x', event_type: 'exam' },
      /unknown property "(tenant_id|event_type)"/,
    ],
    [
      'no schedule id',
      'POST',
      '/api/test-launch',
      { exam_short_code: 'IACST-SOM' },
      /missing required property "external_schedule_id"/,
    ],
    [
      'SQL in the code',
      'POST',
      '/api/test-launch',
      { ...launch, exam_short_code: "x' OR 1=1" },
      /^Invalid exam_short_code: .*test short code/,
    ],
    [
      'number as schedule id',
      'POST',
      '/api/test-launch',
      { ...launch, external_schedule_id: 7 },
      /^Invalid external_schedule_id: must be string/,
    ],
    [
      'empty schedule id',
      'POST',
      '/api/test-launch',
      { ...launch, external_schedule_id: '' },
      /^Invalid external_schedule_id/,
    ],
    ['not JSON', 'POST', '/api/test-launch', '{"exam_short_code": ', /not valid JSON/],
    ['edit without fields', 'POST', '/api/exam-info', { exam_mode: 'Online' }, /missing required property/],
    [
      'edit in an unknown mode',
      'POST',
      '/api/exam-info',
      {
        state_id: '',
        exam_date: '2026-03-12',
        exam_mode: 'Hybrid',
        exam_center: '',
        class_and_stream: '11&SOM',
      },
      /^Invalid exam_mode/,
    ],
    [
      'pack paid by script',
      'GET',
      '/api/mock-payment?payment_type=exam&payment_mode=%3Cx%3E',
      undefined,
      /^Invalid payment_mode/,
    ],
    ['pack without its type', 'GET', '/api/mock-payment', undefined, /payment_type/],
  ];
  it.each(cases)('%s: 400 with a clear message', async (_name, method, url, payload, msg) => {
    const before = await rowCounts();
    const response = await t.call({
      method,
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload:
        payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.success).toBe('false');
    expect(String(response.data.msg)).toMatch(msg);
    expect(await rowCounts()).toEqual(before);
    expect((await t.call({ method: 'GET', url: '/api/session', headers: auth })).statusCode).toBe(200);
  });

  it('the test player refuses a field that is not a question, by name, and records nothing', async () => {
    const before = await rowCounts();
    const response = await t.call({
      method: 'POST',
      url: '/sandbox/test/not-an-id',
      payload: 'q-phy-1=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(String(response.data.msg)).toMatch(/^Invalid attemptId/);
    expect(await rowCounts()).toEqual(before);
  });
});
