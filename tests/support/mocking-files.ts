// Test files that replace a module (vi.mock, vi.doMock): they need modules of their own, so the
// test configs keep them out of the workers whose modules are shared (isolate: false). Found by
// reading the files, so a new one is never missed.
import { readdirSync, readFileSync } from 'node:fs';

export function mockingFiles(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`)
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'))),
  );
}
