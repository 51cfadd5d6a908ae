// Marketing's words for the config's fields, in one table: the Studio's form labels, the change
// list, messages and the outline all read them here (schema-bundle.ts, schema-labels.ts), so two
// screens never name one field two ways. A schema `title` still wins where a schema has one.
// `label` names the field (a list by its plural: "Page addresses"); `entry` one of its entries
// ("Page address 2"). Fields only a developer changes are `technical`: the Studio shows them
// folded under "Technical details", never among the fields marketing reads.

export interface FieldWords {
  label: string;
  /** One entry of a list, numbered after it ("Step 2"); the label when absent. */
  entry?: string;
  /** Shown only under "Technical details". */
  technical?: boolean;
}

export type WordsKind = 'landing' | 'programme' | 'coupon';

/** By property name, wherever it is. */
const FIELD_WORDS: Record<string, FieldWords> = {
  // landing
  paths: { label: 'Page addresses', entry: 'Page address' },
  variantKey: { label: 'Variant name in reports', technical: true },
  programme: { label: 'Programme' },
  locale: { label: 'Language' },
  title: { label: 'Title' },
  description: { label: 'Description' },
  translationOf: { label: 'Translation of (the English page)' },
  tokenRule: { label: 'Redirect rules', entry: 'Redirect rule', technical: true },
  eligibility: { label: 'Eligibility' },
  classes: { label: 'Classes', entry: 'Class' },
  streams: { label: 'Streams', entry: 'Stream' },
  criteria: { label: 'Criteria' },
  blocks: { label: 'Sections of the page', entry: 'Section' },
  heading: { label: 'Heading' },
  subheading: { label: 'Sub-heading' },
  subHeading: { label: 'Sub-heading' },
  points: { label: 'Points', entry: 'Point' },
  image: { label: 'Image' },
  src: { label: 'Image file' },
  alt: { label: 'Image description (for screen readers)' },
  width: { label: 'Width' },
  height: { label: 'Height' },
  cta: { label: 'Button' },
  label: { label: 'Label' },
  href: { label: 'Link address' },
  icon: { label: 'Icon' },
  text: { label: 'Text' },
  items: { label: 'Entries', entry: 'Entry' },
  steps: { label: 'Steps', entry: 'Step' },
  cards: { label: 'Cards', entry: 'Card' },
  rows: { label: 'Rows', entry: 'Row' },
  mode: { label: 'Row label' },
  details: { label: 'Details' },
  sections: { label: 'Sections', entry: 'Section' },
  paragraphs: { label: 'Paragraphs', entry: 'Paragraph' },
  links: { label: 'Links', entry: 'Link' },
  stats: { label: 'Figures', entry: 'Figure' },
  value: { label: 'Value' },
  notices: { label: 'Notices', entry: 'Notice' },
  applyLink: { label: 'Apply link' },
  registerLink: { label: 'Register link' },
  checkedListsOn: { label: 'Checked lists on' },
  courseType: { label: 'Course type' },
  target: { label: 'Target' },
  source: { label: 'Table' },
  showCallUs: { label: 'Show "Call us"' },
  id: { label: 'Short name for links' },
  ifToken: { label: 'If signed in' },
  ifNoToken: { label: 'If not signed in' },
  unlessQuery: { label: 'Unless the address has' },
  param: { label: 'Parameter' },
  dob: { label: 'Date of birth range' },
  SOE: { label: 'Engineering (SOE)' },
  SOF: { label: 'Foundation (SOF)' },
  SOM: { label: 'Medical (SOM)' },
  withBlock: { label: 'Only when the dashboard shows' },
  withScholarship: { label: 'Only to students with a scholarship' },
  // programme
  examType: { label: 'Exam type', technical: true },
  name: { label: 'Name' },
  shortName: { label: 'Short name' },
  fee: { label: 'Fee' },
  amount: { label: 'Registration fee (₹)' },
  perTest: { label: 'Per test' },
  tests: { label: 'Tests' },
  papers: { label: 'Papers' },
  offlineSwitchFee: { label: 'Offline switch fee (₹)' },
  schedule: { label: 'Schedule' },
  dates: { label: 'Exam dates', entry: 'Exam date' },
  slots: { label: 'Time slots', entry: 'Time slot' },
  windows: { label: 'Time windows', entry: 'Time window' },
  scholarship: { label: 'Scholarship' },
  maxPercent: { label: 'Maximum scholarship (%)' },
  abovePercent: { label: 'Above (%)' },
  waives: { label: 'Waives' },
  repeater: { label: 'Repeaters' },
  offlineTest: { label: 'Offline test' },
  registration: { label: 'Registration' },
  acceptsStudentId: { label: 'Also asks for the student number (PSID)' },
  fields: { label: 'Fields', entry: 'Field' },
  payment: { label: 'Payment' },
  methods: { label: 'Payment methods', entry: 'Payment method' },
  support: { label: 'Support' },
  login: { label: 'Login screen' },
  tagline: { label: 'Tagline' },
  dashboard: { label: 'Dashboard' },
  faq: { label: 'Questions', entry: 'Question' },
  videos: { label: 'Videos' },
  when: { label: 'Shows when' },
  activeWhen: { label: 'Done when' },
  labelAfterExam: { label: 'Label after the exam' },
  testDetails: { label: 'Test details' },
  translations: { label: 'Translations' },
  hi: { label: 'Hindi' },
  en: { label: 'English' },
  // coupon
  code: { label: 'Code' },
  discount: { label: 'Discount' },
  leadTerm: { label: 'Academic term' },
  validFrom: { label: 'First day' },
  validUntil: { label: 'Last day' },
  uses: { label: 'Number of uses' },
};

