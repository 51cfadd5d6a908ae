import { defineConfig, mergeConfig } from 'vite';
import { examflowPages } from './scripts/lib/vite-plugin-pages';
import { clientConfig } from './scripts/lib/vite-client-config';

// `npm run dev`: the client config plus the plugin that renders pages from config on request.
export default defineConfig(
  mergeConfig(clientConfig('dist/client'), {
    plugins: [examflowPages()],
    server: { port: 5173 },
  }),
);
