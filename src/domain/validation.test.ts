import { describe, expect, it } from 'vitest';
import en from '../../config/i18n/en.json';
import hi from '../../config/i18n/hi.json';
import {
  canLogin,
  canRecover,
  digitsOnly,
  hasRepeatedDomainLabels,
  normaliseName,
  tidyName,
  normaliseRollNumber,
  validateCentre,
  validateClassStream,
  validateCoupon,
  validateDob,
  validateEmail,
  validateExamDate,
  validateExamSlot,
  validateExamState,
  validateFatherName,
  validateLastName,
  validateMobileOrStudentId,
  validateOtp,
  validateRegistrationMobile,
  validatePassword,
  validatePhone,
  validateRollNumber,
  validateStudentName,
  type ValidationKey,
} from './validation';

const english = en.strings as Record<string, string>;
const hindi = hi.strings as Record<string, string>;
/** The English text of a rule's result, so each case reads as the spec writes it. */
const text = (key: ValidationKey | undefined) => (key === undefined ? undefined : english[key]);

describe('student name', () => {
  it.each([
    [undefined, 'Please enter student name'],
    ['', 'Please enter student name'],
    ['   ', 'Please enter student name'],
    ['A', 'Minimum length should be 2'],
    ['A'.repeat(61), 'Maximum 60 characters are allowed'],
    ['Ravi.Kumar', 'Only alphabets are allowed'],
    ['Mr. Ravi', 'Only alphabets are allowed'],
    ['.Ravi', 'Only alphabets are allowed'],
    ['Ravi .Kumar', 'Only alphabets are allowed'],
    // Read tidied (issue: a double or trailing space is no reason to refuse a name).
    ['Ravi  Kumar', undefined],
    ['Asha K.  Verma', undefined],
    ['Ravi Kumar ', undefined],
    // Devanagari, as typed on a Hindi page (decision 041): one script per name, no digits or danda.
    ['देवी राव', undefined],
    ['अनन्या के. शर्मा', undefined],
    ['देवी Rao', 'Only alphabets are allowed'],
    ['देवी२', 'Only alphabets are allowed'],
    ['देवी।', 'Only alphabets are allowed'],
    [' Ravi\tKumar  ', undefined],
    // The last name allows dots (part 1 §5): initials are a name.
    ['Asha K. Verma', undefined],
    ['Ravi K.', undefined],
    ['Avul P. J. Kalam', undefined],
    ['Ravi2', 'Only alphabets are allowed'],
    ['Ravi Kumar', undefined],
    ['Al', undefined],
    ['A'.repeat(60), undefined],
  ])('%j → %s', (value, message) => {
    expect(text(validateStudentName(value))).toBe(message);
  });

  it('removes leading spaces among the first two characters only', () => {
    expect(normaliseName('  Ravi')).toBe('Ravi');
    expect(normaliseName(' Ravi')).toBe('Ravi');
    expect(normaliseName('Ravi Kumar')).toBe('Ravi Kumar');
    expect(normaliseName('   Ravi')).toBe(' Ravi');
  });
});

describe('tidyName', () => {
  it('drops surrounding spaces and makes a run of spaces one', () => {
    expect(tidyName('  Devi   Rao ')).toBe('Devi Rao');
    expect(tidyName('Devi\u00a0 Rao')).toBe('Devi Rao');
    expect(tidyName('Devi Rao')).toBe('Devi Rao');
    expect(tidyName('   ')).toBe('');
  });
});

describe('father name and last name', () => {
  it('requires the father name only where the programme says so', () => {
    expect(text(validateFatherName('', true))).toBe('Please enter father name');
    expect(validateFatherName('', false)).toBeUndefined();
    expect(text(validateFatherName('R', false))).toBe('Minimum length should be 2');
    expect(text(validateFatherName('Mr. Rao', true))).toBe('Only alphabets are allowed');
    expect(validateFatherName('Suresh Rao', true)).toBeUndefined();
  });

  it('allows letters, spaces and dots in an optional last name', () => {
    expect(validateLastName(undefined)).toBeUndefined();
    expect(validateLastName('K. Rao')).toBeUndefined();
    expect(text(validateLastName('Rao3'))).toBe('Only alphabets are allowed');
    expect(text(validateLastName('a'.repeat(61)))).toBe('Maximum 60 characters are allowed');
  });
});

