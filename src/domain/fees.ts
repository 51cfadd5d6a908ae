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
 * The waiver percent (0–100) of one record value. 'Chargeable', '0', empty and anything that is
 * not a number mean no waiver; '50%', '50' and 50 mean 50%. A scholarship never exceeds 100%.
 */
export function waiverPercent(value: WaiverValue): number {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  if (text === '' || text.toLowerCase() === 'chargeable') return 0;
  const match = /^(\d{1,3}(?:\.\d{1,4})?)\s*%?$/.exec(text);
  if (!match?.[1]) return 0;
  return Math.min(100, Number(match[1]));
}

/** Price minus price × percent, rounded to the nearest whole rupee (part 2 §9). */
export function discountedPrice(price: number, percent: number): number {
  // toFixed first so binary noise (e.g. 0.5 stored as 0.49999…) cannot flip the rounding.
  return Math.round(Number((price - (price * percent) / 100).toFixed(6)));
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
): FeeBreakup {
  const rows: FeeRow[] = [];
  let listTotal = 0;
  for (const key of FEE_COMPONENTS) {
    const price = listPrices[key];
    if (price === undefined) continue;
    const field = WAIVER_FIELD[key];
    const percent = field && waiver ? waiverPercent(waiver[field]) : 0;
    const value = discountedPrice(price, percent);
    rows.push({ key, value, strike_value: value < price ? price : null, percent });
    listTotal += price;
  }
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return { rows, listTotal, total, savings: listTotal - total };
}

/** Rupees with Indian digit grouping: 145000 → '1,45,000' (part 2 §9). */
export const formatInr = (amount: number): string => amount.toLocaleString('en-IN');
