import type { UiStringTable } from '../generated/config/i18n';

export type StringKey = keyof UiStringTable;
export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

/** A lookup over one locale's strings; {name} placeholders are replaced from vars. */
export function createTranslator(strings: UiStringTable): Translate {
  return (key, vars) =>
    strings[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      vars && name in vars ? String(vars[name]) : whole,
    );
}
