import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mockingFiles } from './tests/support/mocking-files';

// Unit and component tests. Files that need a DOM say `// @vitest-environment jsdom` at the top.
// Browser tests against the built site live in tests/e2e and run with vitest.e2e.config.ts.

const serverTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
const domTests = ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'];
// The test files that replace a module (vi.mock): each on modules of its own (see the projects).
const mocking = mockingFiles('server', 'scripts', 'src', 'tests/unit');

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, with
    // the main process mostly idle. Two workers took the unit stage from 256 s to 179 s.
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    setupFiles: ['tests/support/dom-setup.ts'],
    // A hang guard, not a speed check: server tests that seed or restart a database take seconds,
    // and several times more on a busy 2-core machine (npm test runs the PostgreSQL pass beside
    // this one; a Studio form test of 4 s took 20 s beside a second copy of the suite).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share their worker's modules (isolate: false; decision 034) instead of loading them
    // again for every file: Fastify, Kysely and the drivers for the server's tests, React, @rjsf and
    // XState for the components'. Measured back to back, the unit stage took 138 s (255
    // CPU-seconds) with only the server's files sharing, 104 s (190) with the components' too;
    // every file isolated, it took 140 s. Each file still gets its own environment (jsdom), Testing
    // Library unmounts after every test, and a file that stubs a global or fakes timers restores
    // them.
    projects: [
      { extends: true, test: { name: 'server', include: serverTests, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'components', include: domTests, exclude: mocking, isolate: false } },
      // The files that replace a module: isolated, or the module they replace is already loaded.
      { extends: true, test: { name: 'mocking', include: mocking } },
    ],
  },
});
