import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, projectImportCycles } from './import-cycles';

const root = path.resolve(__dirname, '../..');
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

/** A project held in memory: file name → text. */
function cyclesOf(files: Record<string, string>): string[][] {
  const abs = Object.fromEntries(
    Object.entries(files).map(([name, text]) => [path.resolve('/p', name), text]),
  );
  const host = { fileExists: (f: string) => f in abs, readFile: (f: string) => abs[f] };
  return importCycles(importGraph(Object.keys(abs), options, host)).map((c) =>
    c.map((f) => path.relative('/p', f)),
  );
}

describe('import cycles', () => {
  it('finds a cycle closed only by a type import (import-x/no-cycle skips these)', () => {
    expect(
      cyclesOf({
        'a.ts': "import { b } from './b';\nexport interface A { n: number }\nexport const a = b;",
        'b.ts': "import type { A } from './a';\nexport const b = 1;\nexport type B = A;",
        'c.ts': "import { a } from './a';",
      }),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds re-export, dynamic-import and longer cycles, and a file importing itself', () => {
    expect(
      cyclesOf({
        'a.ts': "export { b } from './b';",
        'b.ts': "export const b = () => import('./c');",
        'c.ts': "import type { b } from './a';",
        'd.ts': "import type { D } from './d';\nexport type D = string;",
      }),
    ).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('passes a layered project', () => {
    expect(
      cyclesOf({
        'route.ts': "import { service } from './service';\nimport type { Row } from './db';",
        'service.ts': "import type { Row } from './db';\nexport const service = 1;",
        'db.ts': 'export interface Row { id: string }',
      }),
    ).toEqual([]);
  });

  it('finds none in this project', () => {
    expect(
      projectImportCycles(path.join(root, 'tsconfig.json')).map((c) => c.map((f) => path.relative(root, f))),
    ).toEqual([]);
  });
});
