// Starting the portal in-process, shared by npm start, the browser tests and the benchmarks: the
// build made current when the sources changed, a server on its own throwaway data folder on a free
// port, and the sandbox clock.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { RenderPreview } from '../../server/services/content/preview';
import { configFromEnv } from '../../server/config';
import { configDir } from '../../src/engine/node/paths';
import { build, distDir } from '../build';
import { buildInputsHash } from './build-inputs';
import { pageRenderer } from './site-pages';
import { previewRenderer } from './studio-preview';

/** Whether dist/ was built from the sources and config as they are now. */
export function isBuildCurrent(dist = distDir()): boolean {
  const info = path.join(dist, 'build-info.json');
  if (!existsSync(info)) return false;
  const { inputs } = JSON.parse(readFileSync(info, 'utf8')) as { inputs?: string };
  return inputs === buildInputsHash(configDir());
}

/** Builds when the sources or config changed since the last build; says so when it does. */
export async function ensureBuild(): Promise<string> {
  const dist = distDir();
  if (!isBuildCurrent(dist)) {
    console.log('Building the portal (sources or config changed)…');
    await build({ quiet: true });
  }
  return dist;
}

/**
 * A clock that starts at `value` (a date-time) and runs on, to demo or test a programme whose
 * configured dates are past (MOCK-NEET's April 2025). Sandbox only.
 */
export function sandboxClock(value: string | undefined, sandbox: boolean): (() => Date) | undefined {
  if (!value) return undefined;
  if (!sandbox) throw new Error('SANDBOX_CLOCK works only with the sandbox on (not in production).');
  const start = Date.parse(value);
  if (Number.isNaN(start))
    throw new Error(`SANDBOX_CLOCK "${value}" is not a date-time, e.g. 2025-04-01T10:00:00+05:30`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

export interface TestServer {
  app: FastifyInstance;
  port: number;
  base: string;
  /** Its data folder (the SQLite file): what a Studio beside it reads the funnel from. */
  dataDir: string;
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

/** The real server (sandbox on, no request log) on a throwaway data folder and a free port. */
export async function startTestServer(
  options: {
    distDir?: string;
    now?: () => Date;
    /** The Studio's preview renderer (the dev server's: devPreviewRenderer); else dist's, if any. */
    renderPreview?: RenderPreview;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-data-'));
  const app = await buildApp({
    distDir: options.distDir,
    renderPages: options.distDir ? pageRenderer(options.distDir) : undefined,
    renderPreview: options.renderPreview ?? (options.distDir ? previewRenderer(options.distDir) : undefined),
    // Every browser test is this machine: one address, far more OTPs an hour than a real one sends.
    // No load shedding: the browser tests check flows, and a lagging event loop on a loaded 2-core
    // machine (a test beside them publishing under load) shed a landing page once, mid-test;
    // shedding has its own tests (server/api/overload.test.ts).
    config: {
      ...configFromEnv({
        NODE_ENV: 'test',
        LOG: 'off',
        OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
        MAX_EVENT_LOOP_DELAY_MS: '0',
      }),
      dataDir,
    },
    now: options.now,
  });
  await app.listen({ port: 0, host: 'localhost' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    port,
    base: `http://localhost:${port}`,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
