// Exam dates in India time (+05:30), from the programme config or from per-centre seeded dates.
import { minutesOf } from '../../../src/domain/exam-window';
import { seasonDates } from '../../../src/domain/season';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import type { AppContext } from '../../context';
import type { CentresTable } from '../../db/tables/master';
import { addDays, daysBetween, istDate, istInstant } from '../exams/time';
import { message } from '../../api/messages';
import { masterSnapshot } from './master-snapshot';

/** How far ahead a daily schedule offers dates (the spec's "next 30 days"). */
export const DAILY_WINDOW_DAYS = 30;

/** Minutes since India midnight of an instant. */
const istMinutes = (now: Date): number => (now.getTime() - istInstant(istDate(now)).getTime()) / 60_000;

/** An instant (e.g. the client's 2008-01-04T18:30:00.000Z) or a date, as the India date. */
export function istDateOf(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : istDate(new Date(t));
}

/** Whether the programme's dates are set per centre (seeded centre_exam_dates rows). */
export async function datesPerCentre(ctx: AppContext, programme: Programme): Promise<boolean> {
  return (await masterSnapshot(ctx)).datesPerCentre.has(programme.examType);
}

/**
 * The dates a student can register for now, ascending. A date is open until its enrolment closes
 * (windows.enrolmentClosesDaysBefore days before it; otherwise until the day before). A daily
 * schedule starts at schedule.firstDay, and today only until the same-day cut-off.
 */
export async function openExamDates(
  ctx: AppContext,
  programme: Programme,
  centre: CentresTable | undefined,
): Promise<string[]> {
  const now = ctx.now();
  const today = istDate(now);
  const closes = programme.windows.enrolmentClosesDaysBefore;
  const openByWindow = (d: string) => daysBetween(today, d) > (closes ?? 0);
  if (await datesPerCentre(ctx, programme)) {
    if (!centre) throw new ApiError(400, message('validation.centre.first'));
    const rows = await ctx.db
      .selectFrom('centre_exam_dates')
      .select('exam_date')
      .where('exam_type', '=', programme.examType)
      .where('centre_id', '=', centre.id)
      .orderBy('exam_date')
      .execute();
    return rows.map((r) => r.exam_date).filter(openByWindow);
  }
  const { schedule } = programme;
  // A season that repeats yearly offers its next occurrence (src/domain/season.ts).
  if (schedule.kind === 'dates') return seasonDates(schedule, today, closes).filter(openByWindow);
  const cutOff = schedule.sameDayRegistrationClosesAt;
  const todayOpen =
    schedule.firstDay === 'today' && (!cutOff || istMinutes(now) < minutesOf(cutOff)) && closes === undefined;
  const first = todayOpen ? today : addDays(today, 1);
  return Array.from({ length: DAILY_WINDOW_DAYS }, (_, i) => addDays(first, i)).filter(
    (d) => closes === undefined || openByWindow(d),
  );
}

/**
 * Whether any date is open for registration now: at any listed centre of the programme where it
 * dates by centre, else in its own schedule (a landing says so before the student types anything).
 */
export async function anyDateOpen(ctx: AppContext, programme: Programme): Promise<boolean> {
  if (!(await datesPerCentre(ctx, programme)))
    return (await openExamDates(ctx, programme, undefined)).length > 0;
  const centres = await ctx.db
    .selectFrom('centres')
    .selectAll()
    .where('listed', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('centre_exam_dates as d')
          .select('d.id')
          .whereRef('d.centre_id', '=', 'centres.id')
          .where('d.exam_type', '=', programme.examType),
      ),
    )
    .execute();
  for (const centre of centres) if ((await openExamDates(ctx, programme, centre)).length > 0) return true;
  return false;
}
