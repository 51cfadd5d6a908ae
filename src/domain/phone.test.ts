import { describe, expect, it } from 'vitest';
import { mobileNumber, normaliseLoginId, normaliseMobile } from './phone';

describe('normaliseMobile: an Indian mobile number as people write it', () => {
  it.each([
    ['9811122334', '9811122334'],
    ['+919811122334', '9811122334'],
    ['+91 98111 22334', '9811122334'],
    ['+91-98111-22334', '9811122334'],
    ['0091 98111 22334', '9811122334'],
    ['919811122334', '9811122334'],
    ['09811122334', '9811122334'],
    ['+91 (0) 98111 22334', '9811122334'],
    ['(981) 112-2334', '9811122334'],
    ['98111 22334', '9811122334'],
  ])('%s → %s', (written, national) => expect(normaliseMobile(written)).toBe(national));

  it('never cuts a longer number into another: all its digits stay, for the rule to refuse', () => {
    expect(normaliseMobile('98111223345')).toBe('98111223345');
    expect(normaliseMobile('+44 7911 123456')).toBe('447911123456');
    expect(normaliseMobile('1'.repeat(40))).toHaveLength(15);
  });

  it('keeps what is typed so far', () => {
    expect(normaliseMobile('')).toBe('');
    expect(normaliseMobile('+')).toBe('');
    expect(normaliseMobile('+9')).toBe('9');
    expect(normaliseMobile('98111')).toBe('98111');
  });

  it('on a field that takes a student id, 11 plain digits are a student id; with + a number', () => {
    expect(normaliseMobile('09811122334', { studentIdMax: 11 })).toBe('09811122334');
    expect(normaliseMobile('+09811122334', { studentIdMax: 11 })).toBe('9811122334');
    expect(normaliseMobile('919811122334', { studentIdMax: 11 })).toBe('9811122334');
  });

  it('mobileNumber: the 10 digits, or undefined', () => {
    expect(mobileNumber('+91 98111 22334')).toBe('9811122334');
    expect(mobileNumber('0987654321')).toBeUndefined();
    expect(mobileNumber('98111')).toBeUndefined();
  });
});

describe('normaliseLoginId: recovery takes a mobile or a roll number', () => {
  it('12 plain digits are a roll number', () => {
    expect(normaliseLoginId('250000000005')).toBe('250000000005');
    expect(normaliseLoginId('2500 0000 0005')).toBe('250000000005');
  });
  it('a number written with + or 00 is a mobile number', () => {
    expect(normaliseLoginId('+919811122334')).toBe('9811122334');
    expect(normaliseLoginId('+91 98111 22334')).toBe('9811122334');
    expect(normaliseLoginId('0091 98111 22334')).toBe('9811122334');
    expect(normaliseLoginId('098111 22334')).toBe('9811122334');
    expect(normaliseLoginId('98111 22334')).toBe('9811122334');
  });
});
