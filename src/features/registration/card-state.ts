// What the registration card's views share: the machine's snapshot and send, and the machine's
// validation texts in the page's language.
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StringKey, Translate } from '../../engine/i18n';
import {
  COUPON_REQUIRED,
  MOBILE_INVALID,
  MOBILE_LEADING_ZERO,
  MOBILE_OR_PSID_REQUIRED,
  OTP_INVALID,
  type RegistrationMachine,
} from '../../machines/registration-machine';

export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;
export type RegistrationSend = (event: EventFrom<RegistrationMachine>) => void;

// The machine's own texts that are validation messages of the spec.
const machineMessages: Record<string, StringKey> = {
  [MOBILE_OR_PSID_REQUIRED]: 'validation.mobileOrId.required',
  [MOBILE_LEADING_ZERO]: 'validation.mobileOrId.leadingZero',
  [MOBILE_INVALID]: 'validation.phone.invalid',
  [OTP_INVALID]: 'validation.otp.invalid',
  [COUPON_REQUIRED]: 'validation.coupon.required',
};

/** A machine message in the page's language where it is one of the spec's validation texts. */
export const localise = (t: Translate, message: string | undefined) =>
  message === undefined ? undefined : machineMessages[message] ? t(machineMessages[message]) : message;