describe('email', () => {
  it.each([
    ['', 'Please enter email'],
    ['ravi', 'Enter a valid email address'],
    ['ravi@', 'Enter a valid email address'],
    ['ravi@gmail', 'Enter a valid email address'],
    ['ravi..k@gmail.com', 'Enter a valid email address'],
    ['ravi@gmail.gmail.com', 'Enter a valid email address'],
    ['ravi@Mail.example.MAIL', 'Enter a valid email address'],
    ['ravi.k+exam@gmail.com', undefined],
    ['Ravi@Example.co.in', undefined],
  ])('%j → %s', (value, message) => {
    expect(text(validateEmail(value))).toBe(message);
  });

  it('detects repeated domain labels in any case', () => {
    expect(hasRepeatedDomainLabels('a@gmail.GMAIL.com')).toBe(true);
    expect(hasRepeatedDomainLabels('a@co.in')).toBe(false);
  });
});

describe('date of birth', () => {
  const range = { min: '1992-01-01', max: '2015-12-31' };
  it.each([
    [undefined, 'Please select date of birth'],
    ['', 'Please select date of birth'],
    ['12/05/20', 'Enter date of birth as DD/MM/YYYY'],
    ['31/02/2010', 'That day does not exist in that month: check the day'],
    ['05/13/2010', 'The month must be from 01 to 12'],
    ['2010-05-12', 'Enter date of birth as DD/MM/YYYY'],
    ['31/12/1991', 'Date of birth is outside the allowed range'],
    ['01/01/2016', 'Date of birth is outside the allowed range'],
    ['01/01/1992', undefined],
    ['31/12/2015', undefined],
    ['12/05/2010', undefined],
  ])('%j → %s', (value, message) => {
    expect(text(validateDob(value, range))).toBe(message);
  });
});

describe('selects and codes', () => {
  it('class & stream, exam slot and coupon', () => {
    expect(text(validateClassStream(''))).toBe('Please select class & stream');
    expect(validateClassStream('11&SOM')).toBeUndefined();
    expect(text(validateExamSlot(undefined))).toBe('Please select exam slot');
    expect(validateExamSlot('12')).toBeUndefined();
    expect(text(validateCoupon(' '))).toBe('Please enter a coupon code.');
    expect(validateCoupon('NEET50')).toBeUndefined();
  });

  it('state waits for the exam slot only where the step has one', () => {
    expect(text(validateExamState('', { hasExamSlot: true }))).toBe('Please select exam slot first');
    expect(text(validateExamState('', { hasExamSlot: true, examSlot: '3' }))).toBe('Please select state');
    expect(text(validateExamState('', { hasExamSlot: false }))).toBe('Please select state');
    expect(validateExamState('7', { hasExamSlot: false })).toBeUndefined();
  });

  it('centre needs a class & stream, then a state', () => {
    expect(text(validateCentre('', { hasExamSlot: false }))).toBe('Please select class & stream');
    expect(text(validateCentre('', { hasExamSlot: false, classStream: '11&SOM' }))).toBe(
      'Please select state first',
    );
    expect(text(validateCentre('', { hasExamSlot: false, classStream: '11&SOM', state: '7' }))).toBe(
      'Please select centre',
    );
    expect(
      validateCentre('Delhi-DL01-3', { hasExamSlot: false, classStream: '11&SOM', state: '7' }),
    ).toBeUndefined();
  });

  it('exam date needs a centre first, or the slot where there is no centre', () => {
    expect(text(validateExamDate('', { hasExamSlot: false, hasCentre: true }))).toBe(
      'Please select centre first',
    );
    expect(text(validateExamDate('', { hasExamSlot: false, hasCentre: true, centre: 'c' }))).toBe(
      'Please select date of exam',
    );
    expect(text(validateExamDate('', { hasExamSlot: true, hasCentre: false }))).toBe(
      'Please select exam slot first',
    );
    expect(text(validateExamDate('', { hasExamSlot: true, examSlot: '1', hasCentre: false }))).toBe(
      'Please select date of exam',
    );
    expect(
      validateExamDate('2025-04-13', { hasExamSlot: false, hasCentre: true, centre: 'c' }),
    ).toBeUndefined();
  });

  it.each([
    ['', 'Please enter a valid OTP'],
    ['123', 'Please enter a valid OTP'],
    ['12a4', 'Please enter a valid OTP'],
    ['12345', 'Please enter a valid OTP'],
    ['1234', undefined],
  ])('OTP %j → %s', (value, message) => {
    expect(text(validateOtp(value))).toBe(message);
  });
});

