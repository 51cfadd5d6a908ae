// Budgets, gzip, read from the built site index, so a new route or a new script is measured
// without editing this file. Each is the stock build's measured cost with 10 % headroom (decision
// 039 has the figures):
// - what a route requests before its load event: a landing page (the page script only), 6 KB; a
//   screen whose island mounts at once (login, recovery, the result page), 122 KB; the logged-in
//   app, 138 KB;
// - a landing page with its card's script (loaded after the load event or at the first touch):
//   132 KB; with what it loads only when needed (the form steps, when step 2 opens), 243 KB;
// - the logged-in app with what it loads when needed (the MOCK-JEE blocks, the edit-exam dialog and
//   its @rjsf form): 275 KB; the course views, measured on their own: the checkout view with what
//   it may load, 261 KB; a course description with math (KaTeX), 239 KB;
// - the result: /iacst-result with the chart of its analysis view, 184 KB; the logged-in app with
//   its result view (View Result, decision 011), 218 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.EXAMFLOW_DIST || path.join(import.meta.dirname, 'dist');
const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8'));
const files = (list) => list.map((file) => path.join(dist, 'client', file));
const manifest = JSON.parse(readFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), 'utf8'));
const COURSE_VIEWS = 'src/app/portal/course-routes.tsx';
const MATH = 'src/features/course/course-math.ts';

/** A module's chunk and the chunks it imports (with `lazy`, those it may import later), minus `skip`. */
function closure(key, { lazy = true, skip = [] } = {}, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || skip.includes(key) || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) closure(imported, { lazy, skip }, into);
  if (lazy) for (const imported of chunk.dynamicImports ?? []) closure(imported, { lazy, skip }, into);
  return into;
}
const PORTAL = 'src/app/islands/portal.tsx';
const portalOwn = closure(PORTAL, { skip: [COURSE_VIEWS, MATH] });
// The portal's own chunk is in the route's `js` already; its lazy blocks are not the view's.
const PAGE = 'src/app/entries/page.ts';
const checkoutView = closure(COURSE_VIEWS, { skip: [MATH, PORTAL, PAGE] });
const mathView = new Set([...closure(COURSE_VIEWS, { lazy: false, skip: [PORTAL, PAGE] }), ...closure(MATH)]);
/** Chunks only the course views load: not the dashboard's own. */
const viewOnly = new Set([...checkoutView, ...mathView].filter((file) => !portalOwn.has(file)));

export default index.routes.flatMap((route) => {
  const js = route.js ?? index.pageJs;
  const deferred = route.deferredJs ?? [];
  // The funnel's reporter is a page script too: a landing page loads it beside the other.
  const onlyPageJs = js.every((file) => index.pageJs.includes(file) || index.funnelJs?.includes(file));
  const portal = js.some((file) => file.startsWith('/assets/portal-'));
  const result = js.some((file) => /^\/assets\/result-[\w-]+\.js$/.test(file)) && !portal;
  if (portal && [...js, ...(route.lazyJs ?? [])].some((file) => /chart/i.test(file)))
    throw new Error(`${route.path} loads chart.js: it belongs to the result view only`);
  // The dashboard's FAQ shows config HTML that validation checked (decision 027): no DOMPurify.
  if (portal && [...js, ...(route.lazyJs ?? [])].some((file) => file.startsWith('/assets/sanitizer-')))
    throw new Error(`${route.path} loads DOMPurify (the sanitizer chunk): only the result view needs it`);
  const budgets = [
    {
      name: `JS of ${route.path} before the load event`,
      path: files(js),
      gzip: true,
      limit: onlyPageJs ? '6 KB' : portal ? '138 KB' : '122 KB',
    },
  ];
  if (deferred.length)
    budgets.push({
      name: `JS of ${route.path} with its card's script`,
      path: files([...js, ...deferred]),
      gzip: true,
      limit: '132 KB',
    });
  if (route.lazyJs)
    budgets.push({
      name: `JS of ${route.path} with what it loads when needed`,
      path: files([...js, ...deferred, ...route.lazyJs.filter((file) => !portal || !viewOnly.has(file))]),
      gzip: true,
      limit: portal ? '275 KB' : result ? '184 KB' : '243 KB',
    });
  for (const [view, viewJs] of Object.entries(route.viewJs ?? {}))
    budgets.push({
      name: `JS of ${route.path} with its ${view} view`,
      path: files([...js, ...viewJs]),
      gzip: true,
      limit: '218 KB',
    });
  if (portal) {
    budgets.push({
      name: `JS of ${route.path}/checkout/:id (the checkout view) with what it loads when needed`,
      path: files([...new Set([...js, ...checkoutView])]),
      gzip: true,
      limit: '261 KB',
    });
    budgets.push({
      name: `JS of ${route.path}/course/:id for a course with math (KaTeX)`,
      path: files([...new Set([...js, ...mathView])]),
      gzip: true,
      limit: '239 KB',
    });
  }
  return budgets;
});
