// "One key per text" (decision 057): every key of the string table is read by the code (a key
// nobody reads is a text marketing would edit for nothing), and no two keys hold the same English
// text in the same place (one text, one key: an edit changes it everywhere it is meant to).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import { placeOf } from '../../studio/model/text-places';
import { projectRoot } from './paths';

/** The code that reads strings: sources (not tests, not generated files) and the forms' uiSchemas. */
function codeText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(full);
      } else if (/\.(tsx?|json)$/.test(entry.name) && !/\.test\.|test-support/.test(entry.name))
        texts.push(readFileSync(full, 'utf8'));
    }
  };
  for (const dir of ['src', 'server', 'schemas/forms']) walk(path.join(projectRoot, dir));
  return texts.join('\n');
}

describe('the string table keeps one key per text', () => {
  const code = codeText();
  const quoted = new Set([...code.matchAll(/['"`]([A-Za-z][\w.-]*)['"`]/g)].map((m) => m[1]));
  // Keys made in code from a prefix: t(`portal.greeting.${time}`).
  const prefixes = [...code.matchAll(/`([A-Za-z][\w.]*\.)\$\{/g)].map((m) => m[1] ?? '');
  const read = (key: string) =>
    quoted.has(key) ||
    prefixes.some((p) => key.startsWith(p) && p !== 'api.') ||
    // The API's messages are named by their id without "api." (server/api/messages.ts).
    (key.startsWith('api.') && quoted.has(key.slice('api.'.length)));

  it('has no key that no code reads', () => {
    expect(Object.keys(en.strings).filter((key) => !read(key))).toEqual([]);
  });

  it('has no two keys with the same English text in the same place', () => {
    const seen = new Map<string, string>();
    const twins: string[] = [];
    for (const [key, text] of Object.entries(en.strings)) {
      const at = `${placeOf(key)}\u0000${text}`;
      const first = seen.get(at);
      if (first) twins.push(`${first} = ${key}: "${text}"`);
      else seen.set(at, key);
    }
    expect(twins).toEqual([]);
  });
});
