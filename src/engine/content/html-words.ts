// A text shown as HTML (a dashboard FAQ answer) said in words, for the change list a marketing
// person and a reviewer read: its words, then its formatting named, never its tags (decision 058).
// Only for showing: the text is what the sanitising rule kept, and nothing here decides anything.

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

const FORMATS: [RegExp, string][] = [
  [/<(strong|b)\b/i, 'bold'],
  [/<(em|i)\b/i, 'italic'],
  [/<u\b/i, 'underlined'],
  [/<ul\b/i, 'a bulleted list'],
  [/<ol\b/i, 'a numbered list'],
  [/<(h3|h4)\b/i, 'a heading'],
  [/<video\b/i, 'a video'],
];

/** "<strong>Bring</strong> <a href="/id">ID</a>" → "Bring ID (bold, a link to /id)". */
export function htmlInWords(html: string): string {
  if (!html.includes('<')) return html;
  const formats = FORMATS.filter(([tag]) => tag.test(html)).map(([, words]) => words);
  for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)) formats.push(`a link to ${href}`);
  const words = html
    .replace(/<li\b[^>]*>/gi, ' • ')
    .replace(/<br\s*\/?>|<\/(p|li|h3|h4)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return formats.length > 0 ? `${words} (${formats.join(', ')})` : words;
}
