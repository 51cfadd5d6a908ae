// Phone numbers as people write them: one rule for every form that takes an Indian mobile number
// and for the server.
import { MOBILE_LENGTH, ROLL_NUMBER_LENGTH } from './otp-rules';

/** tel: URIs allow only digits and a leading + (RFC 3966 visual separators are dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The longest number anyone writes (E.164): a longer paste keeps this many digits for its error. */
const MOST_DIGITS = 15;

// A country code (+91, 0091, 91) or a trunk 0, optionally both ("+91 (0) 98111 22334"), then the
// 10 national digits, which never start with 0.
const WITH_PREFIX = new RegExp(`^(?:0091|91)?0?([1-9]\\d{${MOBILE_LENGTH - 1}})$`);

export interface MobileReading {
  /**
   * Digits a student id (PSID) may have on a field that also takes one: that many digits typed
   * without a '+' stay as they are. Undefined on a mobile-only field.
   */
  studentIdMax?: number;
}

/**
 * An Indian mobile number as it is typed or pasted (`+91 98111 22334`, `0091-98111-22334`,
 * `(0)98111 22334`, `919811122334`) as its 10 national digits. Anything else keeps all its digits,
 * never cut into another number, so the field's rule says what is wrong.
 */
export function normaliseMobile(value: string, { studentIdMax }: MobileReading = {}): string {
  const digits = value.replace(/\D/g, '').slice(0, MOST_DIGITS);
  if (digits.length <= MOBILE_LENGTH) return digits;
  if (studentIdMax !== undefined && digits.length <= studentIdMax && !value.includes('+')) return digits;
  return WITH_PREFIX.exec(digits)?.[1] ?? digits;
}

/**
 * Recovery's one box takes a mobile number or a roll number (12 digits). A number written with '+'
 * or a leading 00 is a mobile number whatever its length; otherwise 12 digits are a roll number.
 */
export function normaliseLoginId(value: string): string {
  const phoneLike = /^\s*(\+|00)/.test(value);
  const digits = value.replace(/\D/g, '');
  if (!phoneLike && digits.length === ROLL_NUMBER_LENGTH) return digits;
  return normaliseMobile(value);
}

/** An Indian mobile number's 10 digits, or undefined when the value is not one. */
export function mobileNumber(value: string): string | undefined {
  const national = normaliseMobile(value);
  return /^[1-9]\d{9}$/.test(national) ? national : undefined;
}
