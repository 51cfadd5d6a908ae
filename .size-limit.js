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
// - the result page (issue 12 Targets): /iacst-result with the chart it loads on the analysis
//   view, 200 KB; the logged-in app's result view (View Result, decision 011) is measured apart
//   from the dashboard (route.viewJs): the dashboard with the view and its chart, 230 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.EXAMFLOW_DIST || path.join(import.meta.dirname, 'dist');
const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8'));
const files = (list) => list.map((file) => path.join(dist, 'client', file));

export default index.routes.flatMap((route) => {
  const js = route.js ?? index.pageJs;
  const deferred = route.deferredJs ?? [];
  const onlyPageJs = js.every((file) => index.pageJs.includes(file));
  const portal = js.some((file) => file.startsWith('/assets/portal-'));
  const result = js.some((file) => /^\/assets\/result-[\w-]+\.js$/.test(file)) && !portal;
  if (portal && [...js, ...(route.lazyJs ?? [])].some((file) => /chart/i.test(file)))
    throw new Error(`${route.path} loads chart.js: it belongs to the result view only`);
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
      path: files([...js, ...deferred, ...route.lazyJs]),
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
  return budgets;
});
