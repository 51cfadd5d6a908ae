// Names a field of a landing, programme or coupon file in words, from the config's JSON Schemas: the block
// type and the field ("Hero · Heading", "FAQ · Question 3"), never a JSON pointer. The schemas have
// few titles, so the field names fall back to a small word list and then to the key itself.
import commonSchema from '../../../schemas/config/common.schema.json';
import couponSchema from '../../../schemas/config/coupon.schema.json';
import landingSchema from '../../../schemas/config/landing.schema.json';
import programmeSchema from '../../../schemas/config/programme.schema.json';
import { isRecord, segmentsOf } from './pointer';

export type ConfigKind = 'landing' | 'programme' | 'coupon';

export interface SchemaNode {
  title?: string;
  description?: string;
  type?: string;
  $ref?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: { if?: { properties?: { type?: { const?: string } } }; then?: SchemaNode }[];
  oneOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
}

const roots: Record<ConfigKind | 'common', SchemaNode> = {
  landing: landingSchema as SchemaNode,
  programme: programmeSchema as SchemaNode,
  coupon: couponSchema as unknown as SchemaNode,
  common: commonSchema as SchemaNode,
};

export function configKindOf(file: string): ConfigKind | undefined {
  if (file.startsWith('landings/')) return 'landing';
  if (file.startsWith('programmes/')) return 'programme';
  if (file.startsWith('coupons/')) return 'coupon';
  return undefined;
}

/** A schema node with its $ref followed; `def` is the definition's name (e.g. faqItem, nonEmptyText). */
export interface Resolved {
  node: SchemaNode;
  root: ConfigKind | 'common';
  def?: string;
  /** The definition names passed through on the way (a $ref to a $ref). */
  defs: string[];
}

export function resolve(node: SchemaNode, root: ConfigKind | 'common'): Resolved {
  let current = node;
  let where = root;
  const defs: string[] = [];
  // Keep the referring node's own description and title (they override the definition's).
  const own = { title: node.title, description: node.description };
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const [file, fragment = ''] = current.$ref.split('#');
    if (file === 'common.schema.json') where = 'common';
    const name = fragment.replace(/^\/definitions\//, '');
    defs.push(name);
    const target = roots[where].definitions?.[name];
    if (!target) break;
    current = target;
  }
  const merged: SchemaNode = { ...current };
  if (own.title) merged.title = own.title;
  if (own.description) merged.description = own.description;
  return { node: merged, root: where, def: defs[defs.length - 1], defs };
}

/** The schema of a child (property or array item), given the parent's value (a block's type picks its schema). */
export function childSchema(parent: Resolved, segment: string, parentValue: unknown): Resolved | undefined {
  let node = parent.node;
  // A landing block: the branch of allOf whose type matches the block's.
  if (node.allOf && isRecord(parentValue)) {
    const branch = node.allOf.find((b) => b.if?.properties?.type?.const === parentValue.type)?.then;
    if (branch) node = resolve(branch, parent.root).node;
  }
  if (node.oneOf) {
    // The branch that has the field (a coupon's discount: a percent or an amount), else the first object.
    const branches = node.oneOf.map((n) => resolve(n, parent.root));
    const object =
      branches.find((r) => r.node.properties?.[segment]) ?? branches.find((r) => r.node.properties);
    if (object) node = object.node;
  }
  const child = /^\d+$/.test(segment) ? node.items : node.properties?.[segment];
  if (!child) return undefined;
  return resolve(child, parent.root);
}

/** The resolved schema at every step of a pointer (index 0 is the file's root). */
export function schemaTrail(kind: ConfigKind, pointer: string, doc: unknown): (Resolved | undefined)[] {
  const trail: (Resolved | undefined)[] = [{ node: roots[kind], root: kind, defs: [] }];
  let value: unknown = doc;
  let current: Resolved | undefined = trail[0];
  for (const segment of segmentsOf(pointer)) {
    current = current ? childSchema(current, segment, value) : undefined;
    trail.push(current);
    value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
  }
  return trail;
}

