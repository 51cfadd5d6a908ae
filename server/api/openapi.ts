// The API reference, generated from the route schemas: JSON at /api/openapi.json and Swagger UI
// at /api/docs (assets from node_modules, under the site's CSP).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'examflow portal API',
        version: '1.0.0',
        description:
          'Every call of the student portal. Errors answer with a 4xx status and { success: "false", msg }. ' +
          'Authenticated calls send `Authorization: Bearer TOKEN` with the token from POST /api/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        String(json.$id ?? `def-${i}`).replace('.schema.json', ''),
    },
  });
}

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
