// Date arithmetic of the date-of-birth picker, on YYYY-MM-DD strings in UTC so no time zone can
// shift a birthday by a day. Pure, so the keyboard rules are tested without a DOM.
import { addDays, parseDob } from '../../../domain/dates';
import type { DobRange } from '../../../domain/validation';

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day in another month and year, pulled back to the month's last day and into the range. */
export function moveTo(iso: string, year: number, month: number, range: DobRange): string {
  const day = Math.min(Number(iso.slice(8, 10)), daysInMonth(year, month));
  return clamp(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, range);
}

export function clamp(iso: string, range: DobRange): string {
  return iso < range.min ? range.min : iso > range.max ? range.max : iso;
}

/** Where the picker opens: the typed date when it is a real date, else the latest allowed date. */
export function initialDate(typed: string, range: DobRange): string {
  const iso = /^\d{2}\/\d{2}\/\d{4}$/.test(typed) ? parseDob(typed) : undefined;
  return clamp(iso ?? range.max, range);
}

/** YYYY-MM-DD → DD/MM/YYYY, the mask's format. */
export function toMasked(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** The weeks of a month (Sunday first) as YYYY-MM-DD, with undefined for the padding cells. */
export function monthGrid(year: number, month: number): (string | undefined)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const cells: (string | undefined)[] = Array.from({ length: first }, () => undefined);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) {
    cells.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(undefined);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The date a key moves to from `iso`, kept inside the range; undefined for keys the grid ignores. */
export function keyTarget(key: string, iso: string, range: DobRange): string | undefined {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  switch (key) {
    case 'ArrowLeft':
      return clamp(addDays(iso, -1), range);
    case 'ArrowRight':
      return clamp(addDays(iso, 1), range);
    case 'ArrowUp':
      return clamp(addDays(iso, -7), range);
    case 'ArrowDown':
      return clamp(addDays(iso, 7), range);
    case 'Home':
      return clamp(`${iso.slice(0, 8)}01`, range);
    case 'End':
      return clamp(`${iso.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`, range);
    case 'PageUp':
      return month === 1 ? moveTo(iso, year - 1, 12, range) : moveTo(iso, year, month - 1, range);
    case 'PageDown':
      return month === 12 ? moveTo(iso, year + 1, 1, range) : moveTo(iso, year, month + 1, range);
    default:
      return undefined;
  }
}