export function schemaAt(kind: ConfigKind, pointer: string, doc: unknown): Resolved | undefined {
  return schemaTrail(kind, pointer, doc).at(-1);
}

/** Whether a field holds words a student reads (not an id, a link, an image file or a setting). */
export function isTextField(resolved: Resolved | undefined): boolean {
  if (!resolved) return false;
  if (resolved.defs.includes('nonEmptyText')) return true;
  const { node } = resolved;
  return node.type === 'string' && !node.pattern && !node.enum && node.const === undefined;
}

// Words for keys and block types the schemas give no title. Singular: an array's entry is "Step 2".
const words: Record<string, string> = {
  // landing
  paths: 'Page address',
  variantKey: 'Variant key',
  programme: 'Programme',
  locale: 'Language',
  title: 'Title',
  description: 'Description',
  translationOf: 'Translation of',
  tokenRule: 'Redirect rule',
  eligibility: 'Eligibility',
  classes: 'Class',
  streams: 'Stream',
  criteria: 'Criteria',
  blocks: 'Block',
  heading: 'Heading',
  subheading: 'Sub-heading',
  subHeading: 'Sub-heading',
  points: 'Point',
  image: 'Image',
  src: 'Image file',
  alt: 'Image description',
  width: 'Width',
  height: 'Height',
  cta: 'Button',
  label: 'Label',
  href: 'Link',
  icon: 'Icon',
  text: 'Text',
  items: 'Entry',
  steps: 'Step',
  cards: 'Card',
  rows: 'Row',
  mode: 'Row label',
  details: 'Details',
  sections: 'Section',
  paragraphs: 'Paragraph',
  links: 'Link',
  stats: 'Figure',
  value: 'Value',
  notices: 'Notice',
  applyLink: 'Apply link',
  registerLink: 'Register link',
  checkedListsOn: 'Checked lists on',
  courseType: 'Course type',
  target: 'Target',
  source: 'Table',
  showCallUs: 'Show "Call us"',
  id: 'Anchor id',
  // programme
  examType: 'Exam type',
  name: 'Name',
  shortName: 'Short name',
  fee: 'Fee',
  amount: 'Registration fee (₹)',
  perTest: 'Per test',
  tests: 'Tests',
  papers: 'Papers',
  offlineSwitchFee: 'Offline switch fee (₹)',
  schedule: 'Schedule',
  dates: 'Exam date',
  slots: 'Time slot',
  windows: 'Time windows',
  scholarship: 'Scholarship',
  maxPercent: 'Maximum scholarship (%)',
  abovePercent: 'Above (%)',
  waives: 'Waives',
  repeater: 'Repeaters',
  offlineTest: 'Offline test',
  registration: 'Registration',
  fields: 'Field',
  payment: 'Payment',
  methods: 'Payment method',
  support: 'Support',
  login: 'Login screen',
  tagline: 'Tagline',
  dashboard: 'Dashboard',
  faq: 'Question',
  videos: 'Videos',
  when: 'Shows when',
  activeWhen: 'Done when',
  labelAfterExam: 'Label after the exam',
  testDetails: 'Test details',
  translations: 'Translations',
  hi: 'Hindi',
  en: 'English',
  // coupon
  code: 'Code',
  discount: 'Discount',
  leadTerm: 'Academic term',
  validFrom: 'First day',
  validUntil: 'Last day',
  uses: 'Number of uses',
};

const THIS_FILE: Record<ConfigKind, string> = {
  landing: 'This page',
  programme: 'This programme',
  coupon: 'This coupon',
};

// A landing's own title and description are the browser tab's and the search results'.
const landingTopWords: Record<string, string> = {
  title: 'Page title (browser tab, search results)',
  description: 'Search results description',
};

