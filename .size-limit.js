// Budgets, gzip, read from the built site index, so a new route or a new script is measured
// without editing this file:
// - the JavaScript each route loads: 120 KB (the page script is ~3 KB; the registration card on
//   landing pages and the login and recovery forms add their islands, ~90–100 KB);
// - where an island loads more later (the registration card's form steps, when step 2 opens), the
//   whole of it: 200 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.EXAMFLOW_DIST || path.join(import.meta.dirname, 'dist');
const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8'));
const files = (list) => list.map((file) => path.join(dist, 'client', file));

export default index.routes.flatMap((route) => {
  const js = route.js ?? index.pageJs;
  const budgets = [{ name: `JS of ${route.path}`, path: files(js), gzip: true, limit: '120 KB' }];
  if (route.lazyJs)
    budgets.push({
      name: `JS of ${route.path} with what it loads later`,
      path: files([...js, ...route.lazyJs]),
      gzip: true,
      limit: '200 KB',
    });
  return budgets;
});
