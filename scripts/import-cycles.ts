// Part of npm run lint: no import cycle anywhere, type-only imports included (scripts/lib/import-cycles.ts
// says why import-x/no-cycle is not enough). Prints each cycle's files; exit 1 on any.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectImportCycles } from './lib/import-cycles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cycles = projectImportCycles(path.join(root, 'tsconfig.json'));
for (const cycle of cycles) {
  console.error(`Import cycle (type imports count; move the shared types to the lower module):`);
  for (const file of cycle) console.error(`  ${path.relative(root, file)}`);
}
if (cycles.length > 0) process.exit(1);
