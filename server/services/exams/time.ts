// Dates and times as the programmes state them: India time (+05:30, no daylight saving). How a
// date is shown is one rule shared with the client (src/domain/dates.ts).
import {
  daysBetween,
  indiaDate,
  INDIA_OFFSET_MS as IST_OFFSET_MS,
  showDateTime,
  showExamDate,
  timeLabel,
  weekdayOf,
} from '../../../src/domain/dates';

export { daysBetween, timeLabel, weekdayOf };
const DAY_MS = 86_400_000;

/** The India date (YYYY-MM-DD) of an instant. */
export const istDate = indiaDate;

/** The instant of an India date and time (HH:MM); arithmetic, not string parsing (a hot path). */
export const istInstant = (date: string, hhmm = '00:00'): Date => {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const [h, min] = [Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))];
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    /^\d{2}:\d{2}$/.test(hhmm) &&
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= 31 &&
    min <= 59 &&
    (h < 24 || (h === 24 && min === 0));
  if (!valid) return new Date(NaN); // as the string parser answers
  return new Date(Date.UTC(y, m - 1, d, h, min) - IST_OFFSET_MS);
};

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const isoDateShape = /^\d{4}-\d{2}-\d{2}$/;

/** The date `days` after a YYYY-MM-DD date; arithmetic, not string parsing (30 per signup). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  // What Date.parse accepts: a month 01–12, a day 01–31 (the 31st of a shorter month rolls over).
  if (!isoDateShape.test(date) || m < 1 || m > 12 || d < 1 || d > 31)
    throw new RangeError(`Invalid date: ${date}`);
  const day = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;
};

export const isIsoDate = (value: string): boolean =>
  isoDateShape.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * 13 Apr 2025 (Sunday), or in Hindi 13 अप्रैल 2025 (रविवार): every date a student reads, in the one
 * style of src/domain/dates.ts (the date options, the thank-you, the dashboard, the test player).
 */
export const dateLabel = showExamDate;

/** 13 Apr 2025 (Sunday), 02:30 PM (India time) */
export const dateTimeLabel = (at: Date, locale = 'en'): string => showDateTime(at.toISOString(), locale);

/** 200 → 3 hours 20 minutes */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? `${h} hour${h > 1 ? 's' : ''}` : '', m ? `${m} minute${m > 1 ? 's' : ''}` : ''];
  return parts.filter(Boolean).join(' ') || '0 minutes';
}
