// npm run demo:traffic [-- --days 21] — fills the funnel with a few weeks of made-up visitors on
// every landing variant with a registration card (marked as sandbox data; server/sandbox/demo-traffic.ts),
// so the Studio's funnel is never empty in a demo. The database is the server's (DATA_DIR's SQLite
// file or DATABASE_URL); it refuses to run when the server's sandbox is off (SANDBOX, NODE_ENV).
// A second run replaces the first's rows.
import { parseArgs } from 'node:util';
import { configDir } from '../src/engine/node/paths';
import { loadConfig } from '../src/engine/node/validate-config';
import { configFromEnv } from '../server/config';
import { createDb, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import { demoTrafficRefusal, fillDemoTraffic } from '../server/sandbox/demo-traffic';

const { values } = parseArgs({ options: { days: { type: 'string', default: '21' } } });
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 365) {
  console.error(`--days must be a whole number of days from 1 to 365, not "${values.days}".`);
  process.exit(1);
}

const config = configFromEnv();
// Before the database is opened: a refused run creates nothing.
const refusal = demoTrafficRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : sqliteFileIn(config.dataDir);
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
try {
  await migrateToLatest(db);
  // A database that ran migration 010 before it had the sandbox mark (it changed before release).
  const events = (await db.introspection.getTables()).find((t) => t.name === 'funnel_events');
  if (!events?.columns.some((c) => c.name === 'sandbox')) {
    console.error(
      `demo:traffic: the funnel tables of ${where} predate the sandbox mark; reset the database (npm run db:reset) and run it again.`,
    );
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const result = await fillDemoTraffic({ db }, { now: new Date(), days, site: loadConfig(configDir()) });
    const ms = performance.now() - started;
    if (result.replaced > 0)
      console.log(`Replaced the earlier demo traffic (${result.replaced.toLocaleString('en')} rows).`);
    const width = Math.max(...result.variants.map((v) => `${v.programme}/${v.variant}`.length));
    console.log(`${'variant'.padEnd(width)}  visitors  registered      paid`);
    for (const v of result.variants)
      console.log(
        `${`${v.programme}/${v.variant}`.padEnd(width)}  ${String(v.visitors).padStart(8)}  ${String(v.registered).padStart(10)}  ${String(v.paid).padStart(8)}`,
      );
    console.log(
      `Wrote ${result.events.toLocaleString('en')} demo funnel events (sandbox data) over ${days} days to ${where} in ${(ms / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await db.destroy();
}
