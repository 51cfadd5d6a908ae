// Which fields of a landing, programme or coupon file decide what a student pays or has waived: the one
// list the editor's confirmation, its ₹ and % inputs and the change list's "Money students pay" all
// read. Every other numeric or amount-like field is listed as not money, with why: a unit test walks
// the schemas and fails on a field in neither list, so a field added to a schema must be classified.
import { dayMonthYear, isIsoDate } from '../../domain/dates';
import { formatInr } from '../../domain/fees';
import { segmentsOf } from './pointer';
import type { ConfigKind } from './schema-labels';
import { escapeSegment } from './pointer';

/** How a money field's value is said: ₹1,200, 60 %, 6 tests, the components a scholarship lowers. */
export type MoneyUnit =
  | 'rupees'
  | 'percent'
  | 'count'
  | 'days'
  | 'components'
  | 'classes'
  | 'question'
  /** A coupon's discount: { percent } or { amount }, said "10% off" or "₹500 off". */
  | 'discount'
  /** A day (YYYY-MM-DD), said "1 Jan 2026". */
  | 'date'
  /** Programme ids, or a text that decides who may use a coupon (its academic term). */
  | 'programmes'
  | 'text';

export interface MoneyField {
  /** A schema-level pointer: `-` stands for any entry of a list. */
  at: string;
  unit: MoneyUnit;
  /** The field in words, as the change list and the confirmation name it. */
  label: string;
  /** For `count`: what is counted ("tests"). */
  noun?: string;
  /** Only these values are money (a registration question is money when it is the coupon box). */
  values?: readonly string[];
  /** What an empty field means, in words ("every class", "no limit"); "not set" without. */
  unset?: string;
  why: string;
}

export interface NotMoneyField {
  /** A schema-level pointer; `**` stands for any run of fields. */
  at: string;
  why: string;
}

const programmeMoney: MoneyField[] = [
  {
    at: '/fee/amount',
    unit: 'rupees',
    label: 'Registration fee',
    why: 'Rupees payable at registration (the sample pack: its price).',
  },
  { at: '/fee/perTest', unit: 'rupees', label: 'Price per test', why: 'The price of one test of a series.' },
  {
    at: '/fee/tests',
    unit: 'count',
    noun: 'tests',
    label: 'Tests the fee buys',
    why: 'What the fee buys: the price reads “₹1,200 for 6 tests”.',
  },
  {
    at: '/fee/papers',
    unit: 'count',
    noun: 'papers',
    label: 'Papers the fee buys',
    why: 'What the pack’s price buys: “₹50 for 4 papers”.',
  },
  {
    at: '/fee/offlineSwitchFee',
    unit: 'rupees',
    label: 'Offline switch fee',
    why: 'Rupees to switch to an offline exam.',
  },
  {
    at: '/scholarship/maxPercent',
    unit: 'percent',
    label: 'Maximum scholarship',
    why: 'The most a scholarship lowers the course fee.',
  },
  {
    at: '/scholarship/validityDays',
    unit: 'days',
    label: 'Scholarship valid for',
    why: 'After these days the student pays the full fee.',
  },
  {
    at: '/scholarship/waives',
    unit: 'components',
    label: 'Fee components the scholarship lowers',
    why: 'Which course fee components the scholarship percent lowers; the others are charged in full.',
  },
  {
    at: '/scholarship/repeater/maxPercent',
    unit: 'percent',
    label: 'Maximum scholarship for repeaters',
    why: 'The cap on a repeater’s scholarship.',
  },
  {
    at: '/scholarship/repeater/classes',
    unit: 'classes',
    label: 'Classes capped as repeaters',
    why: 'Whose scholarship the repeater cap lowers.',
  },
  {
    at: '/scholarship/offlineTest/abovePercent',
    unit: 'percent',
    label: 'Offline test needed above',
    why: 'A scholarship above this percent is paid only after an offline test.',
  },
  {
    at: '/scholarship/offlineTest/withinDays',
    unit: 'days',
    label: 'Offline test within',
    why: 'Without the offline test in these days the higher scholarship lapses.',
  },
  {
    at: '/registration/steps/-/fields/-/name',
    unit: 'question',
    values: ['coupon'],
    label: 'Coupon box',
    why: 'The coupon box is where a student lowers what they pay.',
  },
];

