// Serves the built site: static assets (precompressed, long-cached when hashed) and the
// prerendered pages, picked by host profile and path, after the token rules.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConfigBundle } from '../src/engine/config-bundle';
import { configHash } from '../src/engine/node/config-hash';
import type { SiteIndex } from '../src/engine/site-index';
import { resolveProfile } from '../src/engine/hosts';
import { chooseVariant } from '../src/engine/experiments';
import { decidePage } from '../src/engine/page-request';
import { imageByName } from './services/content/images';
import { authenticateStaff, STUDIO_COOKIE } from './auth/staff-sessions';
import { ExposureLog } from './services/experiments/exposures';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/** The public pages rendered from one config: the site's index and each page file's HTML. */
export interface RenderedPages {
  index: SiteIndex;
  pages: Map<string, string>;
}

/** Renders the public pages of a config (the build's renderer, given by npm start; decision 049). */
export type RenderPages = (bundle: ConfigBundle) => Promise<RenderedPages>;

interface ServedSite {
  index: SiteIndex;
  pages: Map<string, StaticFile>;
  /** Route path → its page files (the variants of a split path are looked up by it). */
  routeFiles: Map<string, Record<string, string>>;
}

const siteOf = (index: SiteIndex, pages: Map<string, StaticFile>): ServedSite => ({
  index,
  pages,
  routeFiles: new Map(index.routes.map((route) => [route.path, route.files])),
});

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Pages rendered at run time, compressed off the event loop (zlib's thread pool) quickly enough to
 * be live within a second or so: brotli quality 5 (about 130 ms for the whole site, where the
 * build's quality 11 takes seconds). `polish` then compresses them as the build does, in the
 * background, and puts each in place as it is done.
 */
async function served({ index, pages }: RenderedPages): Promise<ServedSite> {
  const files = new Map<string, StaticFile>();
  await Promise.all(
    [...pages].map(async ([file, html]) => {
      const body = Buffer.from(html);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gz(body, { level: 6 }),
      ]);
      files.set(`/${file}`, { body, br, gz: gzipped, type: contentTypes['.html'] ?? 'text/html' });
    }),
  );
  return siteOf(index, files);
}

/** The build's compression of a served site's pages, one page at a time (a page is never without one). */
async function polish(site: ServedSite): Promise<void> {
  for (const [name, file] of site.pages) {
    const [br, gzipped] = await Promise.all([
      brotli(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz(file.body, { level: 9 }),
    ]);
    site.pages.set(name, { ...file, br, gz: gzipped });
  }
}

/** Reads a folder into memory: the built site is small, and memory answers fastest. */
export function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = `/${path.relative(dir, full).split(path.sep).join('/')}`;
    if (rel.startsWith('/.vite/')) continue;
    const optional = (suffix: string): Buffer | undefined => {
      try {
        return readFileSync(full + suffix);
      } catch {
        return undefined;
      }
    };
    files.set(rel, {
      body: readFileSync(full),
      br: optional('.br'),
      gz: optional('.gz'),
      type: contentTypes[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
    });
  }
  return files;
}

