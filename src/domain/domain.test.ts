import { describe, expect, it } from 'vitest';
import {
  dobForLink,
  indiaIso,
  indiaWallClock,
  normaliseDob,
  parseDob,
  showDob,
  showExamDate,
  showDateTime,
  showTime,
  toDdMmYyyy,
  wrongDatePart,
} from './dates';
import { validateDob } from './validation';
import { maskEmail, maskMiddle } from './mask';

describe('parseDob', () => {
  it.each([
    ['05-01-2008', '2008-01-05'],
    ['05/01/2008', '2008-01-05'],
    ['2008-01-05', '2008-01-05'],
    ['29-02-2008', '2008-02-29'],
  ])('%s → %s', (input, expected) => expect(parseDob(input)).toBe(expected));
  it.each(['31-02-2008', '29-02-2007', '2008/01/05', '5-1-2008', '', '00-01-2008', '01-13-2008'])(
    'rejects %j',
    (input) => expect(parseDob(input)).toBeUndefined(),
  );
  it('formats back to DD-MM-YYYY', () => expect(toDdMmYyyy('2008-01-05')).toBe('05-01-2008'));
});

describe('dobForLink', () => {
  it.each([
    ['05/01/2008', '05-01-2008'],
    ['2008-01-05', '05-01-2008'],
    [' 05-01-2008 ', '05-01-2008'],
    ['31/02/2008', '31/02/2008'],
  ])('%s → %s (a real date as DD-MM-YYYY, anything else as given)', (input, expected) =>
    expect(dobForLink(input)).toBe(expected),
  );
});

describe('showing dates (one rule for every screen)', () => {
  it('shows a date of birth as login asks for it, DD/MM/YYYY, from any accepted form', () => {
    expect(showDob('15-08-2009')).toBe('15/08/2009');
    expect(showDob('2009-08-15')).toBe('15/08/2009');
    expect(showDob('15/08/2009')).toBe('15/08/2009');
    expect(showDob('31-02-2009')).toBe('31-02-2009'); // not a date: as given
    expect(showDob('')).toBe('');
  });

  it('shows an exam date as the date select does: day, short month, year and weekday', () => {
    expect(showExamDate('2026-11-25')).toBe('25 Nov 2026 (Wednesday)');
    expect(showExamDate('01-04-2025')).toBe('1 Apr 2025 (Tuesday)');
    expect(showExamDate('soon')).toBe('');
    expect(showExamDate('2026-02-30')).toBe('');
    // An instant, as a link may carry the events' form: its day in India.
    expect(showExamDate('2027-04-13T03:30:00.000Z')).toBe('13 Apr 2027 (Tuesday)');
    expect(showExamDate('2027-04-12T18:30:00Z')).toBe('13 Apr 2027 (Tuesday)');
    expect(showExamDate('2026-11-25', 'hi')).toBe('25 नवंबर 2026 (बुधवार)');
  });

  it('shows an instant in India time, as the portal and the Studio say it', () => {
    expect(showDateTime('2026-12-05T08:35:00.000Z')).toBe('5 Dec 2026 (Saturday), 02:05 PM');
    // Past midnight in India, still the day before in UTC.
    expect(showDateTime('2026-12-31T19:00:00Z')).toBe('1 Jan 2027 (Friday), 12:30 AM');
    expect(showDateTime('later')).toBe('');
  });
});

describe('India time as date and time inputs hold it', () => {
  it('reads an instant as its India day and clock time, and a typed India time as an ISO instant', () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(indiaWallClock(new Date('2026-12-04T20:00:00Z'))).toEqual({ date: '2026-12-05', time: '01:30' });
    const iso = indiaIso('2026-12-05', '14:05');
    expect(iso).toBe('2026-12-05T14:05:00+05:30');
    expect(new Date(iso ?? '').toISOString()).toBe('2026-12-05T08:35:00.000Z');
    expect(indiaWallClock(new Date(iso ?? ''))).toEqual({ date: '2026-12-05', time: '14:05' });
    for (const [date, time] of [
      ['2026-02-30', '10:00'],
      ['2026-12-05', '25:00'],
      ['2026-12-05', '24:00'],
      ['', '10:00'],
      ['2026-12-05', ''],
    ] as const)
      expect(indiaIso(date, time), `${date} ${time}`).toBeUndefined();
  });
});

describe('showing clock times (one rule for every screen)', () => {
  it('says a time as the dashboard does in English, and with the part of the day in Hindi', () => {
    expect(showTime('09:30')).toBe('09:30 AM');
    expect(showTime('13:20')).toBe('01:20 PM');
    expect(showTime('12:00')).toBe('12:00 PM');
    expect(showTime('09:30', 'hi')).toBe('सुबह 09:30 बजे');
    expect(showTime('13:20', 'hi')).toBe('दोपहर 01:20 बजे');
    expect(showTime('19:00', 'hi')).toBe('शाम 07:00 बजे');
    expect(showTime('22:00', 'hi')).toBe('रात 10:00 बजे');
    expect(showTime('00:30', 'hi')).toBe('रात 12:30 बजे');
  });
});

describe('masking', () => {
  it('keeps two characters at each end', () => {
    expect(maskMiddle('9876543210')).toBe('98******10');
    expect(maskMiddle('abc')).toBe('***');
    expect(maskEmail('student.name@example.com')).toBe('st********me@example.com');
  });
});

describe('normaliseDob (a date of birth as typed or pasted)', () => {
  it.each([
    ['01/01/2010', '01/01/2010'],
    ['1/1/2010', '01/01/2010'],
    ['01-01-2010', '01/01/2010'],
    ['01.01.2010', '01/01/2010'],
    ['1 1 2010', '01/01/2010'],
    [' 01/01/2010', '01/01/2010'],
    ['01/01/2010 ', '01/01/2010'],
    ['2010-01-31', '31/01/2010'],
    ['14082009', '14/08/2009'],
    ['1/', '01'],
    ['01/1/', '01/01'],
    ['1208', '12/08'],
    ['12/5', '12/5'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (typed, shown) => expect(normaliseDob(typed)).toBe(shown));

  it('never makes another date of a longer paste: at most 8 digits, in their order', () => {
    expect(normaliseDob('01/01/20101')).toBe('01/01/2010');
    expect(normaliseDob('112010')).toBe('11/20/10');
  });

  it('says which part of a whole date is wrong: 31/02 has no such day, 13 is no month', () => {
    const range = { min: '1990-01-01', max: '2020-12-31' };
    expect(wrongDatePart('31/02/2010')).toBe('day');
    expect(wrongDatePart('29/02/2011')).toBe('day');
    expect(wrongDatePart('01/13/2010')).toBe('month');
    expect(wrongDatePart('01/00/2010')).toBe('month');
    expect(wrongDatePart('29/02/2012')).toBeUndefined();
    expect(validateDob('31/02/2010', range)).toBe('validation.dob.day');
    expect(validateDob('10/13/2010', range)).toBe('validation.dob.month');
    expect(validateDob('10/12/20', range)).toBe('validation.dob.invalid');
    expect(validateDob('10/12/2010', range)).toBeUndefined();
  });
});
