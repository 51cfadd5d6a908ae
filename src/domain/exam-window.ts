// An exam day's window, as the programme config states it (schedule.slots, durationMinutes): when
// the test opens, when it closes, and the latest start that still leaves the whole duration. One
// rule for the server (the dashboard card) and the client (the FAQ's words), so every text a
// student reads says the same time (docs/decisions/014-exam-window-and-seasons.md).
import type { Programme } from '../generated/config/programme';
import { timeLabel } from './dates';

type Schedule = Pick<Programme['schedule'], 'slots' | 'durationMinutes'>;
type Slot = Pick<Programme['schedule']['slots'][number], 'start' | 'end'>;

/** HH:MM → minutes since midnight. */
export const minutesOf = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const clockOf = (minutes: number): string => {
  const m = Math.max(0, minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * The latest start (HH:MM) that leaves the whole duration before the slot closes: iACST closes at
 * 10 PM and lasts 60 minutes, so 9 PM. A test started later still runs, until the slot closes.
 */
export const latestFullStart = (slot: Slot, durationMinutes: number): string =>
  clockOf(Math.max(minutesOf(slot.start), minutesOf(slot.end) - durationMinutes));

/**
 * The reporting time (HH:MM): when a student must be at the exam centre, `minutesBefore` the slot
 * opens (config windows.reportingMinutesBefore; MOCK-NEET: 30 minutes before 10:00, so 09:30).
 */
export const reportingTime = (slot: Pick<Slot, 'start'>, minutesBefore: number): string =>
  clockOf(minutesOf(slot.start) - minutesBefore);

/** The words a programme's texts may use for its (first) slot: {opensAt}, {closesAt}, {startBy}. */
export function scheduleWords(schedule: Schedule): Record<'opensAt' | 'closesAt' | 'startBy', string> {
  const [slot] = schedule.slots;
  return {
    opensAt: timeLabel(slot.start),
    closesAt: timeLabel(slot.end),
    startBy: timeLabel(latestFullStart(slot, schedule.durationMinutes)),
  };
}

/** A config text with the schedule's words filled in; other braces are left as written. */
export function withScheduleWords(text: string, schedule: Schedule): string {
  const words: Record<string, string> = scheduleWords(schedule);
  return text.replace(/\{(opensAt|closesAt|startBy)\}/g, (_, name: string) => words[name] ?? '');
}
