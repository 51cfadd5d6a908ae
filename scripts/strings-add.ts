// Adds one key to the string table, in every locale at once, then regenerates the table's schema and
// types (scripts/gen-types.ts), so the new key is checked at compile time:
//   npm run strings:add -- api.otp.blocked --en "This number cannot get an OTP." --hi "इस नंबर पर ओटीपी नहीं भेजा जा सकता।"
// Every locale that has a file in config/i18n needs its text; --note says what the key is for when
// its English alone does not. The API's own messages are `api.<id>` keys (server/api/messages.ts);
// a message the page words too keeps the page's key, which the server names (PAGE_MESSAGE_KEYS
// there), never an `api.` twin.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addString, localesIn, problemsOf } from './lib/i18n-table';

const root = path.resolve(import.meta.dirname, '..');
const configDir = path.join(root, 'config');
const locales = localesIn(configDir);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    note: { type: 'string' },
    ...Object.fromEntries(locales.map((locale) => [locale, { type: 'string' as const }])),
  },
});
const given: Record<string, string | boolean | undefined> = values;
const key = positionals[0];
if (positionals.length !== 1 || !key) {
  console.error(
    `Usage: npm run strings:add -- <key> ${locales.map((l) => `--${l} "…"`).join(' ')} [--note "…"]`,
  );
  process.exit(2);
}
const texts = Object.fromEntries(
  locales.flatMap((locale) => {
    const text = given[locale];
    return typeof text === 'string' ? [[locale, text]] : [];
  }),
);
const add = { key, texts, note: values.note };
const problems = problemsOf(configDir, add);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
await addString(configDir, add);
console.log(`Added "${key}" to ${locales.map((l) => `config/i18n/${l}.json`).join(', ')}.`);
const generated = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(generated.status ?? 1);
