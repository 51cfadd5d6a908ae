import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { DobRange } from '../../../domain/validation';
import { normaliseDob } from '../../../domain/dates';
import { initialDate, keyTarget, monthGrid, moveTo, toMasked } from './dob-calendar';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';
import { sendsOnError, useTypedInput } from '../held-typing';

export interface DobPickerLabels {
  /** The button that opens the calendar. */
  open: string;
  /** The calendar dialog. */
  dialog: string;
  month: string;
  year: string;
  close: string;
  /** The day grid; receives "May 2010". */
  days: (monthAndYear: string) => string;
}

export interface DobInputProps extends FieldProps {
  /** As typed, DD/MM/YYYY (possibly incomplete). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (value: string) => void;
  onFocus?: (value: string) => void;
  /** The programme's registration.dob range (YYYY-MM-DD); the dropdowns and days stay inside it. */
  range: DobRange;
  labels: DobPickerLabels;
  /** BCP 47 locale for month and weekday names. */
  locale: string;
  readOnly?: boolean;
  autoComplete?: 'bday' | 'current-password' | 'off';
  /** An edit told at once: it changes what the screen shows besides the field. */
  sendsAtOnce?: (next: string) => boolean;
}

/**
 * Date of birth: a masked DD/MM/YYYY text box plus a calendar button. The calendar has month and
 * year selects bounded by the range and a day grid: arrows move by a day or a week, Home/End to the
 * month's ends, PageUp/PageDown by a month, Enter picks, Escape closes and returns focus.
 */
export function DobInput({
  id,
  label,
  error,
  hint,
  required,
  optionalText,
  disabled,
  value,
  onChange,
  onBlur,
  onFocus,
  range,
  labels,
  locale,
  readOnly,
  autoComplete = 'bday',
  sendsAtOnce,
}: DobInputProps) {
  // The box keeps its value; the owner hears after a pause, a blur or a submit (held-typing.tsx).
  // A date typed as people write it (1/1/2010) or pasted goes through the domain's rule as typed.
  const typed = useTypedInput(id, value, onChange, { normalise: normaliseDob, atOnce: sendsAtOnce, onBlur });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => initialDate(value, range));
  const dialogId = `${id}-calendar`;
  const gridLabelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  const year = Number(active.slice(0, 4));
  const month = Number(active.slice(5, 7));
  const minYear = Number(range.min.slice(0, 4));
  const maxYear = Number(range.max.slice(0, 4));
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }),
    [locale],
  );
  const weekday = useMemo(
    () => ({
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
    }),
    [locale],
  );
  const dayLabel = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
    [locale],
  );
  const monthsOfYear = Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => {
    const key = `${year}-${String(m).padStart(2, '0')}`;
    return key >= range.min.slice(0, 7) && key <= range.max.slice(0, 7);
  });
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i);
  // 2023-01-01 was a Sunday: the weekday headers, Sunday first.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)));

  useEffect(() => {
    if (!open || !moveFocus.current) return;
    moveFocus.current = false;
    dialog.current?.querySelector<HTMLButtonElement>(`[data-date="${active}"]`)?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!dialog.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function openCalendar() {
    // What the box shows, keys not yet told included.
    setActive(initialDate(typed.input.ref.current?.value ?? value, range));
    moveFocus.current = true;
    setOpen(true);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function pick(iso: string) {
    const masked = toMasked(iso);
    typed.set(masked);
    onBlur?.(masked);
    close();
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(active);
      return;
    }
    const next = keyTarget(event.key, active, range);
    if (next === undefined) return;
    event.preventDefault();
    moveFocus.current = true;
    setActive(next);
  }

  const monthAndYear = `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
  return (
    <div className="ef-field ef-dob">
      <FieldLabel htmlFor={id} label={label} required={required} optionalText={optionalText} />
      <FieldHint id={id} hint={hint} />
      <div className="ef-dob__row">
        <input
          id={id}
          name={id}
          className="ef-input"
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          // The hint in the page's language (दिन/महीना/वर्ष on a Hindi page).
          placeholder={hint ?? 'DD/MM/YYYY'}
          {...typed.input}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ id, hint, error })}
          // No maxLength: it would cut a pasted " 01/01/2010" before the digits are read.
          onFocus={(event) => onFocus?.(event.target.value)}
        />
        <button
          ref={button}
          type="button"
          className="ef-dob__open"
          aria-label={labels.open}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          disabled={disabled || readOnly}
          onClick={() => (open ? close() : openCalendar())}
        >
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
            <path d="M5 2v2H3v14h14V4h-2V2h-2v2H7V2H5zm-1 6h12v8H4V8z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {open ? (
        <div
          ref={dialog}
          id={dialogId}
          className="ef-dob__dialog"
          role="dialog"
          aria-label={labels.dialog}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          <div className="ef-dob__selects">
            <label>
              {labels.month}
              <select
                value={month}
                onChange={(event) => setActive(moveTo(active, year, Number(event.target.value), range))}
              >
                {monthsOfYear.map((m) => (
                  <option key={m} value={m}>
                    {monthName.format(new Date(Date.UTC(2000, m - 1, 1)))}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {labels.year}
              <select
                value={year}
                onChange={(event) => setActive(moveTo(active, Number(event.target.value), month, range))}
              >
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="ef-dob__close" onClick={close}>
              {labels.close}
            </button>
          </div>
          <p id={gridLabelId} className="ef-visually-hidden">
            {labels.days(monthAndYear)}
          </p>
          <table role="grid" aria-labelledby={gridLabelId} className="ef-dob__grid" onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {weekdays.map((day) => (
                  <th key={day.getUTCDay()} scope="col" abbr={weekday.long.format(day)}>
                    {weekday.short.format(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(year, month).map((week, row) => (
                <tr key={row}>
                  {week.map((iso, column) =>
                    iso ? (
                      <td key={iso} role="gridcell" aria-selected={iso === active}>
                        <button
                          type="button"
                          data-date={iso}
                          tabIndex={iso === active ? 0 : -1}
                          disabled={iso < range.min || iso > range.max}
                          aria-label={dayLabel.format(new Date(`${iso}T00:00:00Z`))}
                          onClick={() => pick(iso)}
                        >
                          {Number(iso.slice(8, 10))}
                        </button>
                      </td>
                    ) : (
                      <td key={`pad-${column}`} role="gridcell" />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The field on its own (not in @rjsf): an error showing, its next edit goes at once. */
export const HeldDobInput = /* @__PURE__ */ sendsOnError(DobInput);
