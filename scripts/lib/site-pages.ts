// The public pages of one config, rendered as the build renders them: every route for every host
// profile, with each route's scripts from the client build's manifest. The build writes them to
// dist/pages; the running server renders them again when a config version is published
// (decision 049), from the same client build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import type { PageAssets } from '../../src/app/document';
import { renderSite, renderSiteInSteps } from '../../src/app/render-site';
import type { ConfigBundle } from '../../src/engine/config-bundle';
import type { SiteIndex } from '../../src/engine/site-index';
import type { RenderedPages, RenderPages } from '../../server/site';
import { FUNNEL_ENTRY, PAGE_ENTRY } from './vite-client-config';

export function assetsFromManifest(manifest: Manifest): PageAssets {
  /** An entry's file and the chunks it imports (preloaded), as site paths. */
  const entryFiles = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is missing from the Vite manifest`);
    const preload = new Set<string>();
    const visit = (from: string): void => {
      for (const imported of manifest[from]?.imports ?? []) {
        const file = manifest[imported]?.file;
        if (file && !preload.has(`/${file}`)) {
          preload.add(`/${file}`);
          visit(imported);
        }
      }
    };
    visit(key);
    return { entry, js: [`/${entry.file}`], preload: [...preload] };
  };
  const page = entryFiles(PAGE_ENTRY);
  // The funnel's reporter imports nothing of its own; what it would, the page script loads first.
  const funnel = entryFiles(FUNNEL_ENTRY);
  return {
    css: (page.entry.css ?? []).map((f) => `/${f}`),
    js: page.js,
    preload: page.preload,
    funnelJs: [...funnel.js, ...funnel.preload.filter((file) => !page.preload.includes(file))],
  };
}

/** A programme's precompiled form validators (src/generated/forms/<form>.<programme>.cjs). */
const PROGRAMME_CHUNK = /^src\/generated\/forms\/[a-z-]+\.([a-z0-9-]+)\.cjs$/;

/**
 * Views of the logged-in app that are pages of their own for the budgets (decision 011): the result
 * view and its chart are measured as the result's, never as the dashboard's lazy JavaScript.
 */
const OWN_BUDGET_VIEWS: Record<string, string> = { 'src/app/portal/result-route.tsx': 'result' };

/**
 * The chunk of a module and every chunk it imports (and, with `lazy`, may import later), as site
 * paths. Of the per-programme validator chunks only those of `programmes` are loaded by a page.
 * A lazy import of one of OWN_BUDGET_VIEWS is not followed; it is noted in `views`.
 */
function chunkClosure(
  manifest: Manifest,
  key: string,
  into: Set<string>,
  lazy = false,
  programmes: ReadonlySet<string> = new Set(),
  views?: Set<string>,
): void {
  const chunk = manifest[key];
  const programme = PROGRAMME_CHUNK.exec(key)?.[1];
  if (!chunk || into.has(`/${chunk.file}`) || (programme && !programmes.has(programme))) return;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, into, lazy, programmes, views);
  if (lazy)
    for (const imported of chunk.dynamicImports ?? []) {
      if (views && OWN_BUDGET_VIEWS[imported]) views.add(imported);
      else chunkClosure(manifest, imported, into, lazy, programmes, views);
    }
}

/** The programme ids in a page's island props (`"programme":{"id":…`), as rendered (HTML-escaped). */
function programmesOf(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/&quot;programme&quot;:\{&quot;id&quot;:&quot;([a-z0-9-]+)&quot;/g)].map(
      (m) => m[1] ?? '',
    ),
  );
}

/** An island's element in a prerendered page, and its name. */
const ISLAND_TAG = /<[^>]*\bdata-island="([a-z0-9-]+)"[^>]*>/g;
/** Whether that element's island loads after the load event or at the first touch. */
const isDeferred = (tag: string) => tag.includes('data-island-load="deferred"');

/**
 * Each route's JavaScript: the page script plus the chunks of the islands on its pages (island x
 * is src/app/islands/x.tsx), split by when they are requested. Islands that mount at once are in
 * `js` (before the load event); islands marked data-island-load="deferred" in `deferredJs`; what
 * either may load later (e.g. the registration form steps), the route's lazy JavaScript. A page of
 * the funnel (its <html> names its variant) loads the funnel's reporter too, before its load event.
 */
function addIslandScripts(index: SiteIndex, pages: Map<string, string>, manifest: Manifest): void {
  for (const route of index.routes) {
    const js = new Set(index.pageJs);
    const deferred = new Set<string>();
    const whole = new Set(index.pageJs);
    const views = new Set<string>();
    for (const file of new Set(Object.values(route.files))) {
      const html = pages.get(file) ?? '';
      if (html.includes(' data-funnel-variant='))
        for (const funnelFile of index.funnelJs ?? []) {
          js.add(funnelFile);
          whole.add(funnelFile);
        }
      for (const [tag, name] of html.matchAll(ISLAND_TAG)) {
        const key = `src/app/islands/${name}.tsx`;
        chunkClosure(manifest, key, isDeferred(tag) ? deferred : js);
        chunkClosure(manifest, key, whole, true, programmesOf(html), views);
      }
    }
    for (const view of views) {
      // What the page has already loaded stops the walk (the page script's own lazy islands too).
      const opened = new Set<string>(js);
      chunkClosure(manifest, view, opened, true);
      route.viewJs = {
        ...route.viewJs,
        [OWN_BUDGET_VIEWS[view] ?? view]: [...opened].filter((f) => !js.has(f)),
      };
    }
    route.js = [...js];
    const deferredJs = [...deferred].filter((file) => !js.has(file));
    if (deferredJs.length) route.deferredJs = deferredJs;
    const lazyJs = [...whole].filter((file) => !js.has(file) && !deferred.has(file));
    if (lazyJs.length) route.lazyJs = lazyJs;
  }
}

/**
 * A page whose island mounts at once (the dashboard, login, recovery, result) names the island's
 * chunks in its head as modulepreload links, so they download beside the page script instead of
 * after it has run and asked for them (one round trip less before the dashboard's first
 * screen). Vite's preload helper then finds the links and adds none of its own. Deferred islands
 * (the registration card) are left out: their pages' first load carries only the page script.
 */
function preloadImmediateIslands(pages: Map<string, string>, manifest: Manifest): void {
  for (const [file, html] of pages) {
    const chunks = new Set<string>();
    for (const [tag, name] of html.matchAll(ISLAND_TAG))
      if (!isDeferred(tag)) chunkClosure(manifest, `src/app/islands/${name}.tsx`, chunks);
    const links = [...chunks]
      .filter((href) => !html.includes(`src="${href}"`) && !html.includes(`href="${href}"`))
      .map((href) => `<link rel="modulepreload" href="${href}"/>`)
      .join('');
    if (links) pages.set(file, html.replace('</head>', `${links}</head>`));
  }
}

/** Every page of `bundle`, with the scripts the client build (`manifest`) gives each route. */
export function renderPages(bundle: ConfigBundle, manifest: Manifest): RenderedPages {
  return withScripts(renderSite(bundle, assetsFromManifest(manifest)), manifest);
}

/** Each route's island scripts and preloads, from the client build's manifest. */
function withScripts(site: RenderedPages, manifest: Manifest): RenderedPages {
  addIslandScripts(site.index, site.pages, manifest);
  preloadImmediateIslands(site.pages, manifest);
  return site;
}

/**
 * The renderer of the client build in `distDir`, for the server (its manifest is read once). It
 * renders a page at a time and lets the event loop answer requests between pages: a publish never
 * holds students' requests for the whole site's rendering.
 */
export function pageRenderer(distDir: string): RenderPages {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'client/.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  return async (bundle) => {
    const steps = renderSiteInSteps(bundle, assetsFromManifest(manifest));
    for (;;) {
      const step = steps.next();
      if (step.done) return withScripts(step.value, manifest);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
}
