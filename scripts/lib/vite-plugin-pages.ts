// Dev server: renders each page from config on request (same code as the prerenderer) and
// reports config mistakes in Vite's error overlay; fixing the file clears it without a restart.
// Under `npm run dev` the config is the API server's published versions (decision 049): a file
// edited in config/ is published when it validates, and a publish in the Studio shows here too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type * as RenderSite from '../../src/app/render-site';
import { chooseVariant } from '../../src/engine/experiments';
import { buildRoutes } from '../../src/engine/routes';
import { resolveProfile } from '../../src/engine/hosts';
import { decidePage } from '../../src/engine/page-request';
import { configDir } from '../../src/engine/node/paths';
import { formatProblem, validateConfig, type ValidationResult } from '../../src/engine/node/validate-config';
import { devContent } from './dev-content';

/** What a page loads on the dev server: its one script, which brings its styles (the Studio's preview too). */
export const DEV_ASSETS = { css: [], js: ['/src/app/entries/page.ts'], preload: [] };
/** A page of the dev server reports its funnel too (the Studio's preview, DEV_ASSETS, does not). */
const DEV_PAGE_ASSETS = { ...DEV_ASSETS, funnelJs: ['/src/app/entries/funnel.ts'] };

/**
 * A fixed config reloads the pages the dev server rendered, by an event of their own rather than a
 * full reload of every tab: examflow Studio's tab (which publishes those very files) keeps its state.
 */
export const CONFIG_RELOAD_EVENT = 'examflow:config-reload';
const RELOAD_ON_CONFIG = `<script type="module">import { createHotContext } from '/@vite/client'; createHotContext('/@examflow/config').on('${CONFIG_RELOAD_EVENT}', () => location.reload());</script>`;

function overlayPayload(result: ValidationResult) {
  return {
    type: 'error' as const,
    err: {
      message: `Invalid config:\n${result.problems.map(formatProblem).join('\n')}`,
      stack: '',
      plugin: 'examflow:config',
    },
  };
}

function errorPage(result: ValidationResult): string {
  const payload = JSON.stringify(overlayPayload(result).err).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invalid config</title>
<script type="module">import { ErrorOverlay } from '/@vite/client'; document.body.appendChild(new ErrorOverlay(${payload}));</script>
${RELOAD_ON_CONFIG}
</head><body><h1>Invalid config</h1><pre>${result.problems.map(formatProblem).join('\n').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body></html>`;
}

function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  // /studio is the Studio's app (scripts/lib/vite-plugin-studio.ts), never a page of the config.
  if (/^\/(@|src\/|node_modules\/|assets\/|images\/|api\/|sandbox\/|studio(\/|\?|$))/.test(url)) return false;
  if (/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '')) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

export function examflowPages(): Plugin {
  let result: ValidationResult | undefined;
  const dir = configDir();
  const current = (): ValidationResult => (result ??= validateConfig(dir));

  return {
    name: 'examflow:pages',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.watcher.add(dir);
      const onChange = (file: string): void => {
        // Only the config's JSON files: not an editor's temp file before its rename.
        if (!path.resolve(file).startsWith(dir) || !file.endsWith('.json')) return;
        result = undefined;
        void changed().catch((error: unknown) => server.config.logger.error(String(error)));
      };
      const changed = async (): Promise<void> => {
        const dev = devContent();
        const next = dev ? (result = (await dev.adoptFiles()).validation) : current();
        if (next.problems.length > 0) {
          for (const problem of next.problems) server.config.logger.error(formatProblem(problem));
          server.ws.send(overlayPayload(next));
        } else {
          server.config.logger.info('config OK, reloading', { timestamp: true });
          // Under npm run dev the publish itself reloads the pages (scripts/lib/dev-server.ts).
          if (!dev) server.ws.send(CONFIG_RELOAD_EVENT, {});
        }
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);

      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!isPageRequest(req)) return next();
        void (async () => {
          const validation = current();
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          if (!validation.bundle) {
            res.statusCode = 500;
            res.end(errorPage(validation));
            return;
          }
          const bundle = devContent()?.site() ?? validation.bundle;
          const url = new URL(req.url ?? '/', 'http://dev.invalid');
          const routes = buildRoutes(bundle);
          const decision = decidePage(routes, url, req.headers.cookie);
          if (decision.kind === 'redirect') {
            res.statusCode = 302;
            res.setHeader('Location', decision.location);
            res.end();
            return;
          }
          const render = (await server.ssrLoadModule('/src/app/render-site.tsx')) as typeof RenderSite;
          const profile = resolveProfile(bundle.hosts, req.headers.host);
          let route = decision.kind === 'page' ? decision.route : undefined;
          // A path split between variants (site.json experiments): the visitor's variant, by the hash
          // of its id and kept by its cookie as `npm start` does (no exposures recorded in dev) (src/engine/experiments.ts).
          const experiment = render
            .siteExperiments(bundle)
            .find((e) => e.path === route?.path && !e.skipProfiles.includes(profile.id));
          if (experiment) {
            const choice = chooseVariant(experiment, {
              cookieHeader: req.headers.cookie,
              userAgent: req.headers['user-agent'],
              newVisitorId: randomUUID,
            });
            route = routes.find((r) => r.path === choice.routePath) ?? route;
            if (choice.setCookies.length > 0) res.setHeader('Set-Cookie', choice.setCookies);
          }
          const html = render.renderRoute(bundle, route, profile, DEV_PAGE_ASSETS);
          res.statusCode = decision.status;
          res.end(
            await server.transformIndexHtml(
              req.url ?? '/',
              html.replace('</head>', `${RELOAD_ON_CONFIG}</head>`),
            ),
          );
        })().catch((error: unknown) => {
          server.ssrFixStacktrace(error as Error);
          res.statusCode = 500;
          res.end(String((error as Error).stack ?? error));
        });
      });
    },
  };
}
