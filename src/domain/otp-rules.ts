// The verify-mobile rules (part 1 §9, part 2 §8) in one place: the registration card, the recovery
// screen, the form widgets and the server's OTP service all read these, so a length or the resend
// delay cannot differ between what the page allows and what the server accepts.

/** An Indian mobile number. */
export const MOBILE_LENGTH = 10;
/** A student id (PSID) may be up to 11 digits. */
export const STUDENT_ID_MAX = 11;
/** Roll numbers (login and recovery). */
export const ROLL_NUMBER_LENGTH = 12;
/** Digits of a one-time code. */
export const OTP_LENGTH = 4;
/** A new code is offered (and accepted by the server) no sooner than this after the last one. */
export const RESEND_DELAY_MS = 45_000;
/**
 * How long a verified number's registration token lasts: the server's, and how long a card kept for
 * a reload may resume (it cannot sign up after that).
 */
export const REGISTRATION_TOKEN_TTL_MS = 2 * 3_600_000;
/** The server's error_code for a wrong code: the client clears the boxes and refocuses the first. */
export const WRONG_OTP_ERROR_CODE = 1;

/**
 * The server's error_code for a send refused within the resend wait: a code went to this number a
 * moment ago (another tab, a second tap), with `data.resend_in` (seconds left) and `data.otp_length`.
 * The client shows the boxes for that code instead of refusing.
 */
export const CODE_JUST_SENT_ERROR_CODE = 2;
