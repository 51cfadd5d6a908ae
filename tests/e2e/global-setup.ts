// Starts the real server on the built site, on a free port, for every browser test file; and a
// second one whose clock starts on 1 April 2025, the season of the mock tests' configured dates
// (13, 20 and 27 April 2025 are past on today's clock), for the MOCK-NEET registration tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { distDir } from '../../scripts/build';
import { sandboxClock, startTestServer } from '../../scripts/lib/serve';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** The server whose clock starts at 2025-04-01 10:00 IST. */
    mockSeasonPort: number;
  }
}

export const MOCK_SEASON_START = '2025-04-01T10:00:00+05:30';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = distDir();
  if (!existsSync(path.join(dist, 'site-index.json')))
    throw new Error('Run `npm run build` before the browser tests.');
  const today = await startTestServer({ distDir: dist });
  const season = await startTestServer({ distDir: dist, now: sandboxClock(MOCK_SEASON_START, true) });
  project.provide('port', today.port);
  project.provide('mockSeasonPort', season.port);
  return async () => {
    await Promise.all([today.close(), season.close()]);
  };
}
