// A list entry's name in words, from @rjsf's title of it: the entry word of the one table of
// field words where it has one ("Sections of the page-2" → "Section 2").
import { entryOfLabel } from '../../engine/content/field-words';

/** "Points-2" (rjsf's item title) → "Point 2". */
export function itemLabel(label: string): string {
  const match = /^(.*)-(\d+)$/.exec(label);
  if (!match) return label;
  const [, name = '', n] = match;
  return `${entryOfLabel(name) ?? singular(name)} ${n}`;
}

export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(name)) return name.replace(/es$/, '');
  return name.replace(/s$/, '');
}
