// The API reference, generated from the route schemas: JSON at /api/openapi.json and Swagger UI
// at /api/docs (assets from node_modules, under the site's CSP).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * An operation's id from its method and path (POST /api/login → postApiLogin,
 * GET /api/orders/:order_id → getApiOrdersByOrderId): unique by construction.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Every documented operation gets its id (registered before the routes, so it sees them all).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; operationId?: string } | undefined;
    if (!schema || schema.hide || schema.operationId) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    route.schema = {
      ...route.schema,
      operationId: operationIdOf(String(method), route.url),
    } as typeof route.schema;
  });
  await app.register(swagger, {
    openapi: {
      servers: [{ url: '/', description: 'this server' }],
      info: {
        title: 'examflow portal API',
        version: '1.0.0',
        description:
          'Every call of the student portal. Errors answer with a 4xx status and { success: "false", msg }. ' +
          'Authenticated calls send `Authorization: Bearer TOKEN` with the token from POST /api/login. ' +
          'The Studio (/studio/api/*) signs staff in with a password and a second factor into a cookie, ' +
          "and takes a change only with the session's X-CSRF-Token.",
        contact: { name: 'examflow developers' },
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // examflow Studio (/studio/api/*, decision 048): the staff session's cookie, and on every
          // change the session's CSRF token in X-CSRF-Token.
          studioSession: { type: 'apiKey', in: 'cookie', name: 'examflow_studio' },
        },
      },
    },
    // Each schema file is bundled under its $id ("dashboard.schema.json"), which no definition key
    // can equal: under a bare "dashboard", dashboard's own `dashboard` definition clashed with it
    // and was dropped. selfContained() then gives the names their short form.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    // Only the OpenAPI form is registered (the `openapi` option above).
    transformObject: (documents) =>
      'openapiObject' in documents
        ? withTags(selfContained(documents.openapiObject))
        : documents.swaggerObject,
  });
}

/** The document's tag list: every tag its operations use, named once. */
function withTags<Doc extends { paths?: object; tags?: { name: string }[] }>(doc: Doc): Doc {
  const names = new Set<string>();
  for (const operations of Object.values(doc.paths ?? {}) as Record<string, { tags?: string[] }>[])
    for (const operation of Object.values(operations)) for (const tag of operation.tags ?? []) names.add(tag);
  doc.tags = [...names].sort().map((name) => ({ name }));
  return doc;
}

const LOCAL = '#/components/schemas/';

/**
 * The served document whole: every $ref points into its own components, so a
 * standard validator and generator take it. @fastify/swagger bundles the schema files there (each
 * definition hoisted as "<$id>-<key>") but leaves the query and path parameters pointing at the
 * files ("common.schema.json#/components/schemas/mobile"). Here those point at the bundled
 * definitions, the names drop ".schema.json" ("common-mobile"), and the files' own entries (only
 * a title and description once their definitions are hoisted) go unless something refers to them.
 * Empty `required` lists go too. A $ref that still leads nowhere throws: the test suite fetches the document.
 */
export function selfContained<Doc extends { components?: { schemas?: object } }>(doc: Doc): Doc {
  const schemas: Record<string, unknown> = { ...doc.components?.schemas };
  const used = new Set<string>();
  const target = (ref: string): string => {
    const external = /^([^#/]+\.schema\.json)#\/components\/schemas\/([^/]+)$/.exec(ref);
    const name = external
      ? `${external[1]}-${external[2]}`
      : ref.startsWith(LOCAL)
        ? ref.slice(LOCAL.length)
        : '';
    if (!Object.hasOwn(schemas, name)) throw new Error(`OpenAPI document: $ref "${ref}" leads nowhere`);
    used.add(name);
    return LOCAL + shortName(name);
  };
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) rewrite(item);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const [key, value] of Object.entries(record))
        if (key === '$ref' && typeof value === 'string') record.$ref = target(value);
        // JSON Schema allows an empty list of required properties, OpenAPI 3.0 does not.
        else if (key === 'required' && Array.isArray(value) && value.length === 0) delete record.required;
        else if (!DATA_KEYWORDS.has(key)) rewrite(value);
    }
  };
  rewrite(doc);
  const bundled: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (name.endsWith('.schema.json') && !used.has(name)) continue;
    const short = shortName(name);
    if (Object.hasOwn(bundled, short)) throw new Error(`OpenAPI document: two schemas named "${short}"`);
    bundled[short] = schema;
  }
  if (doc.components) Object.assign(doc.components, { schemas: bundled });
  return doc;
}

const shortName = (name: string) => name.replace('.schema.json', '');
/** Keywords whose values are data, not schemas: nothing in them is rewritten. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

// Swagger UI's method badges and a few labels fail WCAG AA contrast: darker shades of its colours.
const DOCS_CSS = `
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d5fa8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#146c43}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#9a4f00}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b42318}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f766e}
.swagger-ui .info .title small pre{background:#4b5563}
.swagger-ui .info .title small.version-stamp pre{background:#3f6212}
.swagger-ui .info a.url, .swagger-ui .info .url{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#146c43;border-color:#146c43}
.swagger-ui .btn.authorize span{color:#146c43}
.swagger-ui .btn.authorize svg{fill:#146c43}
.swagger-ui .wrapper.information-container{padding-top:1rem}
`;

/** Request examples a developer can send as they are from "Try it out" (demo data of the seed). */
const REQUEST_EXAMPLES: Record<string, unknown> = {
  'post /api/login': { roll_number: '250000000001', date_of_birth: '05/01/2008' },
  'post /api/recover/otp': { login_id: '9000000001' },
  'post /api/coupon/validate': { exam_type: 'iACST', coupon_code: 'WELCOME10', class_stream: '11&SOM' },
};

interface OperationDoc {
  requestBody?: { content?: Record<string, { example?: unknown; schema?: unknown }> };
}

/** The reference's document: examples added to the request bodies that have one. */
export function withExamples(doc: { paths?: Record<string, Record<string, OperationDoc>> }) {
  for (const [url, methods] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(methods)) {
      const example = REQUEST_EXAMPLES[`${method} ${url}`];
      const json = op.requestBody?.content?.['application/json'];
      if (example !== undefined && json) json.example = example;
    }
  return doc;
}

/**
 * The API reference (decision 010): Swagger UI from @fastify/swagger-ui, its assets served from
 * node_modules (no CDN) under the site's own CSP (external scripts only, no eval). "Try it out"
 * sends real requests, so it is offered only where the sandbox runs (development).
 */
export async function registerDocsRoutes(app: FastifyInstance, options: { sandbox: boolean }): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    transformSpecification: (doc) => withExamples(doc as Parameters<typeof withExamples>[0]),
    uiConfig: {
      // The bare layout: no top bar (its URL box and logo have no labels), and no deep links, whose
      // anchors sit inside each operation's button (axe: nested-interactive).
      layout: 'BaseLayout',
      deepLinking: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      // No request leaves for a host this network cannot reach: no validator badge.
      validatorUrl: null,
      supportedSubmitMethods: options.sandbox ? ['get', 'post', 'put', 'patch', 'delete'] : [],
    },
    theme: { title: 'examflow API reference', css: [{ filename: 'examflow.css', content: DOCS_CSS }] },
  });
}