const programmeNotMoney: NotMoneyField[] = [
  { at: '/schedule/durationMinutes', why: 'How long the exam lasts.' },
  {
    at: '/schedule/term',
    why: 'Which academic term’s coupons apply; what a coupon takes off is set with the coupon.',
  },
  {
    at: '/schedule/soldWhole',
    why: 'When registration for a series moves to next season; its price is the fee above.',
  },
  { at: '/registration/defaultCentre', why: 'Which branch serves a student who chose no centre.' },
  { at: '/schedule/papers/perTest', why: 'Papers in one sitting, not what a student buys.' },
  { at: '/schedule/papers/durationMinutes', why: 'How long a paper lasts.' },
  { at: '/windows/enrolmentClosesDaysBefore', why: 'When enrolment closes.' },
  { at: '/windows/admitCardDaysBefore', why: 'When the admit card shows.' },
  { at: '/windows/examValidityHours', why: 'How long a test stays open.' },
  { at: '/windows/reportingMinutesBefore', why: 'When students must be at the exam centre.' },
  { at: '/windows/resultDelay/min', why: 'When results come.' },
  { at: '/windows/resultDelay/max', why: 'When results come.' },
  { at: '/eligibility/maxAttemptsPerYear', why: 'How often a student may sit the exam.' },
  { at: '/registration/allowedRegistrationCount', why: 'When the account-exists message shows.' },
  { at: '/dashboard/firstScreenBlocks', why: 'How many dashboard blocks appear first.' },
  { at: '/scholarship/awardedLastYear', why: 'A text: an amount it states is flagged by its words.' },
  { at: '/payment/methods/-/value', why: 'How a student pays, not how much.' },
  { at: '/payment/methods/-/label', why: 'How a student pays, not how much.' },
  { at: '/payment/default', why: 'The payment method chosen first, not an amount.' },
  { at: '/analytics/paymentFailureEvent', why: 'Whether an analytics event is sent.' },
  {
    at: '/dashboard/faq/-/withScholarship',
    why: 'Whether an answer shows only to scholarship holders: who reads it, not an amount.',
  },
  { at: '/dashboard/blocks/-/type', why: 'Which dashboard block shows (one is the scholarship banner).' },
  {
    at: '/dashboard/blocks/-/when/hasScholarship',
    why: 'When a dashboard block shows: who sees it, not an amount.',
  },
  {
    at: '/dashboard/blocks/-/steps/-/activeWhen/hasScholarship',
    why: 'When a tracker step shows as done.',
  },
  {
    at: '/dashboard/blocks/-/steps/-/when/hasScholarship',
    why: 'When a tracker step shows: who sees it, not an amount.',
  },
  {
    at: '/dashboard/faq/-/when/hasScholarship',
    why: 'When an answer shows: who reads it, not an amount.',
  },
  { at: '/**/image/width', why: 'An image’s size in pixels.' },
  { at: '/**/image/height', why: 'An image’s size in pixels.' },
];

// A landing page states amounts only in its texts (the change list flags an amount a text changes);
// the fee itself is its programme's.
const landingMoney: MoneyField[] = [];

const landingNotMoney: NotMoneyField[] = [
  { at: '/blocks/-/items/-/withScholarship', why: 'Dashboard FAQs only: who reads an answer.' },
  { at: '/blocks/-/items/-/when/hasScholarship', why: 'Dashboard FAQs only: who reads an answer.' },
  { at: '/**/image/width', why: 'An image’s size in pixels.' },
  { at: '/**/image/height', why: 'An image’s size in pixels.' },
];

// Every field of a coupon decides who pays less, and by how much (its code is what students type).
const couponMoney: MoneyField[] = [
  { at: '/code', unit: 'text', label: 'Code students type', why: 'What a student types to pay less.' },
  {
    at: '/programmes',
    unit: 'programmes',
    label: 'Programmes',
    why: 'Whose exam fee the coupon lowers.',
  },
  {
    at: '/classes',
    unit: 'classes',
    label: 'Classes',
    unset: 'every class',
    why: 'Which students may use the coupon.',
  },
  {
    at: '/leadTerm',
    unit: 'text',
    label: 'Academic term',
    unset: 'any term',
    why: 'Which students may use the coupon.',
  },
  { at: '/discount', unit: 'discount', label: 'Discount', why: 'What the coupon takes off the exam fee.' },
  { at: '/validFrom', unit: 'date', label: 'First day', why: 'From when students pay less.' },
  { at: '/validUntil', unit: 'date', label: 'Last day', why: 'Until when students pay less.' },
  {
    at: '/uses',
    unit: 'count',
    noun: 'uses',
    label: 'Number of uses',
    unset: 'no limit',
    why: 'How many registrations pay less.',
  },
];

export const moneyFields: Record<ConfigKind, readonly MoneyField[]> = {
  landing: landingMoney,
  programme: programmeMoney,
  coupon: couponMoney,
};

