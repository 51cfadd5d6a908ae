// The checkout's rules (part 2 §4 "Payment", §5 "Checkout"): the address form's checks with their
// message keys, the pincode's input rule, what a change clears, and the payment method. Pure: the
// checkout form, the purchase machine and the server's order check read the same rules.
import { DEFAULT_PHONE_COUNTRY, digitsOnly, nameRule, validatePhone, type ValidationKey } from './validation';

export const PINCODE_LENGTH = 6;

/** The address form's fields, in the order the form shows them (the first invalid one is focused). */
export const CHECKOUT_FIELDS = ['fatherName', 'billingAddress', 'pincode', 'city', 'state', 'terms'] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

export interface CheckoutFields {
  fatherName: string;
  billingAddress: string;
  pincode: string;
  city: string;
  state: string;
  /** The terms checkbox: checked by default (part 2 §5). */
  terms: boolean;
}

export type CheckoutErrors = Partial<Record<CheckoutField, ValidationKey>>;

export const emptyCheckoutFields = (fatherName = ''): CheckoutFields => ({
  fatherName,
  billingAddress: '',
  pincode: '',
  city: '',
  state: '',
  terms: true,
});

/** The pincode input keeps digits only, truncated to 6. */
export const normalisePincode = (value: string): string => digitsOnly(value, PINCODE_LENGTH);

/** A complete pincode: the look-up of city and state starts. */
export const isCompletePincode = (value: string): boolean => /^\d{6}$/.test(value);

const blank = (value: string) => value.trim() === '';

/** Longest address, city and state (the form's input limits; the order post is refused beyond). */
export const CHECKOUT_TEXT_MAX = { billingAddress: 200, city: 60, state: 60 } as const;
// Address-like text: letters of any script, digits and the punctuation addresses use. No angle
// brackets, quotes other than the apostrophe, semicolons or control characters: the address
// travels to the payment gateway and onto receipts.
const ADDRESS_TEXT = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ,.\-/#()&':]*$/u;

type TextField = keyof typeof CHECKOUT_TEXT_MAX;
const TEXT_MESSAGES: Record<
  TextField,
  [required: ValidationKey, tooLong: ValidationKey, characters: ValidationKey]
> = {
  billingAddress: [
    'validation.checkout.billingAddress',
    'validation.checkout.billingAddressTooLong',
    'validation.checkout.billingAddressCharacters',
  ],
  city: ['validation.checkout.city', 'validation.checkout.cityTooLong', 'validation.checkout.cityCharacters'],
  state: [
    'validation.checkout.state',
    'validation.checkout.stateTooLong',
    'validation.checkout.stateCharacters',
  ],
};

/** A required address-like field: its required message, then too long, then a character it may not hold. */
function textError(field: TextField, value: string): ValidationKey | undefined {
  const [required, tooLong, characters] = TEXT_MESSAGES[field];
  const text = value.trim();
  if (!text) return required;
  if (text.length > CHECKOUT_TEXT_MAX[field]) return tooLong;
  return ADDRESS_TEXT.test(text) ? undefined : characters;
}

/**
 * Each field's first failing rule, in the form's order; empty when the order may be posted. The
 * one checkout rule: the purchase machine checks the form with it and the server checks the order
 * post with it (server/routes/commerce/checkout.ts). The pincode is required and six digits, as the
 * spec says (part 2 §5), whatever digit it starts with.
 */
export function checkoutErrors(fields: CheckoutFields): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const father = blank(fields.fatherName) ? 'validation.checkout.fatherName' : nameRule(fields.fatherName);
  if (father) errors.fatherName = father;
  const address = textError('billingAddress', fields.billingAddress);
  if (address) errors.billingAddress = address;
  if (blank(fields.pincode)) errors.pincode = 'validation.checkout.pincodeRequired';
  else if (!isCompletePincode(fields.pincode)) errors.pincode = 'validation.checkout.pincodeLength';
  const city = textError('city', fields.city);
  if (city) errors.city = city;
  const state = textError('state', fields.state);
  if (state) errors.state = state;
  if (!fields.terms) errors.terms = 'validation.checkout.terms';
  return errors;
}

/** The first invalid field in the form's order (focused and scrolled to on submit). */
export const firstInvalid = (errors: CheckoutErrors): CheckoutField | undefined =>
  CHECKOUT_FIELDS.find((field) => errors[field] !== undefined);

/**
 * The errors left after the student edits `field`: its own goes; a new pincode also clears the
 * city's and the state's (the look-up is about to fill them).
 */
export function errorsAfterEdit(errors: CheckoutErrors, field: CheckoutField): CheckoutErrors {
  const cleared = new Set<CheckoutField>(field === 'pincode' ? [field, 'city', 'state'] : [field]);
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => !cleared.has(name as CheckoutField)),
  ) as CheckoutErrors;
}

/** What a checkout may pay by: the centre's options, and hdfc where they offer ccavenue (part 2 §4). */
export function acceptedCheckoutMethods(options: Partial<Record<string, string>>): Set<string> {
  const accepted = new Set(Object.keys(options));
  if (accepted.has('ccavenue')) accepted.add('hdfc');
  return accepted;
}

/** The method the checkout sends: hdfc where accepted, else the option valued 'others' (part 2 §4). */
export function checkoutPaymentMethod(options: Partial<Record<string, string>>): string {
  return acceptedCheckoutMethods(options).has('hdfc') ? 'hdfc' : 'others';
}

/**
 * The checkout's phone rule (part 2 §5), the one the order post is checked with on the server:
 * numeric; India exactly 10 digits, AE at most 10, any other country any non-empty number. The
 * country is the one of the checkout's location (user_geo_info.country_code), India by default.
 */
export function checkoutPhoneError(
  mobile: string,
  countryCode: string = DEFAULT_PHONE_COUNTRY,
): ValidationKey | undefined {
  return validatePhone(mobile.trim(), countryCode.trim().toUpperCase() || DEFAULT_PHONE_COUNTRY);
}

/** The billing name of the order post: first + last name (part 2 §7). */
export const billingName = (first: string, last: string): string => `${first.trim()} ${last.trim()}`.trim();

/** Contact details on the checkout: a missing last name shows '.' (part 2 §2). */
export const displayLastName = (last: string | undefined): string => (last?.trim() ? last.trim() : '.');

/** Checkout's masking reading (part 2 §2 3): the mobile shows X after the first 2 characters. */
export const maskCheckoutMobile = (mobile: string): string =>
  mobile.length <= 2 ? mobile : `${mobile.slice(0, 2)}${'X'.repeat(mobile.length - 2)}`;

/** …and the e-mail shows x after its first 4 characters (the domain stays readable). */
export function maskCheckoutEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const masked = local.length <= 4 ? local : `${local.slice(0, 4)}${'x'.repeat(local.length - 4)}`;
  return at < 0 ? masked : `${masked}${email.slice(at)}`;
}
