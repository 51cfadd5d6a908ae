// Decision 062: every chunk of the production build but the large libraries of which a page calls
// few functions starts with V8's compile hint, so a form's first key does not compile React's input
// path and the field's handlers on the main thread. The hint works only as a file's first line:
// Vite puts its preload map at the top of the chunks that import others lazily, after rolldown's
// own banner options, so this checks the files as they are served.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build';

const HINT = '//# allFunctionsCalledOnLoad';
const assets = path.join(distDir(), 'client', 'assets');
const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
const firstLine = (name: string) => readFileSync(path.join(assets, name), 'utf8').split('\n', 1)[0];
/** Chart.js, KaTeX and DOMPurify: compiled lazily, as V8 does by default. */
const lazy = /^(charts|course-math|sanitizer)-/;

describe('compile hints in the production build', () => {
  it('open every chunk but the three large libraries, on its first line', () => {
    expect(scripts.length).toBeGreaterThan(20);
    const missing = scripts.filter((name) => !lazy.test(name) && firstLine(name) !== HINT);
    expect(missing).toEqual([]);
    expect(scripts.filter((name) => lazy.test(name))).toHaveLength(3);
    expect(scripts.filter((name) => lazy.test(name) && firstLine(name) === HINT)).toEqual([]);
  });

  it('come before the preload map Vite writes at the top of the page script', () => {
    const page = scripts.find((name) => /^page-[\w-]+\.js$/.test(name));
    expect(page).toBeDefined();
    const [first, second] = readFileSync(path.join(assets, page ?? ''), 'utf8').split('\n', 2);
    expect(first).toBe(HINT);
    expect(second).toMatch(/^const __vite__mapDeps=/);
  });
});
