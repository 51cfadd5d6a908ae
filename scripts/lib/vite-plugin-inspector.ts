// `npm run dev` serves the machine inspector at /inspector. Development only: the
// production build never sees this plugin or src/devtools/inspector.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';
import { inspectorHtml } from '../../src/devtools/inspector/page-html';

export const INSPECTOR_PATH = '/inspector';

export function examflowInspector(): Plugin {
  return {
    name: 'examflow:inspector',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = (req.url ?? '/').split('?')[0];
        if (url !== INSPECTOR_PATH && url !== `${INSPECTOR_PATH}/`) return next();
        void server
          .transformIndexHtml(INSPECTOR_PATH, inspectorHtml({ src: '/src/devtools/inspector/main.ts' }))
          .then((html) => {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(html);
          }, next);
      });
    },
  };
}
