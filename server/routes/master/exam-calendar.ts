// Exam dates in India time (+05:30), from the programme config or from per-centre seeded dates.
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import type { AppContext } from '../../context';
import type { CentresTable } from '../../db/tables/master';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** How far ahead a daily schedule offers dates (the spec's "next 30 days"). */
export const DAILY_WINDOW_DAYS = 30;

const ist = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS);
export const istToday = (now: Date): string => ist(now).toISOString().slice(0, 10);
const istMinutes = (now: Date): number => ist(now).getUTCHours() * 60 + ist(now).getUTCMinutes();
const minutesOf = (clock: string): number => {
  const [h = '0', m = '0'] = clock.split(':');
  return Number(h) * 60 + Number(m);
};

export const addDays = (isoDate: string, n: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** An instant (e.g. the client's 2008-01-04T18:30:00.000Z) or a date, as the India date. */
export function istDateOf(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : ist(new Date(t)).toISOString().slice(0, 10);
}

/** 13 Apr 2025 (Sunday) */
export function dateLabel(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.toLocaleDateString('en-IN', { weekday: 'long', timeZone: 'UTC' });
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${date} (${day})`;
}

/** Whether the programme's dates are set per centre (seeded centre_exam_dates rows). */
export async function datesPerCentre(ctx: AppContext, programme: Programme): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('centre_exam_dates')
    .select('id')
    .where('exam_type', '=', programme.examType)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
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
  const today = istToday(now);
  const closes = programme.windows.enrolmentClosesDaysBefore;
  const openByWindow = (d: string) => daysBetween(today, d) > (closes ?? 0);
  if (await datesPerCentre(ctx, programme)) {
    if (!centre) throw new ApiError(400, 'Please select centre first');
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
  if (schedule.kind === 'dates') return [...(schedule.dates ?? [])].sort().filter(openByWindow);
  const cutOff = schedule.sameDayRegistrationClosesAt;
  const todayOpen =
    schedule.firstDay === 'today' && (!cutOff || istMinutes(now) < minutesOf(cutOff)) && closes === undefined;
  const first = todayOpen ? today : addDays(today, 1);
  return Array.from({ length: DAILY_WINDOW_DAYS }, (_, i) => addDays(first, i)).filter(
    (d) => closes === undefined || openByWindow(d),
  );
}
