// The validation rules of part 1 §5 and part 2 §5, one pure function per rule. Each returns the key of
// its message in the locale's strings (so Hindi pages show Hindi text) or undefined when the value
// passes. Shared by the forms, the machines and the server.
import type { UiStringTable } from '../generated/config/i18n';
import { parseDob, wrongDatePart } from './dates';
import { MOBILE_LENGTH, OTP_LENGTH, ROLL_NUMBER_LENGTH, STUDENT_ID_MAX } from './otp-rules';

export type ValidationKey = Extract<keyof UiStringTable, `validation.${string}`>;
export type Rule<V = string | undefined> = (value: V) => ValidationKey | undefined;

/** Name length limits (part 2 §9). */
export const NAME_MIN = 2;
export const NAME_MAX = 60;

const isBlank = (value: string | undefined): value is undefined | '' => !value || value.trim() === '';

/** Leading spaces among the first two characters are dropped as the student types (part 2 §5). */
export function normaliseName(value: string): string {
  return value.replace(/^ {1,2}/, '');
}

/** Keeps digits only, at most `max` of them: numeric inputs ignore anything else typed or pasted. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/**
 * A name as it is sent and stored: surrounding spaces dropped and a run of spaces inside it made one
 * ("Devi  Rao " is Devi Rao). The rules below read a name so; the server tidies the request's name
 * fields the same way before its schemas check them.
 */
export const tidyName = (value: string): string => value.trim().replace(/\s+/g, ' ');

/**
 * The letters a name may be written in (part 1 §5's "only alphabets", read for the pages' scripts,
 * decision 041): the Latin alphabet, or Devanagari's letters and vowel signs (a name typed on a
 * Hindi page; not its danda or digits). One script per name. The server cannot tell which page a
 * request came from, so both are accepted on every page.
 */
const SCRIPTS = ['A-Za-z', '\\u0900-\\u0963\\u0971-\\u097F'] as const;
const eachScript = (pattern: (letters: string) => string) =>
  new RegExp(`^(?:${SCRIPTS.map((letters) => `(?:${pattern(`[${letters}]`)})`).join('|')})$`, 'u');

// Letters separated by single spaces.
const NAME_PATTERN = eachScript((letter) => `${letter}+( ${letter}+)*`);

/** The name rule shared by student and father names: 2–60 letters and single spaces, no dot. */
export function nameRule(value: string): ValidationKey | undefined {
  const name = tidyName(value);
  if (name.length < NAME_MIN) return 'validation.name.minLength';
  if (name.length > NAME_MAX) return 'validation.name.maxLength';
  if (!NAME_PATTERN.test(name)) return 'validation.name.alphabets';
  return undefined;
}

// One name field holding a first name and an optional last name (part 1 §5, part 2 §5): the first
// word letters only (a student name may not start with "Mr." or hold "Ravi.K"), later words
// letters and dots as the last-name rule allows ("Asha K. Verma"); single spaces between words.
const FULL_NAME_PATTERN = eachScript((letter) => `${letter}+( ${letter}(${letter}|\\.)*)*`);

/** A student's full name in one field: 2–60 characters, a first name and an optional last name. */
export function fullNameRule(value: string): ValidationKey | undefined {
  const name = tidyName(value);
  if (name.length < NAME_MIN) return 'validation.name.minLength';
  if (name.length > NAME_MAX) return 'validation.name.maxLength';
  if (!FULL_NAME_PATTERN.test(name)) return 'validation.name.alphabets';
  return undefined;
}

/** The registration's student name (client and server alike). */
export function validateStudentName(value: string | undefined): ValidationKey | undefined {
  if (isBlank(value)) return 'validation.studentName.required';
  return fullNameRule(value);
}

/** Father name: "Please enter father name" only where the programme makes it required. */
export function validateFatherName(value: string | undefined, required: boolean): ValidationKey | undefined {
  if (isBlank(value)) return required ? 'validation.fatherName.required' : undefined;
  return nameRule(value);
}

/** An optional last name: letters, spaces and dots, at most 60 characters. */
export function validateLastName(value: string | undefined): ValidationKey | undefined {
  if (isBlank(value)) return undefined;
  if (value.length > NAME_MAX) return 'validation.name.maxLength';
  return /^[A-Za-z. ]+$/.test(value) ? undefined : 'validation.name.alphabets';
}

const EMAIL_PATTERN = /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

/** True for a@gmail.gmail.com: a domain label repeated (any case) is a typo, not an address. */
export function hasRepeatedDomainLabels(email: string): boolean {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  return new Set(labels).size !== labels.length;
}

export function validateEmail(value: string | undefined): ValidationKey | undefined {
  if (isBlank(value)) return 'validation.email.required';
  const email = value.trim();
  if (!EMAIL_PATTERN.test(email) || hasRepeatedDomainLabels(email)) return 'validation.email.invalid';
  return undefined;
}

/** The programme's `registration.dob` range, as YYYY-MM-DD. */
export interface DobRange {
  min: string;
  max: string;
}

/** Date of birth as typed in the mask (DD/MM/YYYY), within the programme's range. */
export function validateDob(value: string | undefined, range: DobRange): ValidationKey | undefined {
  if (isBlank(value)) return 'validation.dob.required';
  const iso = /^\d{2}\/\d{2}\/\d{4}$/.test(value) ? parseDob(value) : undefined;
  if (!iso) {
    const wrong = wrongDatePart(value);
    // Named in full: the islands' string lists are read off the code that names their keys.
    if (wrong === 'day') return 'validation.dob.day';
    return wrong === 'month' ? 'validation.dob.month' : 'validation.dob.invalid';
  }
  return iso < range.min || iso > range.max ? 'validation.dob.range' : undefined;
}

