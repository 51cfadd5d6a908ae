// An invalid config never builds and never serves: `npm start` on a broken config exits 1 with the
// problem, before listening, and leaves no built site behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import type { Landing } from '../../src/generated/config/landing';
import { copyConfig, type ConfigCopy } from '../fixtures/config-copy';

let copy: ConfigCopy | undefined;
let dist = '';
afterEach(() => {
  copy?.remove();
  rmSync(dist, { recursive: true, force: true });
});

describe('an invalid config', () => {
  it('stops `npm start` before it builds or listens', () => {
    copy = copyConfig();
    copy.edit<Landing>('landings/adst.json', (landing) => {
      landing.title = '';
    });
    dist = mkdtempSync(path.join(tmpdir(), 'examflow-dist-'));
    const run = spawnSync(path.join(projectRoot, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
      cwd: projectRoot,
      env: { ...process.env, EXAMFLOW_CONFIG_DIR: copy.dir, EXAMFLOW_DIST: dist, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('config/landings/adst.json /title: must not be empty');
    expect(run.stdout).not.toContain('running at');
    expect(existsSync(path.join(dist, 'site-index.json'))).toBe(false);
  });
});
