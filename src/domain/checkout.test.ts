import { describe, expect, it } from 'vitest';
import english from '../../config/i18n/en.json';
import {
  billingName,
  checkoutErrors,
  checkoutPaymentMethod,
  checkoutPhoneError,
  displayLastName,
  emptyCheckoutFields,
  errorsAfterEdit,
  firstInvalid,
  maskCheckoutEmail,
  maskCheckoutMobile,
  normalisePincode,
} from './checkout';

const strings = english.strings as Record<string, string>;
const valid = {
  fatherName: 'Ramesh Kumar',
  billingAddress: '12 MG Road',
  pincode: '110001',
  city: 'New Delhi',
  state: 'Delhi',
  terms: true,
};

describe('checkout rules (part 2 §5)', () => {
  it('an empty form gives every message of the spec, in the form order', () => {
    const errors = checkoutErrors({ ...emptyCheckoutFields(), terms: false });
    expect(Object.entries(errors).map(([field, key]) => [field, strings[key]])).toEqual([
      ['fatherName', 'Father name is required'],
      ['billingAddress', 'Billing address is required'],
      ['pincode', 'Pincode is required'],
      ['city', 'City is required'],
      ['state', 'State must be selected'],
      ['terms', 'Please agree to the terms and conditions.'],
    ]);
    expect(firstInvalid(errors)).toBe('fatherName');
  });

  it('a short pincode, a bad father name, and a complete form', () => {
    expect(strings[checkoutErrors({ ...valid, pincode: '1100' }).pincode ?? '']).toBe(
      'Pincode must be 6 characters long',
    );
    expect(strings[checkoutErrors({ ...valid, fatherName: 'R2' }).fatherName ?? '']).toBe(
      'Only alphabets are allowed',
    );
    expect(strings[checkoutErrors({ ...valid, fatherName: 'R' }).fatherName ?? '']).toBe(
      'Minimum length should be 2',
    );
    expect(checkoutErrors(valid)).toEqual({});
    // The spec's pincode rule is required and six digits: a pincode may start with 0.
    expect(checkoutErrors({ ...valid, pincode: '011001' })).toEqual({});
    expect(strings[checkoutErrors({ ...valid, billingAddress: '<b>12</b>' }).billingAddress ?? '']).toBe(
      'Billing address contains characters that are not allowed.',
    );
    expect(strings[checkoutErrors({ ...valid, city: 'C'.repeat(61) }).city ?? '']).toBe(
      'City must be at most 60 characters long.',
    );
    expect(firstInvalid(checkoutErrors({ ...valid, city: ' ' }))).toBe('city');
  });

  it("the phone by the location's country: IN exactly 10 digits, AE at most 10, others any number", () => {
    const said = (mobile: string, country?: string) => {
      const key = checkoutPhoneError(mobile, country);
      return key ? strings[key] : 'ok';
    };
    expect(said('9876543210')).toBe('ok');
    expect(said('987654321')).toBe('Enter a valid mobile number');
    expect(said('501234567', 'AE')).toBe('ok');
    expect(said('5012345678', 'ae')).toBe('ok');
    expect(said('50123456789', 'AE')).toBe('Enter a valid mobile number');
    expect(said('07911123456', 'GB')).toBe('ok');
    expect(said('', 'GB')).toBe('Enter a valid mobile number');
    expect(said('98765-43210', 'GB')).toBe('Enter a valid mobile number');
    expect(said('9876543210', '')).toBe('ok');
  });

  it('keeps digits of a pincode only, truncated to 6', () => {
    expect(normalisePincode('11a00 01234')).toBe('110001');
  });

  it('editing clears the field error; a pincode edit clears city and state too', () => {
    const errors = checkoutErrors({ ...emptyCheckoutFields(), terms: false });
    expect(Object.keys(errorsAfterEdit(errors, 'billingAddress'))).toEqual([
      'fatherName',
      'pincode',
      'city',
      'state',
      'terms',
    ]);
    expect(Object.keys(errorsAfterEdit(errors, 'pincode'))).toEqual([
      'fatherName',
      'billingAddress',
      'terms',
    ]);
  });

  it('pays by hdfc where the centre offers ccavenue, else by others (part 2 §4)', () => {
    expect(checkoutPaymentMethod({ ccavenue: 'CCAvenue', paytm: 'Paytm' })).toBe('hdfc');
    expect(checkoutPaymentMethod({ others: 'Other methods', paytm: 'Paytm' })).toBe('others');
  });

  it('contact details: billing name, a missing last name, the checkout masks', () => {
    expect(billingName(' Asha ', '')).toBe('Asha');
    expect(billingName('Asha', 'Verma')).toBe('Asha Verma');
    expect(displayLastName('')).toBe('.');
    expect(displayLastName(undefined)).toBe('.');
    expect(maskCheckoutMobile('9876543210')).toBe('98XXXXXXXX');
    expect(maskCheckoutEmail('asha.verma@example.com')).toBe('ashaxxxxxx@example.com');
    expect(maskCheckoutEmail('ab@x.in')).toBe('ab@x.in');
  });
});
