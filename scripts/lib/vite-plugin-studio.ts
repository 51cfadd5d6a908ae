// examflow Studio on the dev server (`npm run studio`, and /studio on `npm run dev`): its single-page
// app at /studio and /studio/*. Its API (/studio/api/*) and preview links (/studio/preview/*) are
// the API server's, proxied there (decision 049). Development only (apply: 'serve'): the
// production build never sees this plugin or src/studio (decision 028).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { studioHtml } from '../../server/routes/studio/app';
import { projectRoot } from '../../src/engine/node/paths';
import { DEV_ASSETS } from './vite-plugin-pages';

export const STUDIO_PATH = '/studio';
export const STUDIO_ENTRY = '/src/studio/app/main.tsx';
const STUDIO_EDITOR = '/src/studio/app/editor-page.tsx';

/** Whether a request path is the Studio's (its app or its API): the pages plugin leaves these alone. */
export function isStudioPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`);
}

/** The Studio's page on the dev server: the production server's page (server/routes/studio/app.ts)
 * with the entry's source, which Vite serves with hot reload. */
export const devStudioHtml = (): string => studioHtml({ entry: STUDIO_ENTRY, styles: [], preloads: [] });

export interface StudioPluginOptions {
  /**
   * `npm run studio`: scan the Studio's and the page script's imports when the server starts, so
   * opening the Studio (and its first preview) never waits for, nor reloads after, a late
   * dependency optimisation.
   */
  eager?: boolean;
}

/** The API server's Studio paths: proxied to it (vite.config.ts), never this plugin's. */
const API_PATHS = ['/studio/api/', '/studio/preview/'];

export function examflowStudio(options: StudioPluginOptions = {}): Plugin {
  return {
    name: 'examflow:studio',
    apply: 'serve',
    config() {
      if (!options.eager) return undefined;
      return {
        // Its own prepared dependencies, scanned from its entries. In the cache `npm run dev` shares,
        // a set prepared without the Studio's (@rjsf…) would be rebuilt while the Studio's first
        // screen waits, and a dev server of another checkout sharing node_modules rebuilds it for
        // its own root: the folder is by checkout.
        cacheDir: path.join(
          projectRoot,
          'node_modules/.vite',
          `studio-${createHash('sha256').update(projectRoot).digest('hex').slice(0, 8)}`,
        ),
        optimizeDeps: { entries: [STUDIO_ENTRY.slice(1), DEV_ASSETS.js[0]?.slice(1) ?? ''] },
        // The editor is a dynamic import of the entry: warmed up too, so the first editor opened is not
        // transformed on demand.
        server: { warmup: { clientFiles: [`.${STUDIO_ENTRY}`, `.${STUDIO_EDITOR}`] } },
      };
    },
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = req.url ?? '/';
        if (!isStudioPath(url)) return next();
        // The Studio's API and preview links are the API server's (decision 049): proxied there.
        if (API_PATHS.some((prefix) => url.startsWith(prefix))) return next();
        // The page holds no secret (the session is the API server's cookie, decision 048): it is
        // never framed by another site, never indexed, and sends no referrer.
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.statusCode = 405;
          res.end();
          return;
        }
        void server.transformIndexHtml(STUDIO_PATH, devStudioHtml()).then((html) => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
          res.setHeader('Referrer-Policy', 'no-referrer');
          res.setHeader('X-Robots-Tag', 'noindex');
          res.end(html);
        }, next);
      });
    },
  };
}
