// Course fee components and the scholarship fee waiver (part 2 §3, §9). Pure: the server computes
// the amount to pay with it and the client shows the same breakup, so the two cannot disagree.

/** The fee components in display order. */
export const FEE_COMPONENTS = [
  'Registration Fee',
  'Admission Kit & Digital Access',
  'Tuition Fee',
  'Tech + Exam Fee',
  'Classroom Fee Service',
] as const;
export type FeeComponent = (typeof FEE_COMPONENTS)[number];

/** A waiver value of the third-party result record: 'Chargeable', '0', '50%', '50' or 50. */
export type WaiverValue = string | number | null | undefined;

/** The third-party result record (GetStudentResult_WebJsonResult), as far as fees go. */
export interface WaiverRecord {
  admfee?: WaiverValue;
  tuitionfee?: WaiverValue;
  Technology_Examination_Fee?: WaiverValue;
  ClassroomService?: WaiverValue;
}

/** Which waiver field reduces which component; the registration fee is never waived. */
export const WAIVER_FIELD: Record<FeeComponent, keyof WaiverRecord | null> = {
  'Registration Fee': null,
  'Admission Kit & Digital Access': 'admfee',
  'Tuition Fee': 'tuitionfee',
  'Tech + Exam Fee': 'Technology_Examination_Fee',
  'Classroom Fee Service': 'ClassroomService',
};

/**
 * How a bare '0' in the third-party record is read. Part 2 §3 lists the values as "'Chargeable',
 * '0', a percent string such as '50%', or a number treated as a percent": '0' stands apart from
 * the numbers, so examflow reads it as "this component costs 0" (`free`, waived in full);
 * `chargeable` is decision 003's first reading (0 % off). Config: site.json commerce.waiverZero.
 */
export type WaiverZeroReading = 'free' | 'chargeable';

/**
 * The waiver percent (0–100) of one record value. 'Chargeable', empty and anything that is not a
 * number mean no waiver; '0' (the string, as the record lists it) follows `zero`; '50%', '50' and
 * 50 mean 50% (so does '0%' or the number 0: 0 % off). A scholarship never exceeds 100%.
 */
export function waiverPercent(value: WaiverValue, zero: WaiverZeroReading = 'free'): number {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  if (text === '' || text.toLowerCase() === 'chargeable') return 0;
  if (typeof value === 'string' && text === '0') return zero === 'free' ? 100 : 0;
  const match = /^(\d{1,3}(?:\.\d{1,4})?)\s*%?$/.exec(text);
  if (!match?.[1]) return 0;
  return Math.min(100, Number(match[1]));
}

/**
 * Price minus round(price × percent): the deduction is rounded to the nearest whole rupee (part 2
 * §9 "each percent component is deducted and rounded"); the one rounding rule of every fee.
 */
export function discountedPrice(price: number, percent: number): number {
  // toFixed first so binary noise (e.g. 0.5 stored as 0.49999…) cannot flip the rounding.
  const deduction = Math.round(Number(((price * percent) / 100).toFixed(6)));
  return Math.max(0, price - deduction);
}

/** The waiver fields of a record, in the order of FEE_COMPONENTS. */
export const WAIVER_FIELDS = FEE_COMPONENTS.map((key) => WAIVER_FIELD[key]).filter(
  (field): field is keyof WaiverRecord => field !== null,
);

/**
 * The record a scholarship stands for: its percent on each component the programme's scholarship
 * covers (programme.scholarship.waives), 'Chargeable' on the others. The server derives it from
 * the student's released result, so a waiver row that is missing cannot drop an announced award.
 */
export function scholarshipWaiver(percent: number, covers: readonly FeeComponent[]): WaiverRecord {
  const record: WaiverRecord = {};
  for (const key of FEE_COMPONENTS) {
    const field = WAIVER_FIELD[key];
    if (field) record[field] = percent > 0 && covers.includes(key) ? `${percent}%` : 'Chargeable';
  }
  return record;
}

/**
 * Two waivers of one student (the scholarship and a third-party record) together: each component
 * takes the larger of its two waivers, so one never cancels the other and nothing is waived twice.
 */
export function combineWaivers(
  a: WaiverRecord | null,
  b: WaiverRecord | null,
  zero: WaiverZeroReading = 'free',
): WaiverRecord | null {
  if (!a || !b) return a ?? b;
  const record: WaiverRecord = {};
  for (const field of WAIVER_FIELDS) {
    const percent = Math.max(waiverPercent(a[field], zero), waiverPercent(b[field], zero));
    record[field] = percent > 0 ? `${percent}%` : 'Chargeable';
  }
  return record;
}

export interface FeeRow {
  key: FeeComponent;
  /** What the student pays for this component, in rupees. */
  value: number;
  /** The list price when a waiver lowered it; otherwise null (nothing to strike through). */
  strike_value: number | null;
  /** The waiver applied, 0–100. */
  percent: number;
}

export interface FeeBreakup {
  rows: FeeRow[];
  /** Sum of the list prices. */
  listTotal: number;
  /** Sum of what is paid. */
  total: number;
  /** listTotal − total. */
  savings: number;
}

/** The breakup of a course's list prices with the student's waiver record (if any) applied. */
export function applyWaiver(
  listPrices: Partial<Record<FeeComponent, number>>,
  waiver?: WaiverRecord | null,
  zero: WaiverZeroReading = 'free',
): FeeBreakup {
  const rows: FeeRow[] = [];
  let listTotal = 0;
  for (const key of FEE_COMPONENTS) {
    const price = listPrices[key];
    if (price === undefined) continue;
    const field = WAIVER_FIELD[key];
    const percent = field && waiver ? waiverPercent(waiver[field], zero) : 0;
    const value = discountedPrice(price, percent);
    rows.push({ key, value, strike_value: value < price ? price : null, percent });
    listTotal += price;
  }
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return { rows, listTotal, total, savings: listTotal - total };
}

/** Rupees with Indian digit grouping: 145000 → '1,45,000' (part 2 §9). */
export const formatInr = (amount: number): string => amount.toLocaleString('en-IN');

/** What a registration costs after its coupon: the fee less the discount, never below 0 (part 2 §4). */
export const payableAfterCoupon = (fee: number, discount: number): number => Math.max(0, fee - discount);