const blockWords: Record<string, string> = {
  faq: 'FAQ',
  'how-to-register-link': 'How-to-register link',
  'registration-card': 'Registration card',
  'green-strip': 'Green strip',
  'how-it-works': 'How it works',
  'highlights-carousel': 'Highlights carousel',
  'card-stack': 'Card stack',
  'feature-cards': 'Feature cards',
  'test-highlights': 'Test highlights',
  'legacy-banner': 'Track-record banner',
  'rich-text': 'Text sections',
  'legal-links': 'Legal links',
  'back-to-top': 'Back-to-top button',
  // dashboard blocks
  stepsTracker: 'Steps tracker',
  fomoBanner: 'Closing-soon banner',
  resultBanner: 'Result banner',
  mainExamCard: 'Exam card',
  testplayerDown: 'Test platform down notice',
  refreshCard: 'Refresh card',
  guidedJourney: 'Guided journey banner',
  samplePapers: 'Sample papers',
  courseSection: 'Courses for you',
  branches: 'Branches',
  video: 'Video banner',
  liveTest: 'Live test',
  testSeries: 'Test series',
  seriesCalendar: 'Series calendar',
  bookmarkPrompt: 'Bookmark prompt',
  teamContact: 'Team contact',
};

function humanise(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A block type (landing or dashboard) in words: "hero" → "Hero", "faq" → "FAQ". */
export function blockName(type: string): string {
  return blockWords[type] ?? humanise(type);
}

export function fieldName(key: string, resolved?: Resolved): string {
  return resolved?.node.title ?? words[key] ?? humanise(key);
}

function blockLabel(blocks: unknown[], index: number): string {
  const block = blocks[index];
  const type = isRecord(block) && typeof block.type === 'string' ? block.type : 'block';
  const name = blockName(type);
  const same = blocks.filter((b) => isRecord(b) && b.type === type);
  if (same.length < 2) return name;
  // Two criteria blocks: tell them apart by their table, else by their order.
  if (isRecord(block) && typeof block.source === 'string') return `${name} (${fieldName(block.source)})`;
  return `${name} ${same.indexOf(block) + 1}`;
}

/**
 * The field at a pointer, in words: "Hero · Heading", "FAQ · Question 3 · Answer point 2",
 * "Fee · Registration fee (₹)". `doc` is the file's content (a block's type names it).
 */
export function labelAt(kind: ConfigKind, pointer: string, doc: unknown): string {
  const segments = segmentsOf(pointer);
  if (segments.length === 0) return THIS_FILE[kind];
  const top = kind === 'landing' && segments.length === 1 ? landingTopWords[segments[0] ?? ''] : undefined;
  if (top) return top;
  const trail = schemaTrail(kind, pointer, doc);
  const parts: string[] = [];
  let value: unknown = doc;
  segments.forEach((segment, i) => {
    const parentValue = value;
    value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
    const isIndex = Array.isArray(parentValue) || /^\d+$/.test(segment);
    const key = isIndex ? segments[i - 1] : segment;
    const resolved = trail[i + 1];
    if (!isIndex) {
      // An array's own name is said with its entry ("Step 2"), unless the pointer stops at the array.
      const nextIsIndex = i + 1 < segments.length && /^\d+$/.test(segments[i + 1] ?? '');
      if (!nextIsIndex) parts.push(fieldName(segment, resolved));
      return;
    }
    const n = Number(segment);
    if (Array.isArray(parentValue) && key === 'blocks') {
      parts.push(blockLabel(parentValue, n));
      return;
    }
    const noun =
      resolved?.def === 'faqItem'
        ? 'Question'
        : key === 'points' && trail[i - 1]?.def === 'faqItem'
          ? 'Answer point'
          : key
            ? fieldName(key)
            : 'Entry';
    parts.push(`${noun} ${n + 1}`);
  });
  // "FAQ · Question 3 · Heading" reads better as "FAQ · Question 3".
  if (parts.length > 1 && /^Question \d+$/.test(parts[parts.length - 2] ?? '') && parts.at(-1) === 'Heading')
    parts.pop();
  return parts.join(' · ');
}