describe('phone numbers', () => {
  it.each([
    ['9876543210', 'IN', undefined],
    ['987654321', 'IN', 'Enter a valid mobile number'],
    ['98765432101', 'IN', 'Enter a valid mobile number'],
    ['98765x3210', 'IN', 'Enter a valid mobile number'],
    ['501234567', 'AE', undefined],
    ['5012345678', 'AE', undefined],
    ['50123456789', 'AE', 'Enter a valid mobile number'],
    ['44123456789012', 'GB', undefined],
    ['', 'GB', 'Enter a valid mobile number'],
  ])('%s in %s → %s', (value, country, message) => {
    expect(text(validatePhone(value, country))).toBe(message);
  });

  it.each([
    ['', 'Please enter correct mobile number/ PSID'],
    ['98765abc', 'Please enter correct mobile number/ PSID'],
    ['987654321012', 'Please enter correct mobile number/ PSID'],
    ['987654321', 'Please enter correct mobile number/ PSID'],
    ['0876543210', 'Please enter the correct number'],
    ['9876543210', undefined],
    ['12345678901', undefined],
  ])('mobile or student id %j → %s', (value, message) => {
    expect(text(validateMobileOrStudentId(value))).toBe(message);
  });

  it('registration step 1: a student id where the programme accepts one, else an Indian mobile', () => {
    expect(text(validateRegistrationMobile('987654321', true))).toBe(
      'Please enter correct mobile number/ PSID',
    );
    expect(validateRegistrationMobile('9876543210', true)).toBeUndefined();
    expect(text(validateRegistrationMobile('0876543210', true))).toBe('Please enter the correct number');
    expect(validateRegistrationMobile('12345678901', true)).toBeUndefined();
    expect(text(validateRegistrationMobile('987654321', false))).toBe('Enter a valid mobile number');
    expect(text(validateRegistrationMobile('0876543210', false))).toBe('Please enter the correct number');
    expect(validateRegistrationMobile('9876543210', false)).toBeUndefined();
  });

  it('keeps digits only, truncated', () => {
    expect(digitsOnly('98 76-54a3210x9', 10)).toBe('9876543210');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});

describe('login and recovery', () => {
  it('roll number and password', () => {
    expect(text(validateRollNumber('12345678901'))).toBe('Invalid roll number');
    expect(text(validateRollNumber('1234567890123'))).toBe('Invalid roll number');
    expect(validateRollNumber('123456789012')).toBeUndefined();
    expect(text(validatePassword(''))).toBe('Invalid password');
    expect(validatePassword('12/05/2010')).toBeUndefined();
    expect(normaliseRollNumber('1234-5678-9012-34')).toBe('123456789012');
  });
  it('the login call needs both', () => {
    expect(canLogin('123456789012', '12/05/2010')).toBe(true);
    expect(canLogin('12345678901', '12/05/2010')).toBe(false);
    expect(canLogin('123456789012', '')).toBe(false);
  });
  it('recovery Next at 10 or 12 characters', () => {
    expect([9, 10, 11, 12].map((n) => canRecover('1'.repeat(n)))).toEqual([false, true, false, true]);
  });
});

describe('messages', () => {
  const keys = Object.keys(english).filter((k) => k.startsWith('validation.'));
  it('every validation key has a Hindi translation that is not the English text', () => {
    const same = keys.filter((k) => !hindi[k] || hindi[k] === english[k]);
    expect(same).toEqual([]);
  });
  it('the spec’s English texts are exact', () => {
    expect(english['validation.mobileOrId.required']).toBe('Please enter correct mobile number/ PSID');
    expect(english['validation.checkout.terms']).toBe('Please agree to the terms and conditions.');
    expect(english['validation.numbers']).toBe('Enter a valid numbers');
  });
});
