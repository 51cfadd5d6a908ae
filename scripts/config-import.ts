// npm run config:import — brings the config/ files edited since they came in (seeded, imported or
// published from files) into the database as drafts, to be reviewed and published in the Studio
// (decision 049). The files must validate together. Same database as the server.
import { configFromEnv } from '../server/config';
import { createDb, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import {
  documentsOf,
  filesEditedSinceSeen,
  readPublished,
  saveDraft,
} from '../server/services/content/versions';
import { configDir } from '../src/engine/node/paths';
import { directoryReader, formatProblem, validateConfig } from '../src/engine/node/validate-config';

const config = configFromEnv();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
try {
  await migrateToLatest(db);
  const reader = directoryReader(configDir());
  const validation = validateConfig(reader);
  if (!validation.bundle) {
    console.error(
      `config/ does not validate; nothing imported:\n${validation.problems.map(formatProblem).join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    const edited = await filesEditedSinceSeen(db, documentsOf(reader));
    const { numbers } = await readPublished(db);
    for (const [path, content] of edited) {
      const draft = await saveDraft(db, {
        path,
        content,
        parent: numbers.get(path) ?? null,
        actor: { id: 'import', name: 'config:import', role: 'editor' },
        now: new Date(),
        site: validation.bundle,
      });
      console.log(
        `${path}: draft ${draft.number}${draft.touchesMoney ? ' (changes money: needs a second person)' : ''}`,
      );
    }
    console.log(
      edited.size
        ? `Imported ${edited.size} drafts: review and publish them in the Studio.`
        : 'Nothing to import: config/ is as it came in.',
    );
  }
} finally {
  await db.destroy();
}