export const notMoneyFields: Record<ConfigKind, readonly NotMoneyField[]> = {
  landing: landingNotMoney,
  programme: programmeNotMoney,
  coupon: [],
};

/** A document pointer as a schema-level one: list positions become `-`. */
export function schemaPointer(pointer: string): string {
  return segmentsOf(pointer)
    .map((s) => `/${/^\d+$/.test(s) ? '-' : s}`)
    .join('');
}

function matches(pattern: string, pointer: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(schemaPointer(pointer));
  const from = (i: number, j: number): boolean => {
    if (i === want.length) return j === have.length;
    if (want[i] === '**') return from(i + 1, j) || (j < have.length && from(i, j + 1));
    return j < have.length && want[i] === have[j] && from(i + 1, j + 1);
  };
  return from(0, 0);
}

/**
 * The money field at a pointer or above it (a waived component `/scholarship/waives/2` is the
 * waives field's), or undefined. With `values` (the field's old and new values), a field listed
 * only for some values (the coupon question) is money when either value is one of them; without,
 * any field that may be money (the editor gives it a confirming input).
 */
export function moneyFieldAt(
  kind: ConfigKind,
  pointer: string,
  values?: readonly unknown[],
): MoneyField | undefined {
  const at = schemaPointer(pointer);
  return moneyFields[kind].find(
    (f) =>
      (at === f.at || at.startsWith(`${f.at}/`)) &&
      (values === undefined ||
        f.values === undefined ||
        values.some((v) => typeof v === 'string' && f.values?.includes(v))),
  );
}

/**
 * Whether a field holds a student-facing amount (the editor asks before it changes). Array
 * positions may be written as `-` (a schema-level pointer, any entry). A field that is money only
 * for some values (the coupon question) counts here: its editor asks when the value is one of them.
 */
export function isMoneyField(kind: ConfigKind, pointer: string): boolean {
  const at = schemaPointer(pointer);
  return moneyFields[kind].some((f) => at === f.at || at.startsWith(`${f.at}/`));
}

/** Whether a field is listed as not money (for the schema walk that keeps the lists complete). */
export function isNotMoneyField(kind: ConfigKind, pointer: string): boolean {
  return notMoneyFields[kind].some((f) => matches(f.at, pointer));
}

export interface MoneyValue {
  field: MoneyField;
  pointer: string;
  value: unknown;
}

/** The money fields inside a whole value at `pointer` (a removed registration step, the scholarship). */
export function moneyInside(kind: ConfigKind, pointer: string, value: unknown): MoneyValue[] {
  const found: MoneyValue[] = [];
  const walk = (v: unknown, at: string): void => {
    const field = moneyFieldAt(kind, at, [v]);
    if (field) {
      found.push({ field, pointer: at, value: v });
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) walk(x, `${at}/${escapeSegment(k)}`);
  };
  walk(value, pointer);
  return found;
}

const plural = (n: number, noun: string): string => `${n} ${n === 1 ? noun.replace(/s$/, '') : noun}`;

/** A coupon's discount in words: 10% off · ₹500 off ('not set' for anything else). */
export function sayDiscount(discount: unknown): string {
  if (typeof discount !== 'object' || discount === null) return 'not set';
  const { percent, amount } = discount as { percent?: unknown; amount?: unknown };
  if (typeof percent === 'number') return `${percent}% off`;
  if (typeof amount === 'number') return `₹${formatInr(amount)} off`;
  return 'not set';
}

/** A money value in words: ₹1,200 · ₹0 (free) · 60% · 6 tests · 30 days · 10% off · 1 Jan 2026 · not set. */
export function sayMoney(field: MoneyField, value: unknown): string {
  if (field.unit === 'question') return field.values?.includes(String(value)) ? 'asked' : 'not asked';
  if (value === undefined || value === null || value === '') return field.unset ?? 'not set';
  if (field.unit === 'discount') return sayDiscount(value);
  if (field.unit === 'date' && typeof value === 'string' && isIsoDate(value)) return dayMonthYear(value);
  if (typeof value === 'number') {
    switch (field.unit) {
      case 'rupees':
        return value === 0 ? '₹0 (free)' : `₹${formatInr(value)}`;
      case 'percent':
        return `${value}%`;
      case 'days':
        return plural(value, 'days');
      case 'count':
        return plural(value, field.noun ?? 'items');
      default:
        return String(value);
    }
  }
  if (Array.isArray(value))
    return value.length === 0 ? (field.unset ?? 'none') : value.map((v) => String(v)).join(', ');
  return String(value);
}
