import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AFTER_PAINT_LOADER } from '../src/engine/after-paint';
import { EARLY_READS_SCRIPT } from '../src/engine/early-reads-script';

/** The inline scripts allowed, by their hashes: the landing pages' loader (decision 033) and the
 * portal's first reads (decision 035). */
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

// No other inline script, no eval, no framing; the sandbox payment form posts to this origin.
const policy = (script: string, frameAncestors: string) =>
  [
    "default-src 'self'",
    script,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

export const contentSecurityPolicy = policy(
  `script-src 'self' ${hashOf(AFTER_PAINT_LOADER)} ${hashOf(EARLY_READS_SCRIPT)}`,
  "'none'",
);

/** examflow Studio's page: no inline script at all (it loads its entry module), framed only by itself. */
export const studioContentSecurityPolicy = policy("script-src 'self'", "'self'");

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // An API answer may be personal (a login, a dashboard, a result): no browser or proxy keeps
    // it, unless its route says otherwise.
    const api = request.url.startsWith('/api/') || request.url.startsWith('/studio/api/');
    if (api && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    // A route may keep more to itself (a preview link: no-referrer).
    if (!reply.hasHeader('referrer-policy'))
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)');
    return payload;
  });
}
