import type { UiStringTable } from '../generated/config/i18n';

export type StringKey = keyof UiStringTable;
export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

/** A lookup over one locale's strings; {name} placeholders are replaced from vars. */
export function createTranslator(strings: UiStringTable): Translate {
  return (key, vars) =>
    // A key missing from a page's table (a list that fell behind the code) shows as itself, never
    // a crash that empties the island; the islands' string-list tests catch it before a release.
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      vars && name in vars ? String(vars[name]) : whole,
    );
}
