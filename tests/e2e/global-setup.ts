// Starts the real server on the built site, on a free port, for every browser test file. The mock
// tests' seasons repeat yearly (schedule.repeatsYearly), so today's clock has open dates for every
// programme: no second server with a clock pinned in April 2025 is needed (issue 21).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { distDir } from '../../scripts/build';
import { startTestServer } from '../../scripts/lib/serve';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = distDir();
  if (!existsSync(path.join(dist, 'site-index.json')))
    throw new Error('Run `npm run build` before the browser tests.');
  const today = await startTestServer({ distDir: dist });
  project.provide('port', today.port);
  return async () => {
    await today.close();
  };
}
