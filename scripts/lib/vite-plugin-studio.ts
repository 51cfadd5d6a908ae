// examflow Studio on the dev server (`npm run studio`, and /studio on `npm run dev`): its file API at
// /studio/api/* and its single-page app at /studio and /studio/*. Development only (apply: 'serve'):
// the production build never sees this plugin or src/studio (decision 028).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type * as RenderSite from '../../src/app/render-site';
import { configDir, projectRoot, publicDir } from '../../src/engine/node/paths';
import {
  createStudioApi,
  isStudioHost,
  limitsFromEnv,
  newStudioToken,
  STUDIO_API_BASE,
} from '../../src/studio/node/file-api';
import { studioFunnel } from './studio-funnel';
import { DEV_ASSETS } from './vite-plugin-pages';

export const STUDIO_PATH = '/studio';
export const STUDIO_ENTRY = '/src/studio/app/main.tsx';
const STUDIO_EDITOR = '/src/studio/app/editor-page.tsx';

/** Whether a request path is the Studio's (its app or its API): the pages plugin leaves these alone. */
export function isStudioPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function studioHtml(token: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="studio-token" content="${escapeAttribute(token)}" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>examflow Studio</title>
  </head>
  <body>
    <div id="studio-root"></div>
    <script type="module" src="${STUDIO_ENTRY}"></script>
  </body>
</html>
`;
}

/** What a preview page loads: the page script, and the styles at once so the preview is never unstyled. */
const PREVIEW_ASSETS = {
  ...DEV_ASSETS,
  css: ['/src/ui/styles.css', '/src/ui/screens.css'],
};

const BODY_MARK = '<!--examflow:preview-body-->';

/**
 * Vite's HTML transform of the preview's pages, done on a page's shell (all but its body's
 * content) and kept while the shell stays the same: a keystroke changes the body, and what Vite
 * adds (its client, in the head) does not depend on it; the preview's frame runs no script anyway.
 * A page without a body, or a shell whose mark Vite would drop, is transformed whole.
 */
export function transformByShell(
  transform: (url: string, html: string) => Promise<string>,
  keep = 16,
): (url: string, html: string) => Promise<string> {
  const shells = new Map<string, Promise<string>>();
  return async (url, html) => {
    const open = /<body\b[^>]*>/i.exec(html);
    const close = html.lastIndexOf('</body>');
    if (!open || close < open.index + open[0].length || html.includes(BODY_MARK)) return transform(url, html);
    const start = open.index + open[0].length;
    const key = `${url}\n${html.slice(0, start)}${BODY_MARK}${html.slice(close)}`;
    let shell = shells.get(key);
    if (!shell) {
      shell = transform(url, key.slice(url.length + 1));
      shells.set(key, shell);
      shell.catch(() => shells.delete(key));
      for (const old of shells.keys()) if (shells.size > keep) shells.delete(old);
    }
    const done = await shell;
    const at = done.indexOf(BODY_MARK);
    if (at < 0 || done.indexOf(BODY_MARK, at + 1) >= 0) return transform(url, html);
    return done.slice(0, at) + html.slice(start, close) + done.slice(at + BODY_MARK.length);
  };
}

export interface StudioPluginOptions {
  /** The per-start token; a fresh one by default. */
  token?: string;
  /**
   * `npm run studio`: scan the Studio's and the page script's imports when the server starts, so
   * opening the Studio (and its first preview) never waits for, nor reloads after, a late
   * dependency optimisation.
   */
  eager?: boolean;
}

export function examflowStudio(options: StudioPluginOptions = {}): Plugin {
  const token = options.token ?? newStudioToken();
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
      const funnel = studioFunnel();
      server.httpServer?.once('close', () => void funnel.close());
      const api = createStudioApi({
        funnel,
        configDir: configDir(),
        imagesDir: path.join(publicDir, 'images'),
        token,
        limits: limitsFromEnv(),
        loadRenderer: async () =>
          (await server.ssrLoadModule('/src/app/render-site.tsx')) as typeof RenderSite,
        previewAssets: PREVIEW_ASSETS,
        transformHtml: transformByShell((url, html) => server.transformIndexHtml(url, html)),
      });
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = req.url ?? '/';
        if (!isStudioPath(url)) return next();
        if (url.startsWith(`${STUDIO_API_BASE}/`) || url.split('?')[0] === STUDIO_API_BASE) {
          void api(req, res);
          return;
        }
        // The page holds the token: only for this machine's names, and never framed by another site.
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !isStudioHost(req.headers.host)) {
          res.statusCode = req.method === 'GET' || req.method === 'HEAD' ? 403 : 405;
          res.end();
          return;
        }
        void server.transformIndexHtml(STUDIO_PATH, studioHtml(token)).then((html) => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
          res.setHeader('Referrer-Policy', 'no-referrer');
          res.end(html);
        }, next);
      });
    },
  };
}
