// The card's strings are a list by name (CARD_STRING_KEYS). This test derives the keys from what
// the card runs, the island's module and everything it imports (static or lazy: the form steps,
// their JSON Schema forms), and fails when the list misses one (the card's translator would throw
// on a page) or carries one no code of the card names (it would ride in every landing page for nothing).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../config/i18n/en.json';
import hi from '../../config/i18n/hi.json';
import iacst from '../../config/programmes/iacst.json';
import site from '../../config/site.json';
import type { UiStringTable } from '../generated/config/i18n';
import type { Landing } from '../generated/config/landing';
import type { Programme } from '../generated/config/programme';
import type { Site } from '../generated/config/site';
import { projectRoot } from './node/paths';
import { CARD_STRING_KEYS, registrationCardData } from './registration-card';

const ISLAND = path.join(projectRoot, 'src/app/islands/registration-card.tsx');
// The list's own home names every key: it is where the list is, not where a key is used.
const LIST_HOME = path.join(projectRoot, 'src/engine/registration-card.ts');
const GENERATED = path.join(projectRoot, 'src/generated');

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => existsSync(file) && statSync(file).isFile());
}

/** The island's module and every source and JSON file it reaches by relative imports. */
function filesOfTheCard(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.startsWith(GENERATED)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target) visit(target);
    }
  };
  visit(ISLAND);
  return [...seen].filter((file) => file !== LIST_HOME);
}

/** Every quoted string in those files that is the name of a UI string. */
function keysTheCardNames(files: string[]): Set<string> {
  const known = new Set(Object.keys(en.strings));
  const found = new Set<string>();
  for (const file of files)
    for (const match of readFileSync(file, 'utf8').matchAll(/(['"])([\w.]+)\1/g))
      if (known.has(match[2] ?? '')) found.add(match[2] ?? '');
  return found;
}

const rel = (file: string) => path.relative(projectRoot, file);

describe('the registration card’s strings', () => {
  const files = filesOfTheCard();

  it('are read from the whole card: the lazy form steps and their JSON forms too', () => {
    const names = files.map(rel);
    expect(names).toContain('src/features/registration/form-steps.tsx');
    expect(names).toContain('schemas/forms/exam-details.ui.json');
    expect(names).toContain('src/machines/registration-machine.ts');
  });

  it('are listed by name, exactly the keys the card’s code and forms name', () => {
    const used = [...keysTheCardNames(files)].sort();
    expect([...CARD_STRING_KEYS].sort()).toEqual(used);
  });

  it('reach the page in its locale: every listed key with its text, nothing else', () => {
    for (const table of [en, hi]) {
      const data = registrationCardData({
        site: site as unknown as Site,
        programme: iacst as unknown as Programme,
        landing: { variantKey: 'default', locale: table.locale } as Landing,
        block: { type: 'registration-card' },
        path: '/iacstexam',
        strings: table.strings as UiStringTable,
        headingId: 'h',
      });
      expect(Object.keys(data.strings).sort()).toEqual([...CARD_STRING_KEYS].sort());
      for (const key of CARD_STRING_KEYS) expect(data.strings[key]).toBe(table.strings[key]);
    }
  });
});
