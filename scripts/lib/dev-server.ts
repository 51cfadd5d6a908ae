// The API server (with the sandbox) and Vite's dev server with hot reload, as `npm run dev` and
// `npm run studio` start them: Vite renders pages from config and proxies /api, /sandbox and the
// Studio's /studio/api and /studio/preview to the API server.
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { buildApp } from '../../server/app';
import { connectDevContent } from './dev-content';
import { exitGracefullyOnSignals } from './shutdown';
import { CONFIG_RELOAD_EVENT } from './vite-plugin-pages';
import { devPreviewRenderer } from './studio-preview';
import { projectRoot } from '../../src/engine/node/paths';

export interface DevServer {
  vite: ViteDevServer;
  apiPort: number;
  /** The dev server's own URL, without a trailing slash. */
  local: string | undefined;
  close(): Promise<void>;
}

export async function startDevServer(): Promise<DevServer> {
  // The Studio's previews are drawn by Vite's renderer and HTML transform (decision 049).
  const started: { vite?: ViteDevServer } = {};
  const api = await buildApp({ renderPreview: devPreviewRenderer(() => started.vite) });
  await api.listen({ port: Number(process.env.API_PORT ?? 3001), host: 'localhost' });
  const address = api.server.address();
  // API_PORT=0 takes a free port: the proxy is told the one it got.
  const apiPort =
    typeof address === 'object' && address ? address.port : Number(process.env.API_PORT ?? 3001);
  process.env.EXAMFLOW_API_URL = `http://localhost:${apiPort}`;

  // The config is bundled (the current default); Vite's notice about a future native loader is noise.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

  const vite = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    // DEV_PORT: another port than 5173 (a second server beside one already running, a benchmark).
    ...(process.env.DEV_PORT ? { server: { port: Number(process.env.DEV_PORT), strictPort: true } } : {}),
  });
  started.vite = vite;
  // The config is the API server's published versions; files edited in config/ since they came in
  // are published first, and a publish reloads the open pages (decision 049).
  const content = await connectDevContent(api, vite, CONFIG_RELOAD_EVENT);
  if (content.published.length > 0) console.log(`  config/ files published: ${content.published.join(', ')}`);
  if (content.problems > 0) console.log('  config/ has problems: the pages show them.');
  await vite.listen();
  const local = vite.resolvedUrls?.local[0]?.replace(/\/$/, '');
  const close = async () => void (await Promise.all([vite.close(), api.close()]));
  exitGracefullyOnSignals([api], { quiet: true, alsoClose: () => vite.close() });
  return { vite, apiPort, local, close };
}

/** The line that names the Studio's URL (scripts/studio.ts and scripts/dev.ts print it). */
export function studioUrlLine(local: string): string {
  return `  ➜  Studio: ${local}/studio/`;
}
