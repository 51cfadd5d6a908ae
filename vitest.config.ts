import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests. Files that need a DOM say `// @vitest-environment jsdom` at the top.
// Browser tests against the built site live in tests/e2e and run with vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
    ],
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
  },
});