export function validateClassStream(value: string | undefined): ValidationKey | undefined {
  return isBlank(value) ? 'validation.classStream.required' : undefined;
}

/** The phone's country when nothing says otherwise (no location looked up yet). */
export const DEFAULT_PHONE_COUNTRY = 'IN';

/** Phone by country (part 1 §5, part 2 §5): India exactly 10 digits, AE at most 10, else non-empty. */
export function validatePhone(value: string | undefined, countryCode: string): ValidationKey | undefined {
  const phone = value ?? '';
  const ok =
    countryCode === 'IN'
      ? new RegExp(`^\\d{${MOBILE_LENGTH}}$`).test(phone)
      : countryCode === 'AE'
        ? new RegExp(`^\\d{1,${MOBILE_LENGTH}}$`).test(phone)
        : /^\d+$/.test(phone);
  return ok ? undefined : 'validation.phone.invalid';
}

/**
 * Registration step 1 where the programme accepts a student id: a mobile number or a student id
 * (PSID), numeric, at least a mobile number's length and at most 11 digits.
 */
export function validateMobileOrStudentId(value: string | undefined): ValidationKey | undefined {
  if (
    isBlank(value) ||
    !/^\d+$/.test(value) ||
    value.length < MOBILE_LENGTH ||
    value.length > STUDENT_ID_MAX
  ) {
    return 'validation.mobileOrId.required';
  }
  if (value.length === MOBILE_LENGTH && value.startsWith('0')) return 'validation.mobileOrId.leadingZero';
  return undefined;
}

/** Registration step 1: what the mobile (or student id) field says is wrong, or undefined to send. */
export function validateRegistrationMobile(
  value: string,
  acceptsStudentId: boolean,
): ValidationKey | undefined {
  if (value.length === MOBILE_LENGTH && value.startsWith('0')) return 'validation.mobileOrId.leadingZero';
  return acceptsStudentId ? validateMobileOrStudentId(value) : validatePhone(value, 'IN');
}

/** A whole code: `length` digits (the send's; the spec's 4 by default). */
export function validateOtp(value: string | undefined, length = OTP_LENGTH): ValidationKey | undefined {
  return value !== undefined && new RegExp(`^\\d{${length}}$`).test(value)
    ? undefined
    : 'validation.otp.invalid';
}

export function validateExamSlot(value: string | undefined): ValidationKey | undefined {
  return isBlank(value) ? 'validation.examSlot.required' : undefined;
}

/** What the exam-details dependants need to know about their parents. */
export interface ExamParents {
  /** Whether the step has an exam-slot field (the programme config decides). */
  hasExamSlot: boolean;
  examSlot?: string;
  classStream?: string;
  state?: string;
  /** Whether the step has a state field; without one the centre does not wait for a state. */
  hasState?: boolean;
  centre?: string;
  hasCentre?: boolean;
}

/** State: "Please select exam slot first" while the slot the step asks for is missing. */
export function validateExamState(
  value: string | undefined,
  parents: ExamParents,
): ValidationKey | undefined {
  if (parents.hasExamSlot && isBlank(parents.examSlot)) return 'validation.examSlot.first';
  return isBlank(value) ? 'validation.state.required' : undefined;
}

/** Centre: needs a class & stream and a state first. */
export function validateCentre(value: string | undefined, parents: ExamParents): ValidationKey | undefined {
  if (isBlank(parents.classStream)) return 'validation.classStream.required';
  if (parents.hasState !== false && isBlank(parents.state)) return 'validation.state.first';
  return isBlank(value) ? 'validation.centre.required' : undefined;
}

/** Exam date: needs a centre first (where the step has one), else an exam slot. */
export function validateExamDate(value: string | undefined, parents: ExamParents): ValidationKey | undefined {
  if (parents.hasCentre && isBlank(parents.centre)) return 'validation.centre.first';
  if (!parents.hasCentre && parents.hasExamSlot && isBlank(parents.examSlot)) {
    return 'validation.examSlot.first';
  }
  return isBlank(value) ? 'validation.examDate.required' : undefined;
}

/** Applying a coupon with an empty box. */
export function validateCoupon(value: string | undefined): ValidationKey | undefined {
  return isBlank(value) ? 'validation.coupon.required' : undefined;
}

// Login (part 1 §5).

/** The roll number box keeps digits only, at most 12. */
export function normaliseRollNumber(value: string): string {
  return digitsOnly(value, ROLL_NUMBER_LENGTH);
}

export function validateRollNumber(value: string | undefined): ValidationKey | undefined {
  return value !== undefined && new RegExp(`^\\d{${ROLL_NUMBER_LENGTH}}$`).test(value)
    ? undefined
    : 'validation.login.rollNumber';
}

/** The password is the date of birth: anything but a whole, real date is refused before a call
 * (a half-typed "05/01" drew the API's format error in the toast). */
export function validatePassword(value: string | undefined): ValidationKey | undefined {
  return isBlank(value) || !parseDob(value.trim()) ? 'validation.login.password' : undefined;
}

/** The login call fires only with a password and a 12-digit roll number. */
export function canLogin(rollNumber: string, password: string): boolean {
  return validateRollNumber(rollNumber) === undefined && validatePassword(password) === undefined;
}

/** Credential recovery: Next only at 10 (mobile) or 12 (roll number) characters. */
export function canRecover(loginId: string): boolean {
  return loginId.length === MOBILE_LENGTH || loginId.length === ROLL_NUMBER_LENGTH;
}
