// What /studio/api/* takes (decision 048): JSON bodies only (an HTML form of another site cannot
// post one; an image upload's is an image, decision 049), and a change only from the Studio's own pages: a browser names the page in Origin and
// Sec-Fetch-Site, and a change from another origin, even another host of this site, is refused
// before any route runs. Signed-in changes must also carry the session's CSRF token (requireStaff);
// this rule also covers the sign-in steps, which have no session yet. Refusals are audited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors';
import { IMAGE_TYPES } from '../services/content/image-check';
import { audit } from '../services/staff/audit';

export const STUDIO_API = '/studio/api/';
const STUDIO_IMAGES = '/studio/api/images';

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * Whether an Origin header names this request's own origin: its host, and its scheme (https also
 * when the request reads as http, as behind a proxy that ends TLS).
 */
function ownOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    const url = new URL(origin);
    const schemes = new Set([request.protocol, 'https']);
    return url.host === request.host && schemes.has(url.protocol.replace(/:$/, '') as 'http' | 'https');
  } catch {
    return false;
  }
}

export function registerStudioRequestRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(STUDIO_API) || request.method === 'GET' || request.method === 'HEAD') return;
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    // An image upload's body is the image (decision 049): a form of another site cannot send one.
    const upload = request.method === 'POST' && request.url.split('?')[0] === STUDIO_IMAGES;
    if (upload && !IMAGE_TYPES.some((t) => t === type)) {
      const msg = 'That file cannot be used: only PNG, JPEG, WebP and SVG images are accepted.';
      throw new ApiError(415, msg, { error: 'bad-type', message: msg });
    }
    if (!upload && hasBody(request) && type !== 'application/json')
      throw new ApiError(415, 'The Studio takes JSON bodies only (Content-Type: application/json).');
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const foreign = origin !== undefined && !ownOrigin(request, origin);
    if (foreign || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
      await audit(app.ctx, {
        actor: null,
        action: 'access.refused',
        ip: request.ip,
        details: {
          reason: 'origin',
          method: request.method,
          path: request.url.split('?')[0],
          origin: origin?.slice(0, 200) ?? null,
          sec_fetch_site: site ?? null,
        },
      });
      throw new ApiError(
        403,
        'Changes to the Studio are taken only from its own pages (this request came from another origin).',
      );
    }
  });
}
