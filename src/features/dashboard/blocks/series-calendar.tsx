// MOCK-JEE 'Test Series Calender' (part 2 §2, the spec's spelling): on phones (<= 767 px) a strip
// stuck to the bottom of the screen that expands a month calendar with the test dates marked; wider
// screens show the same disclosure in place, open. The months are the programme's season's
// (schedule.calendarMonths, moved to the current occurrence when it repeats yearly);
// when none of the student's tests falls in them (a series dated from the student's own start),
// the calendar shows the months of the student's tests instead, so it never shows empty months.
import { useEffect, useId, useState } from 'react';
import { seasonMonths } from '../../../domain/season';
import type { MockJeeSeries } from '../../../generated/api/dashboard';
import { indiaDate } from '../dashboard-facts';
import type { DashboardBlockComponent, PortalContext } from '../portal-context';
import './mock-jee.css';

/** The colour key's order: what a student looks for first. */
const STATUSES: readonly MockJeeSeries['status'][] = ['Ongoing', 'Upcoming', 'Results', 'Missed'];

/** Part 2 §9: the phone breakpoint (one reading 767 px). */
const PHONE = '(max-width: 767px)';
const phone = (): boolean => typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches === true;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthOf = (isoDate: string): string => isoDate.slice(0, 7);

/** YYYY-MM to YYYY-MM, every month between, in order. */
function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const [ly, lm] = last.split('-').map(Number) as [number, number];
  // Bounded: a calendar of more than two years is a data mistake, not a calendar.
  while ((y < ly || (y === ly && m <= lm)) && months.length < 24) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

/**
 * The months to show: the configured ones when at least one test date falls in them; else the
 * months from the student's first test to the last; else the configured ones.
 */
export function calendarMonths(
  configured: readonly string[] | undefined,
  series: readonly MockJeeSeries[],
): string[] {
  const config = (configured ?? []).filter((m) => MONTH.test(m));
  const dates = series
    .map((s) => s.exam_date)
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
  if (dates.some((d) => config.includes(monthOf(d))) || dates.length === 0) return config;
  return monthRange(monthOf(dates[0] as string), monthOf(dates[dates.length - 1] as string));
}

/** The weeks of a month (Sunday first): day numbers, null for the days of other months. */
export function monthWeeks(month: string): (number | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (number | null)[] = [
    ...Array<null>(first).fill(null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

function Month({
  month,
  series,
  today,
  context,
}: {
  month: string;
  series: readonly MockJeeSeries[];
  today: string;
  context: PortalContext;
}) {
  const { t } = context;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const monthNames = t('mockJee.months').split(',');
  const weekdays = t('mockJee.weekdays').split(',');
  const short = t('mockJee.weekdaysShort').split(',');
  const byDate = new Map(series.map((s) => [s.exam_date, s]));
  return (
    <table className="ef-jee-month">
      <caption>{`${monthNames[m - 1] ?? month} ${y}`}</caption>
      <thead>
        <tr>
          {weekdays.map((day, i) => (
            <th key={day} scope="col" abbr={day}>
              {short[i] ?? day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (day === null) return <td key={d} />;
              const date = `${month}-${String(day).padStart(2, '0')}`;
              const test = byDate.get(date);
              const classes = [
                'ef-jee-day',
                test ? `ef-jee-day--test ef-jee-day--${test.status.toLowerCase()}` : '',
                date === today ? 'ef-jee-day--today' : '',
              ];
              return (
                <td
                  key={d}
                  className={classes.filter(Boolean).join(' ')}
                  aria-current={date === today ? 'date' : undefined}
                >
                  {test ? (
                    <>
                      <span aria-hidden="true">{day}</span>
                      <span className="ef-visually-hidden">
                        {t('mockJee.calendarDay', {
                          day,
                          series: test.series_name,
                          status: t(`mockJee.status.${test.status}`),
                        })}
                      </span>
                    </>
                  ) : (
                    day
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const SeriesCalendar: DashboardBlockComponent = ({ context }) => {
  const { t, data, now, config } = context;
  // Phones start with the strip closed (it would cover the page); wider screens with it open.
  const [open, setOpen] = useState(() => !phone());
  const panelId = useId();
  const headingId = useId();
  useEffect(() => {
    if (!open) return undefined;
    // Escape closes it when the student is in it (not Escape meant for a menu or a dialog).
    const onKey = (event: KeyboardEvent) => {
      const root = document.getElementById(panelId)?.parentElement;
      if (event.key === 'Escape' && root?.contains(document.activeElement)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, panelId]);
  const today = indiaDate(now);
  // The configured months of the season as it stands today (a yearly season moves on).
  const { schedule, windows } = config.programme;
  const months = calendarMonths(
    seasonMonths(schedule, today, windows.enrolmentClosesDaysBefore),
    data.mock_jee_series,
  );
  if (months.length === 0) return null;
  const title = t('mockJee.calendarStrip');
  return (
    <section className={`ef-jee-calendar${open ? ' ef-jee-calendar--open' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="ef-jee-calendar__heading">
        <button
          type="button"
          className="ef-jee-calendar__strip"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {title}
          <span className="ef-jee-calendar__chevron" aria-hidden="true" />
        </button>
      </h2>
      {/* On phones the panel scrolls: focusable, so a keyboard can scroll it (axe:
          scrollable-region-focusable). */}
      <div
        id={panelId}
        className="ef-jee-calendar__panel"
        hidden={!open}
        role="group"
        aria-label={title}
        tabIndex={0}
      >
        <p className="ef-jee-note">{t('mockJee.calendarLegend')}</p>
        <ul className="ef-jee-key" aria-label={t('mockJee.calendarKey')}>
          {STATUSES.map((status) => (
            <li key={status}>
              <span className={`ef-jee-key__mark ef-jee-day--test ef-jee-day--${status.toLowerCase()}`}>
                <span aria-hidden="true" />
              </span>
              {t(`mockJee.status.${status}`)}
            </li>
          ))}
          <li>
            <span className="ef-jee-key__mark ef-jee-key__mark--today" aria-hidden="true" />
            {t('mockJee.calendarToday')}
          </li>
        </ul>
        <div className="ef-jee-calendar__months">
          {months.map((month) => (
            <Month key={month} month={month} series={data.mock_jee_series} today={today} context={context} />
          ))}
        </div>
      </div>
    </section>
  );
};
