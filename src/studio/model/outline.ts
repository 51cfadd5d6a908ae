// The editor's outline (decision 053): a page's blocks, or a programme's sections, by the
// names a reader knows them by; the entry chosen decides which part of the form is shown. Pure:
// the outline's view and the form's fields both ask `shows` here.
import type { Json } from '../app/studio-api';

/** One entry of the outline: what it is called and which fields of the draft it shows. */
export interface OutlineEntry {
  /** Stable while the draft keeps its shape: "page", a block's pointer, or a section's name. */
  key: string;
  name: string;
  /** The fields shown (pointers; "" is the whole draft), less those under `hide`. */
  show: string[];
  hide: string[];
  /** A landing block: its place in the page's list. */
  index?: number;
  /** A landing block hidden from the page for a while (kept in the draft). */
  hidden?: boolean;
}

/** What each block type is called, where the type's own name reads badly. */
const BLOCK_NAMES: Record<string, string> = {
  faq: 'FAQ',
  'green-strip': 'Green strip',
  'registration-card': 'Registration card',
  'how-to-register-link': 'How to register link',
  'how-it-works': 'How it works',
  'highlights-carousel': 'Highlights carousel',
  'card-stack': 'Cards',
  'feature-cards': 'Feature cards',
  'test-highlights': 'Test highlights',
  'legacy-banner': 'Banner',
  'rich-text': 'Text',
  'legal-links': 'Legal links',
  'back-to-top': 'Back to top',
};

/** What a list's entries are called in a block's name ("FAQ: 8 questions"). */
const ENTRY_NOUNS: Record<string, [string, string]> = {
  faq: ['question', 'questions'],
  accordion: ['section', 'sections'],
  'how-it-works': ['step', 'steps'],
  stats: ['figure', 'figures'],
};

const isRecord = (x: Json | undefined): x is { [key: string]: Json } =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function blockTypeName(type: string): string {
  return BLOCK_NAMES[type] ?? type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ');
}

const short = (text: string) => (text.length > 48 ? `${text.slice(0, 47).trimEnd()}…` : text);

/** A block by its visible name: "Hero: NEET repeater scholarship", "FAQ: 8 questions". */
export function blockName(block: Json | undefined): string {
  if (!isRecord(block)) return 'Block';
  const type = typeof block.type === 'string' ? block.type : '';
  const name = blockTypeName(type);
  const list = Object.values(block).find((v): v is Json[] => Array.isArray(v) && v.length > 0);
  const nouns = ENTRY_NOUNS[type];
  if (nouns && list) return `${name}: ${list.length} ${list.length === 1 ? nouns[0] : nouns[1]}`;
  for (const key of ['heading', 'title', 'text', 'label']) {
    const value = block[key];
    if (typeof value === 'string' && value.trim()) return `${name}: ${short(value.trim())}`;
  }
  if (list) return `${name}: ${list.length} ${list.length === 1 ? 'entry' : 'entries'}`;
  return name;
}

/** A landing page's outline: its own settings, then each block in page order. */
export function landingOutline(draft: Json): OutlineEntry[] {
  const blocks = isRecord(draft) && Array.isArray(draft.blocks) ? draft.blocks : [];
  return [
    { key: 'page', name: 'Page settings (title, addresses, search)', show: [''], hide: ['/blocks'] },
    ...blocks.map((block, index) => ({
      key: `/blocks/${index}`,
      name: blockName(block),
      show: [`/blocks/${index}`],
      hide: [],
      index,
      ...(isRecord(block) && block.hidden === true ? { hidden: true } : {}),
    })),
  ];
}

/** A programme's sections, as marketing thinks of them; every top-level field is in one. */
const PROGRAMME_SECTIONS: { key: string; name: string; show: string[]; hide?: string[] }[] = [
  {
    key: 'facts',
    name: 'Facts (name, mode, who can take it)',
    show: [
      '/id',
      '/examType',
      '/name',
      '/shortName',
      '/mode',
      '/eligibility',
      '/criteria',
      '/support',
      '/termsLink',
      '/analytics',
      '/login',
    ],
  },
  { key: 'fees', name: 'Fees, payment and scholarship', show: ['/fee', '/payment', '/scholarship'] },
  { key: 'dates', name: 'Dates and exam windows', show: ['/schedule', '/windows'] },
  { key: 'registration', name: 'Registration steps', show: ['/registration'] },
  { key: 'dashboard', name: 'Dashboard blocks', show: ['/dashboard'], hide: ['/dashboard/faq'] },
  { key: 'faq', name: 'FAQ on the dashboard', show: ['/dashboard/faq'] },
];

export function programmeOutline(): OutlineEntry[] {
  return PROGRAMME_SECTIONS.map((s) => ({ key: s.key, name: s.name, show: s.show, hide: s.hide ?? [] }));
}

const within = (pointer: string, outer: string) =>
  outer === '' || pointer === outer || pointer.startsWith(`${outer}/`);

/**
 * Whether the form shows the field at `pointer` while `entry` is chosen: a field inside a shown
 * part (or on the way to one: its parents), and not inside a hidden part. No entry: everything.
 */
export function shows(entry: Pick<OutlineEntry, 'show' | 'hide'> | undefined, pointer: string): boolean {
  if (!entry) return true;
  if (entry.hide.some((h) => within(pointer, h))) return false;
  return entry.show.some((s) => within(pointer, s) || within(s, pointer));
}

/** The entry that shows a field (the first), to choose it when that field is to be seen. */
export function entryFor(entries: OutlineEntry[], pointer: string): OutlineEntry | undefined {
  return (
    entries.find((e) => e.index !== undefined && within(pointer, e.show[0] ?? '')) ??
    entries.find((e) => e.hide.every((h) => !within(pointer, h)) && e.show.some((s) => within(pointer, s)))
  );
}
