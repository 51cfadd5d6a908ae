import { defineConfig } from 'vitest/config';
import { mockingFiles } from './tests/support/mocking-files';

// Browser tests: the built site (npm run build) served by the real server, driven in Debian's
// Chromium with playwright-core. Two files at a time on this 2-core machine.
const mocking = mockingFiles('tests/e2e');
if (mocking.length)
  throw new Error(
    `${mocking.join(', ')}: the browser test files share their worker's modules; none may vi.mock`,
  );

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads playwright-core and the helpers once for all its files, not once per file:
    // 36 of the stage's CPU-seconds. Every file launches its own browser and cleans up
    // what it set (environment variables, servers) in its afterAll; no file replaces a module.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for the state it checks: Vitest's default of 1 s is a fixed time a loaded
    // 2-core machine can miss (a Studio check answered after it, and the file's later tests failed
    // on the missing draft). 15 s unless a poll names its own.
    expect: { poll: { timeout: 15_000 } },
  },
});
