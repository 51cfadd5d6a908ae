// The API contract: one JSON Schema per endpoint in schemas/api/, with definitions named body,
// query, params and reply. Fastify validates requests and serialises replies with them, the
// OpenAPI document lists them, and scripts/gen-types.ts turns them into the client's types.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { schemasDir } from '../../src/engine/node/paths';

interface SchemaFile {
  $id: string;
  definitions?: Record<string, unknown>;
}

const apiDir = path.join(schemasDir, 'api');

function loadApiSchemas(): Map<string, SchemaFile> {
  const files = new Map<string, SchemaFile>();
  for (const file of readdirSync(apiDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(path.join(apiDir, file), 'utf8')) as SchemaFile;
    if (schema.$id !== file) throw new Error(`schemas/api/${file}: $id must be "${file}"`);
    files.set(file.replace('.schema.json', ''), schema);
  }
  return files;
}

const schemas = loadApiSchemas();

export function registerApiSchemas(app: FastifyInstance): void {
  for (const schema of schemas.values()) app.addSchema(schema);
}

export interface RouteDoc {
  summary: string;
  tags: string[];
  /** Needs the session token (Authorization: Bearer …). */
  auth?: boolean;
  /** Needs a Studio staff session (the examflow_studio cookie; X-CSRF-Token on a change). */
  staff?: boolean;
  /**
   * What a route for the browser answers instead of JSON: an HTML page (its own "not found" and
   * "time over" pages too, for the person who followed a link), a PDF, or a 303 back to a page.
   */
  answers?: { html?: boolean; pdf?: boolean; redirect?: boolean };
}

/** The Fastify schema of an endpoint, from its file's definitions. */
export function apiSchema(name: string, doc: RouteDoc): FastifySchema {
  const file = schemas.get(name);
  if (!file) throw new Error(`No schemas/api/${name}.schema.json`);
  const defs = file.definitions ?? {};
  const ref = (def: string) => ({ $ref: `${file.$id}#/definitions/${def}` });
  // The Studio's refusals carry a code and their details (a conflict's current version, problems).
  const error = {
    $ref: doc.staff
      ? 'studio-common.schema.json#/definitions/errorReply'
      : 'common.schema.json#/definitions/errorReply',
  };
  const { html, pdf, redirect } = doc.answers ?? {};
  const text = { schema: { type: 'string' } };
  const ok = html
    ? { 200: { description: 'The page', content: { 'text/html': text } } }
    : pdf
      ? { 200: { description: 'The document', content: { 'application/pdf': text } } }
      : 'reply' in defs
        ? { 200: ref('reply') }
        : {};
  return {
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.auth ? { security: [{ bearer: [] }] } : {}),
    ...(doc.staff ? { security: [{ studioSession: [] }] } : {}),
    ...('body' in defs ? { body: ref('body') } : {}),
    ...('query' in defs ? { querystring: ref('query') } : {}),
    ...('params' in defs ? { params: ref('params') } : {}),
    response: {
      ...ok,
      ...(redirect ? { 303: { description: 'Back to the page (Location)', type: 'null' } } : {}),
      '4xx': html
        ? { description: 'An error', content: { 'application/json': { schema: error }, 'text/html': text } }
        : error,
      '5xx': error,
    },
  };
}
