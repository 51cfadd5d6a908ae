// Starts the real server on the built site, on a free port, for every browser test file. The mock
// tests' seasons repeat yearly (schedule.repeatsYearly), so today's clock has open dates for every
// programme: no second server with a clock pinned in April 2025 is needed.
//
// The hour is pinned, not the machine's: iACST opens only 9 AM–10 PM India time, so the
// server runs on a sandbox clock that starts at the machine's date (India), 11:00 IST, and runs on;
// every browser context gets the same clock (launchBrowser in ./browser.ts), so greetings,
// countdowns and "today" agree with the server. Two variables, to prove it at any hour:
// - EXAMFLOW_E2E_CLOCK=<date-time> makes the run take that as the machine's time, e.g.
//   EXAMFLOW_E2E_CLOCK=2026-11-25T23:00:00+05:30 npx vitest run --config vitest.e2e.config.ts …
//   runs as if started at 23:00 IST (the tests still see 11:00 IST that day);
// - EXAMFLOW_E2E_PIN=off leaves the hour unpinned (the machine's, or EXAMFLOW_E2E_CLOCK's), to see
//   what a test would do without the pin; at 23:00 IST the iACST Start Now tests then fail.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { distDir } from '../../scripts/build';
import { sandboxClock, startTestServer } from '../../scripts/lib/serve';
import { indiaDate } from '../../src/domain/dates';

/** The browser tests' clock: where it started (a date-time) and when, in real milliseconds. */
export interface E2eClock {
  start: string;
  startedAt: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    clock: E2eClock;
  }
}

/** Where the tests' clock starts: the (simulated) machine's date in India at 11:00 IST. */
export function e2eClockStart(env: NodeJS.ProcessEnv = process.env, real = new Date()): string {
  const machine = env.EXAMFLOW_E2E_CLOCK ? new Date(env.EXAMFLOW_E2E_CLOCK) : real;
  if (Number.isNaN(machine.getTime()))
    throw new Error(`EXAMFLOW_E2E_CLOCK "${env.EXAMFLOW_E2E_CLOCK}" is not a date-time`);
  if (env.EXAMFLOW_E2E_PIN === 'off') return machine.toISOString();
  return `${indiaDate(machine)}T11:00:00+05:30`;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = distDir();
  if (!existsSync(path.join(dist, 'site-index.json')))
    throw new Error('Run `npm run build` before the browser tests.');
  const start = e2eClockStart();
  const startedAt = Date.now();
  const today = await startTestServer({ distDir: dist, now: sandboxClock(start, true) });
  project.provide('port', today.port);
  project.provide('clock', { start, startedAt });
  return async () => {
    await today.close();
  };
}
