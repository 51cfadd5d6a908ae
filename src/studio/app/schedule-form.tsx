// "Schedule": when an approved version goes live and, for a landing page, when it ends, typed in
// India time whatever the zone of this computer (sent as +05:30). Each problem is at its fields.
import { useEffect, useId, useRef, useState } from 'react';
import { indiaIso, indiaWallClock } from '../../domain/dates';
import { checkSchedule, indiaTime, type ScheduleInput } from '../model/version-words';

const HOUR_MS = 3_600_000;

/** Today in India, and the next full hour there. */
function defaults(now: Date): ScheduleInput {
  const next = indiaWallClock(new Date(now.getTime() + HOUR_MS));
  return {
    startDate: next.date,
    startTime: `${next.time.slice(0, 2)}:00`,
    endDate: '',
    endTime: '',
  };
}

/** The date and time typed, in words: a date box may show the month first (12/07/2026). */
function InWords({ date, time }: { date: string; time: string }) {
  const iso = indiaIso(date, time);
  return <p className="st-help st-schedule__words">{iso ? `That is ${indiaTime(iso)}, India time.` : ''}</p>;
}

export function ScheduleForm({
  landing,
  liveNow,
  busy,
  onSchedule,
  onCancel,
}: {
  /** Only a landing page can end by itself. */
  landing: boolean;
  /** The page is on the site now (its end takes it off, not back to today's version). */
  liveNow: boolean;
  busy: boolean;
  onSchedule: (at: { publishAt: string; unpublishAt?: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [input, setInput] = useState<ScheduleInput>(() => defaults(new Date()));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const field = (name: keyof ScheduleInput) => ({
    value: input[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setInput((last) => ({ ...last, [name]: event.target.value })),
  });
  const invalid = (error: string | undefined, errorId: string, hintId?: string) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? errorId : '', hintId ?? ''].filter(Boolean).join(' ') || undefined,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkSchedule(input, new Date(), landing);
    if (!checked.ok) {
      setErrors(checked);
      // The first field with a problem takes the focus.
      document.getElementById(checked.start ? `${id}-start-date` : `${id}-end-date`)?.focus();
      return;
    }
    setErrors({});
    onSchedule({
      publishAt: checked.publishAt,
      ...(checked.unpublishAt ? { unpublishAt: checked.unpublishAt } : {}),
    });
  };

  return (
    <form className="st-schedule" onSubmit={submit} noValidate aria-label="Schedule">
      <p className="st-help" id={`${id}-zone`}>
        Times are India time (IST), whatever the clock of this computer says.
      </p>
      <fieldset className="st-schedule__when">
        <legend>Goes live on</legend>
        <div className="st-schedule__row">
          <div className="st-field">
            <label htmlFor={`${id}-start-date`}>Date</label>
            <input
              ref={first}
              id={`${id}-start-date`}
              type="date"
              {...field('startDate')}
              {...invalid(errors.start, `${id}-start-error`, `${id}-zone`)}
            />
          </div>
          <div className="st-field">
            <label htmlFor={`${id}-start-time`}>Time</label>
            <input
              id={`${id}-start-time`}
              type="time"
              {...field('startTime')}
              {...invalid(errors.start, `${id}-start-error`, `${id}-zone`)}
            />
          </div>
        </div>
        <InWords date={input.startDate} time={input.startTime} />
        {errors.start && (
          <p id={`${id}-start-error`} className="st-field-error">
            {errors.start}
          </p>
        )}
      </fieldset>
      {landing ? (
        <fieldset className="st-schedule__when">
          <legend>Ends on (optional)</legend>
          <p className="st-help" id={`${id}-end-hint`}>
            At the end the page is taken off the site: its addresses then show “page not found”.
            {liveNow &&
              ' This page is live now: at the end it comes off the site entirely; it does not go back to the version students see today.'}
          </p>
          <div className="st-schedule__row">
            <div className="st-field">
              <label htmlFor={`${id}-end-date`}>Date</label>
              <input
                id={`${id}-end-date`}
                type="date"
                {...field('endDate')}
                {...invalid(errors.end, `${id}-end-error`, `${id}-end-hint`)}
              />
            </div>
            <div className="st-field">
              <label htmlFor={`${id}-end-time`}>Time</label>
              <input
                id={`${id}-end-time`}
                type="time"
                {...field('endTime')}
                {...invalid(errors.end, `${id}-end-error`, `${id}-end-hint`)}
              />
            </div>
          </div>
          <InWords date={input.endDate} time={input.endTime} />
          {errors.end && (
            <p id={`${id}-end-error`} className="st-field-error">
              {errors.end}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="st-help">Only a landing page can end by itself; this one stays until it is replaced.</p>
      )}
      <div className="st-actions">
        <button type="submit" className="st-button" disabled={busy}>
          {busy ? 'Scheduling…' : 'Schedule'}
        </button>
        <button type="button" className="st-button st-button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