export function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.header('Content-Type', file.type).header('Vary', 'Accept-Encoding');
  if (file.br && /\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(file.br);
  if (file.gz && /\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(file.gz);
  return reply.send(file.body);
}

/** An image the Studio uploaded (decision 049), when the build has no file of that name: one lookup. */
async function sendUploadedImage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<FastifyReply | undefined> {
  const name = /^\/images\/([a-z0-9][a-z0-9.-]*)$/.exec(pathname)?.[1];
  if (!name) return undefined;
  // The site serves published uploads; a signed-in staff member also a draft's (its preview).
  const token = request.cookies[STUDIO_COOKIE];
  const staff = token ? await authenticateStaff(app.ctx, token) : null;
  const uploaded = await imageByName(app.ctx.db, name, { drafts: staff !== null });
  if (!uploaded) return undefined;
  // What a staff member sees may be a draft's: never kept by a shared cache.
  if (staff) reply.header('Cache-Control', 'private, no-store');
  // Long-cached only while one upload has this name: an image uploaded again under it changes.
  else reply.header('Cache-Control', uploaded.unique ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.header('ETag', `"${uploaded.sha256}"`);
  if (request.headers['if-none-match'] === `"${uploaded.sha256}"`) return reply.code(304).send();
  return send(request, reply, { body: uploaded.bytes, type: uploaded.type });
}

/**
 * Without a built site (`npm run dev`'s API server), the uploaded images alone: the dev server
 * proxies an /images/ path its public folder lacks to here, so a preview shows an upload.
 */
export function registerUploadedImages(app: FastifyInstance): void {
  app.get('/images/*', { schema: { hide: true } }, async (request, reply) => {
    const sent = await sendUploadedImage(app, request, reply, request.url.split('?')[0] ?? '');
    return sent ?? reply.code(404).send({ success: 'false', msg: 'There is no such image.' });
  });
}

/** A malformed %-escape is simply not a file (never a 500). */
export function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Serves the built assets and the public pages. With a renderer and live content, the pages are
 * those of the published config: the build's when it was built from the same documents, otherwise
 * rendered at start; and rendered again on every publish, swapped in whole (decision 049).
 */
export async function registerSite(
  app: FastifyInstance,
  distDir: string,
  render?: RenderPages,
): Promise<void> {
  const assets = loadFiles(path.join(distDir, 'client'));
  let site = siteOf(
    JSON.parse(readFileSync(path.join(distDir, 'site-index.json'), 'utf8')) as SiteIndex,
    loadFiles(path.join(distDir, 'pages')),
  );
  const content = app.ctx.content;
  if (render && content) {
    const built = (
      JSON.parse(readFileSync(path.join(distDir, 'build-info.json'), 'utf8')) as { configHash?: string }
    ).configHash;
    const polished = (next: ServedSite) =>
      void polish(next).catch((error: unknown) => app.log.error({ err: error }, 'page compression failed'));
    if (built !== configHash(content.texts)) {
      site = await served(await render(app.ctx.site));
      polished(site);
    }
    content.add(async (bundle) => {
      const next = await served(await render(bundle));
      return () => {
        site = next;
        polished(next);
      };
    });
  }

  const exposures = new ExposureLog(app.ctx.db, (error: unknown) =>
    app.log.error({ err: error }, 'experiment exposures not recorded'),
  );
  app.addHook('onClose', () => exposures.flush());

  // The pages and their assets: not an API operation (hidden from the OpenAPI document).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // One site for the whole request, whatever a publish swaps in meanwhile.
    const { index, pages, routeFiles } = site;
    const page = (files: Record<string, string>, profileId: string): StaticFile => {
      const file = pages.get(`/${files[profileId] ?? files[index.hosts.defaultProfile] ?? ''}`);
      if (!file) throw new Error(`Built site is incomplete: no page for profile ${profileId}`);
      return file;
    };
    const url = new URL(request.url, 'http://site.invalid');
    const asset = assets.get(safeDecode(url.pathname));
    if (asset) {
      const immutable = url.pathname.startsWith('/assets/');
      reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      return send(request, reply, asset);
    }
    const uploaded = await sendUploadedImage(app, request, reply, url.pathname);
    if (uploaded) return uploaded;
    const profile = resolveProfile(index.hosts, request.headers.host);
    const decision = decidePage(index.routes, url, request.headers.cookie);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie, Host');
    if (decision.kind === 'redirect') return reply.redirect(decision.location, 302);
    let files = decision.kind === 'page' ? decision.route.files : index.notFound;
    // A path split between variants: the visitor's variant's prerendered page.
    const experiment =
      decision.kind === 'page'
        ? index.experiments?.find(
            (e) => e.path === decision.route.path && !e.skipProfiles.includes(profile.id),
          )
        : undefined;
    if (experiment) {
      const choice = chooseVariant(experiment, {
        cookieHeader: request.headers.cookie,
        userAgent: request.headers['user-agent'],
        newVisitorId: randomUUID,
        secure: request.protocol === 'https',
      });
      files = routeFiles.get(choice.routePath) ?? files;
      if (choice.setCookies.length > 0) reply.header('Set-Cookie', choice.setCookies);
      // Only a split decides an exposure: a visit to a variant's own path is that variant's alone.
      if (choice.exposure)
        exposures.record({
          experiment: experiment.id,
          arm: choice.exposure.variantKey,
          visitor: choice.exposure.visitor,
          atMs: app.ctx.now().getTime(),
        });
    }
    reply.code(decision.status);
    return send(request, reply, page(files, profile.id)).header('Vary', 'Accept-Encoding, Cookie, Host');
  });
}
