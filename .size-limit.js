// Budgets: the JavaScript each landing route loads, gzip. Read from the built site index, so a
// new route or a new script is measured without editing this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.EXAMFLOW_DIST || path.join(import.meta.dirname, 'dist');
const index = JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8'));

export default index.routes.map((route) => ({
  name: `JS of ${route.path}`,
  path: (route.js ?? index.pageJs).map((file) => path.join(dist, 'client', file)),
  gzip: true,
  // Landing pages: 100 KB (they load only the page script); the login screen's form island too.
  limit: '100 KB',
}));
