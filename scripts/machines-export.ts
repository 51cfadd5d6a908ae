// npm run machines:export — every machine in src/devtools/machine-list.ts as SVG (laid out by
// elkjs in Node, no browser) and Mermaid text in docs/machines/, so a review sees a flow's change
// as a picture. `--check` (in `npm run typecheck`) fails when a file is stale or missing.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { ELK_SETUP, layoutChart } from '../src/devtools/chart-layout';
import { chartMermaid } from '../src/devtools/chart-mermaid';
import { chartSvg } from '../src/devtools/chart-svg';
import { readMachine } from '../src/devtools/machine-chart';
import { MACHINES } from '../src/devtools/machine-list';
import { projectRoot } from '../src/engine/node/paths';

const check = process.argv.includes('--check');
const dir = path.join(projectRoot, 'docs/machines');
const elk = new ELK(ELK_SETUP);

const wanted = new Map<string, string>();
for (const entry of MACHINES) {
  const chart = readMachine(entry.machine, entry.name, entry.title);
  const layout = await layoutChart(chart, elk);
  wanted.set(`${entry.name}.svg`, `${chartSvg(layout, { title: entry.title })}\n`);
  wanted.set(`${entry.name}.mmd`, chartMermaid(chart));
}

const present = (() => {
  try {
    return readdirSync(dir).filter((f) => /\.(svg|mmd)$/.test(f));
  } catch {
    return [];
  }
})();

if (check) {
  const stale = [...wanted].filter(([file, text]) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  const extra = present.filter((f) => !wanted.has(f));
  if (stale.length || extra.length) {
    for (const [file] of stale) console.error(`docs/machines/${file} is stale or missing`);
    for (const file of extra) console.error(`docs/machines/${file} has no machine in the list`);
    console.error('Run `npm run machines:export` and commit docs/machines/.');
    process.exit(1);
  }
} else {
  mkdirSync(dir, { recursive: true });
  for (const file of present) if (!wanted.has(file)) rmSync(path.join(dir, file));
  for (const [file, text] of wanted) writeFileSync(path.join(dir, file), text);
  console.log(`docs/machines: ${wanted.size} files for ${MACHINES.length} machines`);
}
