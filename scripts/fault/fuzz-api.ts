// npm run fault:fuzz — property-based requests to a real server process, built with fast-check
// from the server's own OpenAPI document: for every operation, parameters and bodies that follow
// its schemas, and the same with one part broken (a wrong type, a missing or extra field, a
// malformed or non-JSON body, a strange string). It checks every answer and exits 1 unless:
//   - no answer is a 5xx (503 with Retry-After excepted: shedding is an answer, not a crash);
//   - every answer's status is one the operation documents, with a documented content type, and a
//     JSON answer validates against the documented schema.
// FUZZ_RUNS (default 3000) requests; FUZZ_SEED to repeat a run; DATABASE_URL for PostgreSQL.
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { startServerProcess } from './server-process';

type Schema = Record<string, unknown>;
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  label: string;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 4;
// Values the seed data knows, so a share of requests reach past "not found".
const KNOWN = ['250000000001', '05/01/2008', '9811122334', '1234', 'iacstexam', '11&SOE', 'DEL'];
const STRANGE = [
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '\u0000\u202e\u200b😀 e\u0301',
  '../../etc/passwd',
  '%00%ff',
  'x'.repeat(20_000),
  '९८१११२२३३४',
];

const server = await startServerProcess({
  DATABASE_URL: process.env.DATABASE_URL,
  LOG: 'off',
});
const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as Document;

const resolve = (schema: Schema | undefined): Schema => {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema ?? {};
  return resolve(doc.components.schemas[ref.replace('#/components/schemas/', '')]);
};

// ── requests from schemas ──────────────────────────────────────────────────────────────────────
function valueOf(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.allOf)) return valueOf(schema.allOf[0] as Schema, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const known = KNOWN.filter((value) =>
        typeof schema.pattern === 'string' ? new RegExp(schema.pattern).test(value) : true,
      );
      const fitting =
        typeof schema.pattern === 'string'
          ? fc.stringMatching(new RegExp(schema.pattern))
          : fc.string({ maxLength: Number(schema.maxLength ?? 40) });
      return known.length ? fc.oneof(fitting, fc.constantFrom(...known)) : fitting;
    }
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -10), max: Number(schema.maximum ?? 1000) });
    case 'number':
      return fc.double({
        min: Number(schema.minimum ?? -90),
        max: Number(schema.maximum ?? 90),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueOf(schema.items as Schema, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, valueOf(property, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// One part of a request broken: a value of the wrong kind, or a strange string.
const brokenValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(...STRANGE, null, -1, 1e308),
);

function breakBody(body: unknown): fc.Arbitrary<string> {
  const text = JSON.stringify(body) ?? 'null';
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  return fc.oneof(
    brokenValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(text.slice(0, Math.max(1, text.length - 1)), '{', '', 'not json', `${text}${text}`),
    ...(fields.length
      ? [
          fc
            .tuple(fc.constantFrom(...fields), brokenValue)
            .map(([field, value]) => JSON.stringify({ ...(body as object), [field]: value })),
          fc.constantFrom(...fields).map((field) => {
            const { [field]: _dropped, ...rest } = body as Record<string, unknown>;
            return JSON.stringify(rest);
          }),
        ]
      : []),
    fc.string({ maxLength: 12 }).map((name) => JSON.stringify({ ...(body as object), [name]: 1 })),
  );
}

function requestsOf(method: string, path: string, op: Operation, auth: string): fc.Arbitrary<Request> {
  const parameters = op.parameters ?? [];
  const values = fc.tuple(...parameters.map((parameter) => valueOf(parameter.schema)));
  const broken = fc.tuple(
    fc.boolean(),
    fc.nat({ max: Math.max(0, parameters.length - 1) }),
    brokenValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  );
  const json = op.requestBody?.content?.['application/json']?.schema;
  const body: fc.Arbitrary<string | undefined> = json
    ? valueOf(json).chain((value) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(JSON.stringify(value)) },
          { weight: 2, arbitrary: breakBody(value) },
        ),
      )
    : fc.constant(undefined);
  return fc
    .tuple(values, broken, body, fc.boolean(), fc.integer({ min: 0, max: 9 }))
    .map(([given, [breakParameter, which, badValue], text, withAuth, contentTypeRoll]) => {
      const chosen = given.map((value, index) =>
        breakParameter && index === which ? badValue : String(value),
      );
      let url = path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      parameters.forEach((parameter, index) => {
        const value = chosen[index] ?? '';
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else if (parameter.in === 'query' && (parameter.required || value !== ''))
          query.set(parameter.name, value);
        else if (parameter.in === 'header') headers[parameter.name] = value.replace(/[^\x20-\x7e]/g, '');
      });
      if (op.security && withAuth) headers.authorization = auth;
      if (text !== undefined)
        headers['content-type'] = contentTypeRoll === 0 ? 'text/plain' : 'application/json';
      const search = query.size ? `?${query}` : '';
      return { method, url: `${url}${search}`, headers, body: text, label: `${method} ${path}` };
    });
}

// ── answers against the document ───────────────────────────────────────────────────────────────
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
// OpenAPI 3.0's `nullable` is not JSON Schema: read it as a type that also allows null.
const nullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(nullable);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace(/^#/, 'openapi#') : nullable(value),
    ]),
  ) as Schema;
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
};
ajv.addSchema({ $id: 'openapi', components: nullable(doc.components) as Schema });
const validators = new Map<Schema, ValidateFunction>();
const validatorOf = (schema: Schema) => {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(nullable(schema) as Schema)));
  return validate;
};

