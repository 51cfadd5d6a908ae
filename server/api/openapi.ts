// The API reference, generated from the route schemas: JSON at /api/openapi.json and a plain,
// script-free page at /api/docs (so the CSP stays strict).
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'examflow portal API',
        version: '1.0.0',
        description:
          'Every call of the student portal. Errors answer with a 4xx status and { success: "false", msg }. ' +
          'Authenticated calls send Authorization: Bearer <token> from POST /api/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        String(json.$id ?? `def-${i}`).replace('.schema.json', ''),
    },
  });
}

export function registerDocsRoutes(app: FastifyInstance): void {
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(docsPage(app)),
  );
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function docsPage(app: FastifyInstance): string {
  const doc = app.swagger() as {
    paths?: Record<
      string,
      Record<
        string,
        {
          summary?: string;
          tags?: string[];
          security?: unknown[];
          parameters?: unknown[];
          requestBody?: unknown;
          responses?: unknown;
        }
      >
    >;
    components?: { schemas?: Record<string, unknown> };
  };
  const sections = Object.entries(doc.paths ?? {}).flatMap(([url, methods]) =>
    Object.entries(methods).map(
      ([method, op]) => `<section><h2><code>${method.toUpperCase()} ${escape(url)}</code></h2>
<p>${escape(op.summary ?? '')}${op.security ? ' <strong>(needs the session token)</strong>' : ''}</p>
${op.parameters ? `<h3>Parameters</h3><pre>${escape(JSON.stringify(op.parameters, null, 2))}</pre>` : ''}
${op.requestBody ? `<h3>Request body</h3><pre>${escape(JSON.stringify(op.requestBody, null, 2))}</pre>` : ''}
<h3>Responses</h3><pre>${escape(JSON.stringify(op.responses, null, 2))}</pre></section>`,
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>examflow API reference</title><link rel="icon" href="/favicon.svg"></head>
<body><main><h1>examflow API reference</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3).</p>
${sections.join('\n')}
<h2>Schemas</h2><pre>${escape(JSON.stringify(doc.components?.schemas ?? {}, null, 2))}</pre></main></body></html>`;
}
