import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mockingFiles } from './tests/support/mocking-files';

// Unit and component tests. Files that need a DOM say `// @vitest-environment jsdom` at the top.
// Browser tests against the built site live in tests/e2e and run with vitest.e2e.config.ts.

const serverTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
// The server's and the scripts' test files that replace a module: isolated (see the projects).
const serverMocking = mockingFiles('server', 'scripts');

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, with
    // the main process mostly idle. Two workers took the unit stage from 256 s to 179 s (issue 26).
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    setupFiles: ['tests/support/dom-setup.ts'],
    // A hang guard, not a speed check: server tests that seed or restart a database take seconds,
    // and more on a busy 2-core machine.
    testTimeout: 20_000,
    projects: [
      {
        // The server's and the scripts' tests run in Node, each on an app and a database of its
        // own, and share their worker's modules (Fastify, Kysely, the drivers, the app) instead of
        // loading them again for every file: the server and scripts tests take 53 CPU-seconds
        // instead of 103 (issue 26). Nothing of theirs lives in a module between files but caches
        // (compiled serializers, prepared statement names, the sanitiser).
        extends: true,
        test: { name: 'server', include: serverTests, exclude: serverMocking, isolate: false },
      },
      {
        // Components in jsdom (stubbed globals, fake timers, module state such as SWR's cache) and
        // the files that replace a module: each file on modules of its own.
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', ...serverMocking],
        },
      },
    ],
  },
});
