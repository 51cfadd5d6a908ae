// The import directions of DESIGN.md, checked on every source file: config → engine → features;
// a feature never imports another feature; machines and the engine never import React or the
// API client; the server imports only pure shared code from src/.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

function sources(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(projectRoot, path.join(e.parentPath, e.name)));
}

function imports(file: string): string[] {
  const text = readFileSync(path.join(projectRoot, file), 'utf8');
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);
}

/** The area a source file belongs to: engine, app, ui, features/<name>, machines, api, server … */
function area(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'src' && parts[1] === 'features') return `features/${parts[2]}`;
  if (parts[0] === 'src') return parts[1] ?? 'src';
  return parts[0] ?? '';
}

function violations(
  files: string[],
  allowed: (from: string, to: string, specifier: string) => boolean,
): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const specifier of imports(file)) {
      const to = specifier.startsWith('.')
        ? area(
            path.relative(projectRoot, path.resolve(path.dirname(path.join(projectRoot, file)), specifier)),
          )
        : specifier;
      if (!allowed(area(file), to, specifier)) found.push(`${file} imports ${specifier}`);
    }
  }
  return found;
}

const isPackage = (specifier: string) => !specifier.startsWith('.');
const react = /^(react|react-dom|@xstate\/react|@rjsf\/|swr|react-router)/;

describe('import directions', () => {
  const src = sources('src');

  it('a feature never imports another feature or the app', () => {
    const bad = violations(
      src.filter((f) => area(f).startsWith('features/')),
      (from, to) => !(to.startsWith('features/') && to !== from) && to !== 'app',
    );
    expect(bad).toEqual([]);
  });

  it('the engine imports only the engine, generated types and domain code, never React', () => {
    const bad = violations(
      src.filter((f) => area(f) === 'engine'),
      (_from, to, specifier) =>
        isPackage(specifier) ? !react.test(specifier) : ['engine', 'generated', 'domain'].includes(to),
    );
    expect(bad).toEqual([]);
  });

  it('machines import neither React nor the API client', () => {
    const bad = violations(
      src.filter((f) => area(f) === 'machines'),
      (_from, to, specifier) =>
        isPackage(specifier) ? !react.test(specifier) : !['api', 'features', 'app', 'ui'].includes(to),
    );
    expect(bad).toEqual([]);
  });

  it('the server imports only pure shared code from src', () => {
    const bad = violations(
      sources('server'),
      (_from, to, specifier) =>
        isPackage(specifier) || ['server', 'engine', 'domain', 'generated'].includes(to),
    );
    expect(bad).toEqual([]);
  });
});
