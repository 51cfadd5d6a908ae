import { defineConfig } from 'vitest/config';

// Browser tests: the built site (npm run build) served by the real server, driven in Debian's
// Chromium with playwright-core. Two files at a time on this 2-core machine.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
