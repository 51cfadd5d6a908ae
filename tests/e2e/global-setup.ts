// Starts the real server on the built site, on a free port, for every browser test file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
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
  const app = buildApp({ distDir: dist });
  await app.listen({ port: 0, host: 'localhost' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  project.provide('port', address.port);
  return async () => {
    await app.close();
  };
}
