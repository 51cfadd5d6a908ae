// `npm run dev` as the browser tests start it: a copy of the config, the API server beside Vite
// (which proxies /api and /sandbox to it, as scripts/dev.ts does), on free ports.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { connectDevContent } from '../../scripts/lib/dev-content';
import { startTestServer, type TestServer } from '../../scripts/lib/serve';
import { devPreviewRenderer } from '../../scripts/lib/studio-preview';
import { CONFIG_RELOAD_EVENT } from '../../scripts/lib/vite-plugin-pages';
import { projectRoot } from '../../src/engine/node/paths';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';
import { e2eNow, launchBrowser } from './browser';

export interface DevServer {
  base: string;
  /** The API server beside Vite (its database holds the published config). */
  api: TestServer;
  /** The config copy the dev server (its pages plugin and the Studio) reads. */
  copy: ConfigCopy;
  close(): Promise<void>;
}

export async function startDevServer(): Promise<DevServer> {
  const copy = copyConfig();
  process.env.EXAMFLOW_CONFIG_DIR = copy.dir; // read by the pages plugin and the Studio when they start
  // The Studio's previews are drawn by Vite's renderer, as scripts/lib/dev-server.ts has it.
  const started: { vite?: ViteDevServer } = {};
  const api = await startTestServer({ now: e2eNow, renderPreview: devPreviewRenderer(() => started.vite) });
  process.env.EXAMFLOW_API_URL = api.base;
  // The Studio reads the funnel from the API server's database.
  process.env.DATA_DIR = api.dataDir;
  const server = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'silent',
    server: { port: 0, host: 'localhost' },
  });
  started.vite = server;
  // As npm run dev: the pages are the API server's published config (decision 049).
  const content = await connectDevContent(api.app, server, CONFIG_RELOAD_EVENT);
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('dev server has no port');
  const base = `http://localhost:${address.port}`;
  // No test drives a page before the dependency crawl has ended: a dependency found later makes
  // Vite reload the page under the test.
  await server.environments.client.depsOptimizer?.scanProcessing;
  await (await fetch(`${base}/iacstexam`)).text();
  return {
    base,
    api,
    copy,
    async close() {
      content.disconnect();
      await server.close();
      await api.close();
      delete process.env.EXAMFLOW_CONFIG_DIR;
      delete process.env.EXAMFLOW_API_URL;
      delete process.env.DATA_DIR;
      copy.remove();
    },
  };
}

/** The dev server and a browser, for every test of a file. */
export interface DevSession {
  base: string;
  /** The API server beside Vite: its app's context makes staff accounts, its clock the TOTP codes. */
  api: TestServer;
  copy: ConfigCopy;
  browser: Browser;
}

/**
 * Starts `npm run dev` and a browser before the calling file's tests and closes both after them;
 * the fields are there once the tests run.
 */
export function devServerForFile(): DevSession {
  const session = {} as DevSession;
  let dev: DevServer | undefined;
  beforeAll(async () => {
    dev = await startDevServer();
    Object.assign(session, { base: dev.base, api: dev.api, copy: dev.copy, browser: await launchBrowser() });
  }, 120_000);
  afterAll(async () => {
    await session.browser?.close();
    await dev?.close();
  });
  return session;
}
