// MOCK-JEE 'Live Test' (part 2 §2 "Mock carousel", §4 "Mock JEE live test and results"): the
// ongoing test's date, start time, a 'Closes In' countdown and status 'Ongoing', with its papers.
// The test closes 48 hours after it opens (the series' end_time); at zero the dashboard reloads.
import { useEffect, useId, useRef } from 'react';
import { indiaDateTime, showExamDate } from '../../../domain/dates';
import { liveSeries } from '../dashboard-facts';
import type { DashboardBlockComponent, PortalContext } from '../portal-context';
import { PaperList, StatusBadge, useTimeLeft } from './mock-jee-parts';
import './mock-jee.css';

const HOUR_MS = 3_600_000;

/** When the test closes: the server's end_time, else start + the programme's validity (48 h). */
export function closesAt(
  series: { start_time: string; end_time: string },
  validityHours = 48,
): number | undefined {
  const end = Date.parse(series.end_time);
  if (!Number.isNaN(end)) return end;
  const start = Date.parse(series.start_time);
  return Number.isNaN(start) ? undefined : start + validityHours * HOUR_MS;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 47:59:05 for what is left, and its parts for the spoken label. */
export function countdownParts(ms: number): {
  hours: number;
  minutes: number;
  seconds: number;
  text: string;
} {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { hours, minutes, seconds, text: `${two(hours)}:${two(minutes)}:${two(seconds)}` };
}

/**
 * hh:mm:ss, ticking every second. A timer role is not announced as it changes (it is not a live
 * region that speaks), and its spoken label changes only by the minute, so a screen reader that
 * lands on it hears "Closes in 47 hours 59 minutes", not a stream of seconds.
 */
function Countdown({ until, context }: { until: number; context: PortalContext }) {
  const { t, actions } = context;
  const left = useTimeLeft(until);
  const parts = countdownParts(left);
  const reloaded = useRef(false);
  useEffect(() => {
    if (left <= 0 && !reloaded.current) {
      reloaded.current = true;
      actions.refreshDashboard();
    }
  }, [left, actions]);
  return (
    <span
      role="timer"
      className="ef-jee-countdown"
      aria-label={
        left <= 0
          ? t('mockJee.closed')
          : left < 60_000
            ? t('mockJee.closesSoon')
            : t('mockJee.closesInLabel', { hours: parts.hours, minutes: parts.minutes })
      }
    >
      <span aria-hidden="true">{parts.text}</span>
    </span>
  );
}

export const LiveTest: DashboardBlockComponent = ({ context }) => {
  const { t, data, now, config } = context;
  const headingId = useId();
  const titleId = useId();
  const series = liveSeries(data, now);
  if (!series) return null;
  const start = indiaDateTime(series.start_time, config.locale);
  const until = closesAt(series, config.programme.windows.examValidityHours);
  return (
    <section className="ef-section ef-jee-live" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mockJee.liveHeading')}</h2>
      <article className="ef-jee-card ef-jee-card--live" aria-labelledby={titleId}>
        <h3 id={titleId}>{series.series_name}</h3>
        <dl className="ef-dash-facts">
          <div>
            <dt>{t('mockJee.examDate')}</dt>
            <dd>{showExamDate(series.exam_date, config.locale)}</dd>
          </div>
          {start ? (
            <div>
              <dt>{t('mockJee.startTime')}</dt>
              <dd>{start.time}</dd>
            </div>
          ) : null}
          {until !== undefined ? (
            <div>
              <dt>{t('mockJee.closesIn')}</dt>
              <dd>
                <Countdown until={until} context={context} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('mockJee.status')}</dt>
            <dd>
              <StatusBadge status="Ongoing" t={t} />
            </dd>
          </div>
        </dl>
        <PaperList series={series} context={context} />
      </article>
    </section>
  );
};
