// The Studio's preview renderer for the server (buildApp's `renderPreview`, decision 049): the
// site's own renderer (src/app/render-site.tsx renderRoute), which the server must not import. In
// production a page loads the client build's assets (its manifest); on the dev server Vite loads
// the renderer and applies its HTML transform, kept per page shell (transformByShell).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest, ViteDevServer } from 'vite';
import type { PageAssets } from '../../src/app/document';
import type * as RenderSite from '../../src/app/render-site';
import { renderRoute } from '../../src/app/render-site';
import type { RenderPreview } from '../../server/services/content/preview';
import { assetsFromManifest } from './site-pages';
import { DEV_ASSETS } from './vite-plugin-pages';

/** The renderer of the client build in `distDir` (its manifest read once). */
export function previewRenderer(distDir: string): RenderPreview {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'client/.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  // A preview reports nothing to the funnel (no funnelJs).
  const { css, js, preload } = assetsFromManifest(manifest);
  return async ({ bundle, route, profile, scripts, marks }) =>
    renderRoute(
      bundle,
      route,
      profile,
      scripts ? { css, js, preload } : withoutScripts({ css, js, preload }),
      { studioMarks: marks === true },
    );
}

/** A page's assets with its styles only: a read-only page (a preview link's). */
const withoutScripts = (assets: PageAssets): PageAssets => ({ css: assets.css, js: [], preload: [] });

/** A renderer without a build (server tests): the page names the dev page script it would load. */
export const plainPreviewRenderer: RenderPreview = async ({ bundle, route, profile, scripts, marks }) =>
  renderRoute(bundle, route, profile, scripts ? DEV_ASSETS : withoutScripts(DEV_ASSETS), {
    studioMarks: marks === true,
  });

/** What a dev preview page loads: the page script, and the styles at once so it is never unstyled. */
const PREVIEW_ASSETS = { ...DEV_ASSETS, css: ['/src/ui/styles.css', '/src/ui/screens.css'] };

/**
 * The dev server's renderer: the renderer module as Vite loads it (edits to it apply at once) and
 * Vite's HTML transform. `vite` is asked for when a preview is drawn: the API server starts first.
 */
export function devPreviewRenderer(vite: () => ViteDevServer | undefined): RenderPreview {
  let transform: ((url: string, html: string) => Promise<string>) | undefined;
  return async ({ bundle, route, profile, scripts, marks }) => {
    const server = vite();
    if (!server) throw new Error('the dev server is still starting');
    transform ??= transformByShell((url, html) => server.transformIndexHtml(url, html));
    const render = (await server.ssrLoadModule('/src/app/render-site.tsx')) as typeof RenderSite;
    const assets = scripts ? PREVIEW_ASSETS : withoutScripts(PREVIEW_ASSETS);
    return transform(
      route.path,
      render.renderRoute(bundle, route, profile, assets, { studioMarks: marks === true }),
    );
  };
}

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
