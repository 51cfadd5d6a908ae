// Starts the real server on the built site, on a free port, for every browser test file.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { projectRoot } from '../../src/engine/node/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = process.env.EXAMFLOW_DIST ?? path.join(projectRoot, 'dist');
  if (!existsSync(path.join(dist, 'site-index.json')))
    throw new Error('Run `npm run build` before the browser tests.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-e2e-data-'));
  const app = await buildApp({
    distDir: dist,
    config: { ...configFromEnv({ NODE_ENV: 'test', LOG: 'off' }), dataDir },
  });
  await app.listen({ port: 0, host: 'localhost' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  project.provide('port', address.port);
  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
