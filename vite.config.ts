import { defineConfig, mergeConfig } from 'vite';
import { examflowInspector } from './scripts/lib/vite-plugin-inspector';
import { examflowPages } from './scripts/lib/vite-plugin-pages';
import { clientConfig } from './scripts/lib/vite-client-config';

// `npm run dev`: the client config plus the plugin that renders pages from config on request
// and the machine inspector at /inspector;
// /api and /sandbox go to the API server that scripts/dev.ts starts.
const api = process.env.EXAMFLOW_API_URL ?? 'http://localhost:3001';

export default defineConfig(
  mergeConfig(clientConfig('dist/client'), {
    // The inspector first: /inspector is not a page of the config.
    plugins: [examflowInspector(), examflowPages()],
    // changeOrigin false: the API must see the browser's host (the exam type and dashboard_url
    // depend on it), not the API server's.
    server: {
      port: 5173,
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/sandbox': { target: api, changeOrigin: false },
      },
    },
  }),
);
