// Bad input never crashes anything and never stores anything. Every route of the OpenAPI document
// gets malformed JSON, wrong types, missing and extra fields, oversized bodies, very long strings,
// SQL-like and script strings and unusual Unicode — with a valid session where the route needs one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './test/harness';

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

// Tables that record failed attempts by design.
const countersOfFailures = new Set(['throttles']);

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
