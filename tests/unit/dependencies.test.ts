// Every package the code imports is declared in package.json (not merely installed
// because another package needs it), and every declared package is imported somewhere or is on
// the commented list below of those used without an import.
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

/** Where imports are read: the code and the root config files that import packages. */
const DIRS = ['src', 'server', 'scripts', 'tests'];
const ROOT_FILES = [
  'vite.config.ts',
  'vitest.config.ts',
  'vitest.e2e.config.ts',
  'eslint.config.js',
  '.size-limit.js',
];
/** Written by scripts (src/generated) or installed/built, not code of examflow. */
const SKIPPED = /(^|\/)(node_modules|dist)\/|^src\/generated\//;

/**
 * Declared packages no file imports, each with where it is used. @types/* packages are checked
 * apart: each goes with a package that is imported (or, for @types/node, with Node's builtins).
 */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  // Command-line tools run by package.json scripts, scripts/test.sh or npx.
  tsx: 'runs every scripts/*.ts of package.json',
  'size-limit': 'npm run size and scripts/test.sh, budgets in .size-limit.js',
  '@size-limit/file': "size-limit's plugin for files, found by size-limit itself",
  dpdm: 'npm run lint:cycles (part of npm run lint): no import cycle, type-only imports included',
  // A peer dependency TipTap's own packages import (ProseMirror, one copy at the pinned version).
  '@tiptap/pm': 'imported by @tiptap/react and @tiptap/starter-kit, which declare it as a peer',
};

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as Manifest;
const declared = new Set([
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.devDependencies ?? {}),
]);

function codeFiles(): string[] {
  const inDirs = DIRS.flatMap((dir) =>
    readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(e.name))
      .map((e) => path.relative(projectRoot, path.join(e.parentPath, e.name)).replaceAll('\\', '/')),
  );
  return [...inDirs.filter((file) => !SKIPPED.test(file)), ...ROOT_FILES];
}

/** The package a bare specifier names ("@rjsf/core/lib/x" → "@rjsf/core"); undefined for a path or builtin. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier))
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package each file imports: import, export … from, import(), require(), import type. */
function importsByPackage(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of codeFiles()) {
    const text = readFileSync(path.join(projectRoot, file), 'utf8');
    // TypeScript's own scanner: no match inside a comment or a string.
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const name = packageOf(fileName);
      if (name) found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

describe('dependencies', () => {
  const imported = importsByPackage();

  it('reads the imports of the code', () => {
    // A scanner that found nothing would pass the checks below.
    expect(imported.get('fastify')).toContain('server/app.ts');
    expect(imported.get('vitest')?.length).toBeGreaterThan(50);
    expect(packageOf('@rjsf/core/lib/x')).toBe('@rjsf/core');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('path')).toBeUndefined();
  });

  it('declares every package the code imports', () => {
    const undeclared = [...imported]
      .filter(([name]) => !declared.has(name))
      .map(([name, files]) => `${name} (${files.slice(0, 3).join(', ')})`);
    expect(undeclared).toEqual([]);
  });

  it('imports every declared package, or says where it is used', () => {
    const unused = [...declared].filter((name) => {
      if (imported.has(name) || name in USED_WITHOUT_IMPORT) return false;
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      if (typed === undefined) return true;
      // @types/scope__name types @scope/name.
      const pkg = typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
      return pkg !== 'node' && !imported.has(pkg);
    });
    expect(unused).toEqual([]);
  });

  it('lists only declared packages as used without an import, and none that is imported', () => {
    for (const name of Object.keys(USED_WITHOUT_IMPORT)) {
      expect(declared, `${name} is not in package.json`).toContain(name);
      expect(imported.get(name), `${name} is imported now: drop it from USED_WITHOUT_IMPORT`).toBeUndefined();
    }
  });
});
