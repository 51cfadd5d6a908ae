// A coupon in one plain sentence, for the Studio's coupon editor (in place of a page preview) and its
// list: who gets what, with which code, when. A draft may lack parts: each missing part is said so.
import { dayMonthYear, isIsoDate } from '../../domain/dates';
import { sayDiscount } from '../../engine/content/money-fields';

export interface CouponParts {
  code?: string;
  programmes?: readonly string[];
  classes?: readonly string[];
  leadTerm?: string;
  discount?: unknown;
  validFrom?: string;
  validUntil?: string;
  uses?: number | null;
}

/** "a, b or c" */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

const classWord = (c: string): string => (c === '12-passed' ? '12 (passed)' : c);

/** 1 Jan and 31 Jan 2027 (one year said once), or 20 Dec 2026 and 10 Jan 2027. */
export function dayRange(from: string, until: string): string {
  const [a, b] = [dayMonthYear(from), dayMonthYear(until)];
  if (from.slice(0, 4) === until.slice(0, 4)) return `${a.replace(/ \d{4}$/, '')} and ${b}`;
  return `${a} and ${b}`;
}

/**
 * "Students of Mock NEET in class 11 or 12 who type SAVE10 between 1 Jan and 31 Jan 2027 get ₹500
 * off the exam fee." `programmeName` turns a programme id into its name.
 */
export function couponSentence(coupon: CouponParts, programmeName: (id: string) => string): string {
  const programmes = coupon.programmes ?? [];
  const who = programmes.length ? orList(programmes.map(programmeName)) : '(no programme chosen yet)';
  const classes = coupon.classes?.length ? ` in class ${orList(coupon.classes.map(classWord))}` : '';
  const term = coupon.leadTerm ? ` of the ${coupon.leadTerm} academic term` : '';
  const code = coupon.code ? coupon.code : '(no code yet)';
  const { validFrom: from = '', validUntil: until = '' } = coupon;
  const days =
    isIsoDate(from) && isIsoDate(until)
      ? ` between ${dayRange(from, until)}`
      : isIsoDate(from)
        ? ` from ${dayMonthYear(from)} (no last day yet)`
        : ' (no days chosen yet)';
  const discount = sayDiscount(coupon.discount);
  const gets = discount === 'not set' ? 'get (no discount set yet)' : `get ${discount} the exam fee`;
  const sentences = [`Students of ${who}${classes}${term} who type ${code}${days} ${gets}.`];
  if (isIsoDate(from) && isIsoDate(until) && until < from)
    sentences.push('The last day is before the first: nobody can use it.');
  if (typeof coupon.uses === 'number')
    sentences.push(
      `Only the first ${coupon.uses} registration${coupon.uses === 1 ? '' : 's'} with it pay less.`,
    );
  return sentences.join(' ');
}
