// `npm run config:export` and `npm run config:import` as a developer runs them (decision 049), on a
// copy of config/ and a database of their own: the export of a freshly seeded database is the
// files byte for byte; a published change comes out as Prettier lays it out, touching only its
// file; an edited file comes in as a draft, once.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, sqliteFileIn, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import {
  approve,
  history,
  publish,
  readPublished,
  saveDraft,
  seedContentIfEmpty,
  submitForReview,
} from '../server/services/content/versions';
import { projectRoot } from '../src/engine/node/paths';
import { directoryReader } from '../src/engine/node/validate-config';
import { copyConfig, type ConfigCopy } from '../tests/fixtures/config-copy';

const run = promisify(execFile);
let copy: ConfigCopy;
let dataDir: string;
let db: Db;

beforeAll(async () => {
  copy = copyConfig();
  dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-config-files-'));
  db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
  await migrateToLatest(db);
  await seedContentIfEmpty(db, directoryReader(copy.dir), new Date());
});
afterAll(async () => {
  await db.destroy();
  copy.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

async function script(name: 'config-export' | 'config-import'): Promise<string> {
  const { DATABASE_URL: _d, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`], {
    cwd: projectRoot,
    env: { ...inherited, DATA_DIR: dataDir, EXAMFLOW_CONFIG_DIR: copy.dir },
  });
  return stdout;
}

/** Every file of the copy, relative path → text. */
const files = (): Map<string, string> =>
  new Map(
    readdirSync(copy.dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(copy.dir, full), readFileSync(full, 'utf8')];
      }),
  );

it('exports a freshly seeded database as the very files it came from', async () => {
  const before = files();
  await script('config-export');
  expect(files()).toEqual(before);
});

it('exports a published change as Prettier lays it out, in its own file only', async () => {
  const before = files();
  const file = 'landings/iat.json';
  const { texts, numbers } = await readPublished(db);
  const doc = JSON.parse(texts.get(file) ?? '{}') as { title: string };
  doc.title = 'IAT 2027: the admission test';
  const now = new Date();
  const draft = await saveDraft(db, {
    path: file,
    content: JSON.stringify(doc),
    parent: numbers.get(file) ?? null,
    actor: { id: 'e', name: 'E', role: 'editor' },
    now,
  });
  const version = { path: file, number: draft.number };
  await submitForReview(db, { ...version, actor: { id: 'e', name: 'E', role: 'editor' }, note: '' });
  await approve(db, { ...version, actor: { id: 'p', name: 'P', role: 'publisher' } });
  await publish(db, { ...version, actor: { id: 'p', name: 'P', role: 'publisher' }, now });
  await script('config-export');
  const after = files();
  expect([...after].filter(([name, text]) => before.get(name) !== text).map(([name]) => name)).toEqual([
    file,
  ]);
  const exported = after.get(file) ?? '';
  expect(exported).toContain('"title": "IAT 2027: the admission test"');
  // As the repository's files are laid out: the paths list stays on one line.
  expect(exported).toMatch(/"paths": \["\/[^\]]*"\]/);
});

it('imports a file edited in config/ as a draft, once', async () => {
  copy.edit<{ title: string }>('landings/adst.json', (doc) => {
    doc.title = 'ADST, edited in git';
  });
  expect(await script('config-import')).toContain('landings/adst.json: draft 2');
  const { versions } = await history(db, 'landings/adst.json');
  expect(versions[0]).toMatchObject({ number: 2, state: 'draft', authorName: 'config:import' });
  expect(await script('config-import')).toContain('Nothing to import');
});
