// A hash of everything a build depends on, so `npm start` rebuilds only when needed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/engine/node/paths';

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

export function buildInputsHash(configDir: string): string {
  const files: string[] = [];
  for (const dir of ['src', 'public', 'schemas']) walk(path.join(projectRoot, dir), files);
  walk(configDir, files);
  for (const file of [
    'package-lock.json',
    'scripts/build.ts',
    'scripts/lib/vite-client-config.ts',
    'scripts/lib/vite-studio-config.ts',
  ])
    files.push(path.join(projectRoot, file));
  const hash = createHash('sha256');
  for (const file of files.filter((f) => !f.includes('.test.'))) {
    hash.update(file);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
