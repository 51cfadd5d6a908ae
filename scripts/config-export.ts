// npm run config:export — writes the published config versions to config/ as Prettier lays them out
// (decision 049), so a team that keeps config in git reviews the diff. A landing taken off the site
// loses its file. Same database as the server (DATA_DIR or DATABASE_URL).
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { configFromEnv } from '../server/config';
import { createDb, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import { readPublished } from '../server/services/content/versions';
import { configDir, projectRoot } from '../src/engine/node/paths';

const config = configFromEnv();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
try {
  await migrateToLatest(db);
  const dir = configDir();
  const { texts, numbers } = await readPublished(db);
  let written = 0;
  for (const [file, text] of texts) {
    const full = path.join(dir, file);
    // The project's Prettier settings, wherever the config folder is (EXAMFLOW_CONFIG_DIR).
    const settings = (await resolveConfig(path.join(projectRoot, 'config', file))) ?? {};
    const laidOut = await format(text, { ...settings, filepath: full });
    await writeFile(full, laidOut);
    written++;
  }
  const unpublished = await db
    .selectFrom('config_documents')
    .select('path')
    .where('published_number', 'is', null)
    .execute();
  for (const { path: file } of unpublished) await rm(path.join(dir, file), { force: true });
  console.log(
    `Wrote ${written} published documents to ${path.relative(process.cwd(), dir) || dir}` +
      (unpublished.length
        ? `; removed ${unpublished.length} unpublished: ${unpublished.map((u) => u.path).join(', ')}`
        : '') +
      `. Versions: ${[...numbers].map(([file, n]) => `${file}@${n}`).join(', ')}`,
  );
} finally {
  await db.destroy();
}
