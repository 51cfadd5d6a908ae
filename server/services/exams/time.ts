// Dates and times as the programmes state them: India time (+05:30, no daylight saving). India-time
// arithmetic and how a date is shown are rules shared with the client (src/domain/dates.ts, their
// one home); these are the server's names for them.
import {
  addDays,
  daysBetween,
  indiaDate,
  indiaInstant,
  isIsoDate,
  showDateTime,
  showExamDate,
  timeLabel,
  weekdayOf,
} from '../../../src/domain/dates';

export { addDays, daysBetween, isIsoDate, timeLabel, weekdayOf };

/** The India date (YYYY-MM-DD) of an instant. */
export const istDate = indiaDate;

/** The instant of an India date and time (HH:MM). */
export const istInstant = indiaInstant;

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
