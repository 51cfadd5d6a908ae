// Debian's Chromium and the flags these machines need (DESIGN.md "Working on these machines"):
// root, no GPU, a small /dev/shm, and no background traffic to hosts this network cannot reach.
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
