// A booking's schedule as the student is told it: the tests of a series (MOCK-JEE), each opening at
// the slot's start on its date of the season they registered in, and a one-day exam's slot hours
// with its reporting time (config windows.reportingMinutesBefore). Pure: computed from the
// programme config and the student's row, no database call (the signup answers it on the
// registration path, decision 031). The dashboard's sittings (sittings.ts) and the thank-you page
// (the signup's reply) both read it, so the two name the same tests on the same dates.
import { reportingTime } from '../../../src/domain/exam-window';
import { seasonDates } from '../../../src/domain/season';
import type { RegistrationSchedule } from '../../../src/generated/api/registration-signup';
import type { Programme } from '../../../src/generated/config/programme';
import type { Student } from '../../context';
import { addMs } from '../../timestamps';
import { examValidityHours, slotOf } from './programme';
import { istDate, istInstant } from './time';

const HOUR_MS = 3_600_000;

/** One test of a series, as its season schedules it. */
export interface SeasonTest {
  id: string;
  seriesNo: number;
  name: string;
  opensAt: Date;
  closesAt: Date;
}

/**
 * A series programme's tests (MOCK-JEE) for a student registered at `registeredAt`: the season they
 * registered in (a yearly season moves on; their tests do not), each opening at the booked slot's
 * start and open for the programme's validity. None for a programme that is not a series.
 */
export function seasonSeries(programme: Programme, registeredAt: Date, slotId: string | null): SeasonTest[] {
  if (!programme.schedule.papers) return [];
  const slot = slotOf(programme, slotId);
  const validityMs = examValidityHours(programme) * HOUR_MS;
  return seasonDates(
    programme.schedule,
    istDate(registeredAt),
    programme.windows.enrolmentClosesDaysBefore,
  ).map((date, i) => {
    const opensAt = istInstant(date, slot.start);
    return {
      id: `S${i + 1}-${date}`,
      seriesNo: i + 1,
      name: `Mock Test ${i + 1}`,
      opensAt,
      closesAt: addMs(opensAt, validityMs),
    };
  });
}

/**
 * What the thank-you page states of a new registration (part 2 §2 step 4, "exam schedule"): a
 * series' tests with their dates, when each opens and for how long; else the booked slot's hours,
 * and for an offline exam whose programme sets one, the reporting time.
 */
export function bookedSchedule(
  programme: Programme,
  student: Pick<Student, 'created_at' | 'exam_slot_id' | 'exam_mode'>,
): RegistrationSchedule {
  const slot = slotOf(programme, student.exam_slot_id);
  const series = seasonSeries(programme, new Date(student.created_at), student.exam_slot_id);
  if (series.length > 0)
    return {
      opens_at: slot.start,
      open_hours: examValidityHours(programme),
      tests: series.map((s) => ({ number: s.seriesNo, date: istDate(s.opensAt) })),
    };
  const early = programme.windows.reportingMinutesBefore;
  return {
    opens_at: slot.start,
    closes_at: slot.end,
    ...(student.exam_mode === 'Offline' && early !== undefined
      ? { report_at: reportingTime(slot, early) }
      : {}),
  };
}
