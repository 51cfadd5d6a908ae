// `npm start` builds when the sources changed and then starts the server in the same process. Vite
// sets NODE_ENV=production while it builds; if that leaked, the server would start with the sandbox
// off and no OTP could be sent. The build must hand the environment back as it found it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { build } from '../../scripts/build';
import { configFromEnv } from '../../server/config';

const saved = { dist: process.env.EXAMFLOW_DIST, nodeEnv: process.env.NODE_ENV };
afterEach(() => {
  if (saved.dist === undefined) delete process.env.EXAMFLOW_DIST;
  else process.env.EXAMFLOW_DIST = saved.dist;
  process.env.NODE_ENV = saved.nodeEnv;
});

it('leaves NODE_ENV as it was, so a server started after the build keeps its sandbox', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'examflow-build-env-'));
  process.env.EXAMFLOW_DIST = out;
  delete process.env.NODE_ENV;
  try {
    await build({ quiet: true });
    expect(process.env.NODE_ENV).toBeUndefined();
    expect(configFromEnv().sandbox).toBe(true);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