/** At a file's top level, where a key means something of its own. */
const TOP_WORDS: Record<WordsKind, Record<string, FieldWords>> = {
  // A landing's own title and description are the browser tab's and the search results'.
  landing: {
    title: { label: 'Page title (browser tab, search results)' },
    description: { label: 'Search results description' },
  },
  programme: {
    id: { label: 'Programme name in reports and addresses', technical: true },
    mode: { label: 'Exam mode (online or offline)' },
  },
  coupon: {},
};

/** Block types (landing and dashboard) as a reader names them. */
const BLOCK_WORDS: Record<string, string> = {
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

/** Fields whose values are block types: their choices are said as block names. */
const BLOCK_VALUED = new Set(['withBlock']);

/** A key in words when the table has none: "offlineSwitchFee" → "Offline switch fee". */
export function humanise(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** What a key means at a file's top level when that differs from elsewhere ("Page title"). */
export const topFieldWords = (kind: WordsKind, key: string): FieldWords | undefined => TOP_WORDS[kind][key];

/** A field's words: at the file's top level (`top`) a key may mean something of its own. */
export function fieldWords(key: string, where: { kind?: WordsKind; top?: boolean } = {}): FieldWords {
  const top = where.top && where.kind ? TOP_WORDS[where.kind][key] : undefined;
  return top ?? FIELD_WORDS[key] ?? { label: humanise(key) };
}

/** One entry of a list field: "Step", "Page address". */
export const entryWord = (key: string): string => {
  const words = fieldWords(key);
  return words.entry ?? words.label;
};

/** One entry of the list a label names ("Sections of the page" → "Section"), when the table says. */
export function entryOfLabel(label: string): string | undefined {
  const all = [FIELD_WORDS, ...Object.values(TOP_WORDS)].flatMap((table) => Object.values(table));
  return all.find((words) => words.label === label && words.entry)?.entry;
}

/** A block type (landing or dashboard) in words: "hero" → "Hero", "courseSection" → "Courses for you". */
export function blockName(type: string): string {
  return BLOCK_WORDS[type] ?? humanise(type);
}

/** The words for a choice of a field: a block type by its name, anything else as it is. */
export function choiceWords(key: string, value: string): string {
  return BLOCK_VALUED.has(key) ? blockName(value) : value;
}
