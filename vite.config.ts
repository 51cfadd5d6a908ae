import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { defineConfig, mergeConfig } from 'vite';
import { examflowGeneratedCjs } from './scripts/lib/vite-plugin-generated-cjs';
import { examflowInspector } from './scripts/lib/vite-plugin-inspector';
import { examflowPages } from './scripts/lib/vite-plugin-pages';
import { examflowStudio } from './scripts/lib/vite-plugin-studio';
import { clientConfig } from './scripts/lib/vite-client-config';
import { publicDir } from './src/engine/node/paths';

// `npm run dev`: the client config plus the plugin that renders pages from config on request,
// the machine inspector at /inspector and examflow Studio at /studio (`npm run studio` sets
// EXAMFLOW_STUDIO=1: the Studio's dependencies are prepared when the server starts);
// /api, /sandbox, /studio/api and /studio/preview go to the API server that scripts/dev.ts starts.
const api = process.env.EXAMFLOW_API_URL ?? 'http://localhost:3001';

export default defineConfig(
  mergeConfig(clientConfig('dist/client'), {
    // The inspector and the Studio first: /inspector and /studio are not pages of the config.
    plugins: [
      examflowInspector(),
      examflowStudio({ eager: process.env.EXAMFLOW_STUDIO === '1' }),
      examflowPages(),
      examflowGeneratedCjs(),
    ],
    // Found only when a form step opens (the validators' one runtime helper) or the Studio's editor
    // loads (its validator): bundled up front so the dev server does not reload the page halfway
    // through a registration or an edit.
    // The pages are rendered on request (no index.html to crawl): the page script, the inspector and
    // the Studio (marketing previews on this server) are named as entries, so their dependencies are
    // found and bundled as the server starts, not discovered by a page, which Vite then reloads (it
    // once reloaded the inspector under a test).
    optimizeDeps: {
      entries: [
        'src/app/entries/page.ts',
        'src/devtools/inspector/main.ts',
        'src/studio/app/main.tsx',
        'src/studio/app/editor-page.tsx',
      ],
      include: ['ajv/dist/runtime/ucs2length', '@rjsf/validator-ajv8'],
    },
    // changeOrigin false: the API must see the browser's host (the exam type and dashboard_url
    // depend on it), not the API server's.
    server: {
      port: 5173,
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/sandbox': { target: api, changeOrigin: false },
        // examflow Studio's API and preview links (decision 049).
        '/studio/api': { target: api, changeOrigin: false },
        '/studio/preview': { target: api, changeOrigin: false },
        // An image the Studio uploaded is in the database: an /images/ path public/ lacks.
        '/images/': {
          target: api,
          changeOrigin: false,
          bypass: (req: IncomingMessage) => {
            const file = path.join(publicDir, (req.url ?? '').split('?')[0] ?? '');
            return existsSync(file) ? req.url : undefined;
          },
        },
      },
    },
  }),
);
