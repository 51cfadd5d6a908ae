// What /api/* takes (decision 038): JSON bodies only (the funnel's beacon also as text/plain), and
// a POST without a session only from this site's own pages: a browser names the page's site in
// Sec-Fetch-Site and Origin, and another site's form or script (a login forged into the student's
// browser, an SMS sent on a stranger's page) is refused. Callers that are not browsers (the payment
// gateway's callback, an API client) send neither header and pass.
import type { FastifyInstance } from 'fastify';
import { configuredHost } from '../../src/engine/hosts';
import { ApiError } from './errors';
import { message } from './messages';

/** The one /api/* route that also takes text/plain: navigator.sendBeacon's funnel batches. */
const BEACON_PATH = '/api/funnel/events';

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

export function registerSameSiteApi(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.method === 'GET' || request.method === 'HEAD') return;
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const path = request.url.split('?')[0];
    if (
      hasBody(request.headers) &&
      type !== 'application/json' &&
      !(path === BEACON_PATH && type === 'text/plain')
    )
      throw new ApiError(415, message('request.notJson'));
    if (request.headers.authorization) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin =
      origin !== undefined && (origin === 'null' || !configuredHost(app.ctx.site.hosts, hostOf(origin)));
    if (site === 'cross-site' || foreignOrigin) throw new ApiError(403, message('request.crossSite'));
  });
}

/** The host (and port) of an Origin header, or undefined when it is not a URL. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
