import { describe, expect, it } from 'vitest';
import { istInstant } from './time';

// istInstant computes what the ISO string parser answers for `${date}T${hhmm}:00.000+05:30`,
// without parsing a string on every sitting of every dashboard call.
const parsed = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00.000+05:30`).getTime();

describe('istInstant', () => {
  it.each([
    ['2026-03-10', '09:00'],
    ['2026-12-31', '23:59'],
    ['2024-02-29', '00:00'],
    ['2026-01-01', '05:29'],
    ['2026-03-10', '24:00'],
    ['2026-02-30', '09:00'],
  ])('%s %s is the India instant the parser gives', (date, hhmm) => {
    expect(istInstant(date, hhmm).getTime()).toBe(parsed(date, hhmm));
  });

  it('is midnight India time without a time', () => {
    expect(istInstant('2006-10-28').toISOString()).toBe('2006-10-27T18:30:00.000Z');
  });

  it.each([
    ['2026-13-01', '00:00'],
    ['2026-03-10', '25:00'],
    ['2026-03-10', '9:00'],
    ['2026-3-1', '09:00'],
    ['', ''],
  ])('%s %s is no date, as the parser says', (date, hhmm) => {
    expect(Number.isNaN(istInstant(date, hhmm).getTime())).toBe(true);
    expect(Number.isNaN(parsed(date, hhmm))).toBe(true);
  });
});
