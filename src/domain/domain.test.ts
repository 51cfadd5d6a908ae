import { describe, expect, it } from 'vitest';
import { dobForLink, parseDob, toDdMmYyyy } from './dates';
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

describe('masking', () => {
  it('keeps two characters at each end', () => {
    expect(maskMiddle('9876543210')).toBe('98******10');
    expect(maskMiddle('abc')).toBe('***');
    expect(maskEmail('student.name@example.com')).toBe('st********me@example.com');
  });
});
