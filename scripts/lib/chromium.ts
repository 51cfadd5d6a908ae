// Debian's Chromium and the flags these machines need (DESIGN.md "Working on these machines"):
// root, no GPU, a small /dev/shm, and no background traffic to hosts this network cannot reach.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Blink and V8 without the
 * desktop browser around them (the old headless mode, what Playwright launches for headless).
 * The browser tests took 151 s with it and 250 s with the full browser, every test passing on both
 * (decision 037); the full one where the shell is not installed. Benches, Lighthouse and
 * screenshots keep the full browser: they show what a student's Chromium does. CHROME_PATH sets
 * both.
 */
export const testChromiumPath =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath);

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
