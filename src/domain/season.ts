// A dated programme's season (MOCK-NEET, MOCK-JEE: part 2 §1 names April–May 2025). The config
// lists the season's dates and calendar months; with schedule.repeatsYearly the season comes back
// every year on the same days, and the one that counts is its next occurrence: the first year (from
// the configured one) in which a date is still open for enrolment. So `npm start` on any day offers
// a date, and the calendar shows that season's months. Pure: shared by the server (dates, signup,
// a series' tests) and the client (the MOCK-JEE calendar). docs/decisions/014-….md
import type { Programme } from '../generated/config/programme';
import { daysBetween } from './dates';

type DatedSchedule = Pick<
  Programme['schedule'],
  'dates' | 'calendarMonths' | 'repeatsYearly' | 'term' | 'soldWhole'
>;
/** YYYY-… with the year moved on by `years`. */
const laterYear = (value: string, years: number): string =>
  `${String(Number(value.slice(0, 4)) + years).padStart(4, '0')}${value.slice(4)}`;

/**
 * How many years the configured season moves on to be the current one: 0 without repeatsYearly;
 * else the first shift whose last date (a series sold whole: its first) is still open on `today`
 * (YYYY-MM-DD, India time), a date being open while more than `closesDaysBefore` days away (the
 * enrolment window; 0 = until the day before).
 */
export function seasonShift(schedule: DatedSchedule, today: string, closesDaysBefore = 0): number {
  const sorted = [...(schedule.dates ?? [])].sort();
  const pivot = schedule.soldWhole ? sorted[0] : sorted.at(-1);
  if (!schedule.repeatsYearly || !pivot) return 0;
  let years = Math.max(0, Number(today.slice(0, 4)) - Number(pivot.slice(0, 4)) - 1);
  // Two steps at most: the season of today's year, or the next one.
  while (daysBetween(today, laterYear(pivot, years)) <= closesDaysBefore) years += 1;
  return years;
}

/** The season's dates as of `today` (the configured ones, moved to the current occurrence). */
export const seasonDates = (schedule: DatedSchedule, today: string, closesDaysBefore = 0): string[] => {
  const years = seasonShift(schedule, today, closesDaysBefore);
  return [...(schedule.dates ?? [])].sort().map((d) => laterYear(d, years));
};

/** The season's calendar months (YYYY-MM) as of `today`, moved with its dates. */
export const seasonMonths = (
  schedule: DatedSchedule,
  today: string,
  closesDaysBefore = 0,
): string[] | undefined => {
  const years = seasonShift(schedule, today, closesDaysBefore);
  return schedule.calendarMonths?.map((m) => laterYear(m, years));
};

/**
 * The academic term of the season as of `today` (the configured term, e.g. 2024-25, moved on with
 * the dates: 2025-26 a year later), or undefined for a programme without one. A coupon made for a
 * term (a lead term, part 2 §7) applies in that term's season only.
 */
export function seasonTerm(schedule: DatedSchedule, today: string, closesDaysBefore = 0): string | undefined {
  const term = schedule.term?.match(/^(\d{4})-(\d{2})$/);
  if (!term) return undefined;
  const years = seasonShift(schedule, today, closesDaysBefore);
  const first = Number(term[1]) + years;
  return `${first}-${String((Number(term[2]) + years) % 100).padStart(2, '0')}`;
}
