// examflow Studio's page and assets on the production server (DESIGN.md decision 8): its own build
// (dist/studio, scripts/lib/vite-studio-config.ts) at /studio and /studio/* (the app's routes), and
// STUDIO_HOST, which keeps /studio (page, assets and API) to one host name. The page is written from
// the build's manifest; it holds no secret and no inline script: who may use the Studio is the
// session's business (decision 048), asked by the page itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { say } from '../../api/messages';
import { studioContentSecurityPolicy } from '../../security-headers';
import { loadFiles, safeDecode, send } from '../../site';

export const STUDIO_PATH = '/studio';
/** The Studio's entry in the build's manifest (scripts/lib/vite-studio-config.ts). */
const STUDIO_MANIFEST_ENTRY = 'src/studio/app/main.tsx';

/** Whether a path is the Studio's: its page, its app's routes, its assets or its API. */
export const isStudioPath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`);
};

/** What the page loads: its entry module, its styles and the modules the entry imports at once. */
export interface StudioPageAssets {
  entry: string;
  styles: string[];
  preloads: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The Studio's page, on the production server and the dev server alike. */
export function studioHtml({ entry, styles, preloads }: StudioPageAssets): string {
  const links = [
    ...styles.map((href) => `    <link rel="stylesheet" href="${escapeAttribute(href)}" />`),
    ...preloads.map((href) => `    <link rel="modulepreload" href="${escapeAttribute(href)}" />`),
  ];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>examflow Studio</title>
${links.join('\n')}${links.length ? '\n' : ''}    <script type="module" src="${escapeAttribute(entry)}"></script>
  </head>
  <body>
    <div id="studio-root"></div>
  </body>
</html>
`;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The page's assets from the Studio build's manifest (every static import preloaded, once). */
export function studioAssetsOf(
  manifest: Record<string, ManifestChunk>,
  base = `${STUDIO_PATH}/`,
): StudioPageAssets {
  const entry = manifest[STUDIO_MANIFEST_ENTRY];
  if (!entry) throw new Error(`The Studio build's manifest has no ${STUDIO_MANIFEST_ENTRY}`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk, root: boolean) => {
    for (const css of chunk.css ?? []) styles.add(base + css);
    if (!root) preloads.add(base + chunk.file);
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next && !preloads.has(base + next.file)) visit(next, false);
    }
  };
  visit(entry, true);
  return { entry: base + entry.file, styles: [...styles], preloads: [...preloads] };
}

/** The headers of every Studio page and asset: never indexed, never a referrer, framed only by itself. */
function studioHeaders(reply: FastifyReply): void {
  reply.header('X-Robots-Tag', 'noindex');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Content-Security-Policy', studioContentSecurityPolicy);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
}

/**
 * STUDIO_HOST: on any other host name, /studio and everything under it (its API included) answers
 * 404, before any other rule runs (so nothing is audited or throttled there).
 */
export function registerStudioHost(app: FastifyInstance): void {
  const host = app.ctx.config.studio.host;
  if (!host) return;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isStudioPath(request.url) || request.hostname.toLowerCase() === host) return;
    return reply.code(404).send({ success: 'false', msg: say(request, 'request.noSuchCall') });
  });
}

/**
 * The Studio's page at /studio and /studio/* (its app's routes), and its built assets: hashed ones
 * (/studio/assets/*) cached for a year, the page never kept. Nothing when the build has no Studio.
 */
export function registerStudioApp(app: FastifyInstance, distDir: string): void {
  const dir = path.join(distDir, 'studio');
  const manifestFile = path.join(dir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    app.log.warn(`No Studio build in ${dir}: /studio is not served (run npm run build).`);
    return;
  }
  const html = studioHtml(
    studioAssetsOf(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>),
  );
  const assets = loadFiles(dir);
  const page = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  // Route-level onSend runs after the site-wide one (security-headers.ts): the Studio's headers win.
  const options = {
    schema: { hide: true },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      studioHeaders(reply);
      return payload;
    },
  };
  app.get(STUDIO_PATH, options, page);
  app.get(`${STUDIO_PATH}/*`, options, (request, reply) => {
    const pathname = safeDecode(new URL(request.url, 'http://studio.invalid').pathname);
    const asset = assets.get(pathname.slice(STUDIO_PATH.length));
    if (asset) {
      reply.header(
        'Cache-Control',
        pathname.startsWith(`${STUDIO_PATH}/assets/`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
      return send(request, reply, asset);
    }
    // A missing asset is a 404, never the page (a stale tab asking for an old chunk must fail clearly).
    if (pathname.startsWith(`${STUDIO_PATH}/assets/`))
      return reply.code(404).send({ success: 'false', msg: say(request, 'request.noSuchCall') });
    return page(request, reply);
  });
}
