// 0 bytes of inspector code in production bundles. The live-inspection code is
// behind `import.meta.env.DEV`, so the production build must not contain any of its strings, nor
// the layout engine, nor Stately's inspector.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';
import { projectRoot } from '../../src/engine/node/paths';
import { INSPECTOR_CHANNEL, INSPECTOR_MODE_KEY } from '../../src/devtools/live/protocol';

// Strings only the devtools carry: the channel and switch names, the masking's dot, ELK's and
// Stately's own names.
const MARKERS = [
  INSPECTOR_CHANNEL,
  INSPECTOR_MODE_KEY,
  'org.eclipse.elk',
  'statelyai',
  'createBrowserInspector',
];

describe('production bundles', () => {
  it('contain no inspector code', () => {
    const client = path.join(distDir(), 'client');
    const files = readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(js|html)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return MARKERS.filter((m) => text.includes(m)).map((m) => `${path.relative(client, file)}: ${m}`);
    });
    expect(found).toEqual([]);
  });

  it('would notice: the markers are in the code that is left out', () => {
    const live = readFileSync(path.join(projectRoot, 'src/devtools/live/protocol.ts'), 'utf8');
    expect(live).toContain(`'${INSPECTOR_CHANNEL}'`);
    expect(readFileSync(path.join(projectRoot, 'node_modules/elkjs/lib/elk.bundled.js'), 'utf8')).toContain(
      'org.eclipse.elk',
    );
  });
});
