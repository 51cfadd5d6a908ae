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
    restoreMocks: true,
    // A hang guard, not a speed check: server tests that seed or restart a database take seconds,
    // and more on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
