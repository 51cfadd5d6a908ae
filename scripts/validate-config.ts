// npm run validate:config — every config file against its schema and across files.
// Prints each problem as file, JSON pointer and message; exit 1 on any problem.
import { performance } from 'node:perf_hooks';
import { configDir } from '../src/engine/node/paths';
import { formatProblem, validateConfig } from '../src/engine/node/validate-config';

const started = performance.now();
const dir = configDir();
const result = validateConfig(dir);
const ms = Math.round(performance.now() - started);
if (result.problems.length > 0) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`\n${result.problems.length} problem(s) in ${dir} (${ms} ms)`);
  process.exit(1);
}
const { counts } = result;
console.log(
  `Config OK: ${counts.files} files — ${counts.programmes} programmes, ${counts.landings} landing pages, ${counts.locales} locales (${ms} ms)`,
);
