// The string table's one rule for a text someone edits (decision 057): the page fills a text's
// {placeholders} from what it knows (the student's number, a count of seconds), so a text must name
// exactly the placeholders of its English text, the one the code was written against: one dropped
// leaves out what the student needs, one invented shows "{name}" as it is. And a text is never
// empty. Pure: the Studio shows it at the field, the config validation refuses a table that breaks it.

/** The {names} a text has, each once, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();
}

const list = (names: string[]) => names.map((n) => `{${n}}`).join(names.length === 2 ? ' and ' : ', ');

/** What is wrong with `text` as the text of a key whose English (reference) text is `english`, in words. */
export function textProblem(english: string, text: string): string | undefined {
  if (!text.trim()) return 'Write a text here: an empty text leaves a blank where students read it.';
  const needed = placeholdersOf(english);
  const has = placeholdersOf(text);
  const dropped = needed.filter((n) => !has.includes(n));
  const invented = has.filter((n) => !needed.includes(n));
  if (dropped.length > 0)
    return `Keep ${list(dropped)} in this text, written exactly so: the page puts the real value there.`;
  if (invented.length > 0)
    return `${list(invented)} is not filled in by the page here: remove it${
      needed.length > 0 ? ` (this text can use ${list(needed)})` : ''
    }.`;
  return undefined;
}

/** Each text of `table` that breaks the rule against `reference` (the English table), by key. */
export function tableProblems(
  reference: Readonly<Record<string, string>>,
  table: Readonly<Record<string, string>>,
): { key: string; message: string }[] {
  const found: { key: string; message: string }[] = [];
  for (const [key, text] of Object.entries(table)) {
    const english = reference[key];
    if (english === undefined) continue;
    const message = textProblem(english, text);
    if (message) found.push({ key, message });
  }
  return found;
}
