// Serves the built site: static assets (precompressed, long-cached when hashed) and the
// prerendered pages, picked by host profile and path, after the token rules.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteIndex } from '../src/engine/site-index';
import { resolveProfile } from '../src/engine/hosts';
import { chooseVariant } from '../src/engine/experiments';
import { decidePage } from '../src/engine/page-request';

interface StaticFile {
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

/** Reads a folder into memory: the built site is small, and memory answers fastest. */
function loadFiles(dir: string): Map<string, StaticFile> {
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

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.header('Content-Type', file.type).header('Vary', 'Accept-Encoding');
  if (file.br && /\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(file.br);
  if (file.gz && /\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(file.gz);
  return reply.send(file.body);
}

/** A malformed %-escape is simply not a file (never a 500). */
function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function registerSite(app: FastifyInstance, distDir: string): void {
  const index = JSON.parse(readFileSync(path.join(distDir, 'site-index.json'), 'utf8')) as SiteIndex;
  const assets = loadFiles(path.join(distDir, 'client'));
  const pages = loadFiles(path.join(distDir, 'pages'));
  const routeFiles = new Map(index.routes.map((route) => [route.path, route.files]));
  const page = (files: Record<string, string>, profileId: string): StaticFile => {
    const file = pages.get(`/${files[profileId] ?? files[index.hosts.defaultProfile] ?? ''}`);
    if (!file) throw new Error(`Built site is incomplete: no page for profile ${profileId}`);
    return file;
  };

  // The pages and their assets: not an API operation (hidden from the OpenAPI document).
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
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
        random: Math.random,
        secure: request.protocol === 'https',
      });
      files = routeFiles.get(choice.routePath) ?? files;
      if (choice.setCookie) reply.header('Set-Cookie', choice.setCookie);
    }
    reply.code(decision.status);
    return send(request, reply, page(files, profile.id)).header('Vary', 'Accept-Encoding, Cookie, Host');
  });
}
