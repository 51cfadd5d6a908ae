// Budgets, gzip, read from the built site index, so a new route or a new script is measured
// without editing this file (issue 9 Targets, decision 006):
// - what a route requests before its load event: 30 KB where its islands are prerendered and load
//   later (the landing pages: the page script, ~3 KB); 120 KB where an island mounts at once (the
//   login and recovery screens add their forms, ~90 KB);
// - with the islands that load after the load event or at the first touch (the registration
//   card, ~100 KB with the page script): 120 KB;
// - the whole of it, with what those islands load only when needed (the registration form steps,
//   when step 2 opens): 165 KB.
// - the logged-in app (issue 10 Targets): 150 KB before interaction, and never chart.js there;
//   with what it loads when needed (the MOCK-JEE blocks, the edit-exam dialog and its @rjsf form,
//   about 50 KB of it rjsf): 220 KB.
// - the course views of the logged-in app (issue 13 Targets, decision 012), lazy routes measured on
//   their own and left out of the dashboard's budget: the checkout view with everything it may load
//   (the course views' chunk, the @rjsf address form and its validator): 200 KB (206 KB with
//   react-router's data router, 190 with its declarative routes, 178 with the build's cut @rjsf
//   registry, decision 005);
//   a course description with math, KaTeX included (it loads only for a course with math), 250 KB.
// - the dashboard's own lazy JS holds the purchase flow's part too (the gateway's return and the
//   retention pop-up, ~6 KB): 220 KB (199 KB measured).
// - the result page (issue 12 Targets): /iacst-result with the chart it loads on the analysis
//   view, 200 KB; the logged-in app's result view (View Result, decision 011) is measured apart
//   from the dashboard (route.viewJs): the dashboard with the view and its chart, 230 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.EXAMFLOW_DIST || path.join(import.meta.dirname, 'dist');
const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8'));
const files = (list) => list.map((file) => path.join(dist, 'client', file));
const manifest = JSON.parse(readFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), 'utf8'));
const COURSE_VIEWS = 'src/app/portal/course-routes.tsx';
const MATH = 'src/features/course/course-math.ts';
// @rjsf's whole registry: loaded only by a schema that needs what the cut registry leaves out, and
// no schema does (decision 005; scripts/build.ts leaves it out of every route's JS the same way).
const RJSF_ON_DEMAND = 'forms-on-demand';

/** A module's chunk and the chunks it imports (with `lazy`, those it may import later), minus `skip`. */
function closure(key, { lazy = true, skip = [] } = {}, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || chunk.name === RJSF_ON_DEMAND || skip.includes(key) || into.has(`/${chunk.file}`))
    return into;
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
  // The funnel's reporter (issue 24) is a page script too: a landing page loads it beside the other.
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
      limit: onlyPageJs ? '30 KB' : portal ? '150 KB' : '120 KB',
    },
  ];
  if (deferred.length)
    budgets.push({
      name: `JS of ${route.path} with its card's script`,
      path: files([...js, ...deferred]),
      gzip: true,
      limit: '120 KB',
    });
  if (route.lazyJs)
    budgets.push({
      name: `JS of ${route.path} with what it loads when needed`,
      path: files([...js, ...deferred, ...route.lazyJs.filter((file) => !portal || !viewOnly.has(file))]),
      gzip: true,
      limit: portal ? '220 KB' : result ? '200 KB' : '165 KB',
    });
  for (const [view, viewJs] of Object.entries(route.viewJs ?? {}))
    budgets.push({
      name: `JS of ${route.path} with its ${view} view`,
      path: files([...js, ...viewJs]),
      gzip: true,
      limit: '230 KB',
    });
  if (portal) {
    budgets.push({
      name: `JS of ${route.path}/checkout/:id (the checkout view) with what it loads when needed`,
      path: files([...new Set([...js, ...checkoutView])]),
      gzip: true,
      limit: '200 KB',
    });
    budgets.push({
      name: `JS of ${route.path}/course/:id for a course with math (KaTeX)`,
      path: files([...new Set([...js, ...mathView])]),
      gzip: true,
      limit: '250 KB',
    });
  }
  return budgets;
});