function documented(op: Operation, status: number) {
  const responses = op.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────
const login = await fetch(`${server.base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ roll_number: '250000000001', date_of_birth: '05/01/2008' }),
});
const auth = `Bearer ${((await login.json()) as { token: string }).token}`;

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);
const anyRequest = fc.oneof(
  ...operations.map(({ method, path, op }) =>
    requestsOf(method, path, op, auth).map((request) => ({ request, op })),
  ),
);
const samples = fc.sample(anyRequest, { numRuns: RUNS, seed: SEED });

const statuses = new Map<number, number>();
const problems = new Map<string, { count: number; example: string }>();
const problem = (kind: string, example: string) => {
  const seen = problems.get(kind);
  if (seen) seen.count++;
  else problems.set(kind, { count: 1, example });
};
let next = 0;
const started = Date.now();
async function worker() {
  while (next < samples.length) {
    const sample = samples[next++];
    if (!sample) break;
    const { request, op } = sample;
    const shown = `${request.method} ${request.url.slice(0, 120)} ${request.body?.slice(0, 160) ?? ''}`;
    let response: Response;
    try {
      response = await fetch(`${server.base}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
      });
    } catch (error) {
      problem(`${request.label}: no answer`, `${shown} → ${String(error)}`);
      continue;
    }
    const text = await response.text();
    const { status } = response;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500 && !(status === 503 && response.headers.get('retry-after'))) {
      problem(`${request.label}: ${status}`, `${shown} → ${text.slice(0, 200)}`);
    }
    const answer = documented(op, status);
    if (!answer) {
      problem(`${request.label}: ${status} not documented`, `${shown} → ${text.slice(0, 200)}`);
      continue;
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    const content = answer.content ?? {};
    if (!text && Object.keys(content).length === 0) continue;
    const media = content[type];
    if (!media) {
      problem(
        `${request.label}: ${status} as ${type || 'no type'} not documented`,
        `${shown} → ${text.slice(0, 200)}`,
      );
      continue;
    }
    if (type === 'application/json' && media.schema) {
      const validate = validatorOf(media.schema);
      if (!validate(JSON.parse(text))) {
        const error = validate.errors?.[0];
        problem(
          `${request.label}: ${status} outside its schema (${error?.instancePath} ${error?.message})`,
          `${shown} → ${text.slice(0, 200)}`,
        );
      }
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
server.child.kill('SIGTERM');

const seconds = (Date.now() - started) / 1000;
console.log(
  `${samples.length} requests to ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`,
);
console.log(
  `statuses: ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')}`,
);
for (const [kind, { count, example }] of problems) console.log(`✗ ${kind} ×${count}\n    ${example}`);
console.log(problems.size ? `${problems.size} kinds of problem.` : 'No 5xx, every answer as documented.');
process.exit(problems.size ? 1 : 0);
