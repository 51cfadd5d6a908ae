// The Texts screen's one table of places: every text of the string table has a place a marketing
// person recognises, and the table names nothing the string table no longer has.
import { describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import { CARD_STEP_OF_KEY, cardStepOf, PLACE_RULES, PLACES, placeOf, ruleFor } from './text-places';

const keys = Object.keys(en.strings);

describe('where each text appears', () => {
  it('places every key of the English table (none left "Elsewhere")', () => {
    expect(keys.filter((key) => placeOf(key) === 'Elsewhere')).toEqual([]);
    expect(placeOf('registration.heading')).toBe('Registration card · Step 1 (mobile number)');
    expect(placeOf('registration.loading')).toBe('Registration card · Every step');
    expect(placeOf('api.otp.invalid')).toBe('Messages and errors · Mobile number and OTP');
  });

  it('names no prefix or key the table no longer has, each rule once, and each rule places a key', () => {
    const rules = PLACE_RULES.map(([rule]) => rule);
    expect(rules.length).toBe(new Set(rules).size);
    const winners = new Set(keys.map(ruleFor));
    expect(rules.filter((rule) => !winners.has(rule))).toEqual([]);
  });

  it('lists every place it uses, and uses every place it lists', () => {
    expect(new Set(keys.map(placeOf))).toEqual(new Set(PLACES));
  });

  it('knows the card screen of the registration texts, and of no other', () => {
    expect(Object.keys(CARD_STEP_OF_KEY).filter((key) => !keys.includes(key))).toEqual([]);
    expect(cardStepOf('registration.heading')).toBe('mobile');
    expect(cardStepOf('registration.otpSent')).toBe('otp');
    expect(cardStepOf('registration.payAndRegister')).toBe('exam');
    expect(cardStepOf('registration.success')).toBe('success');
    expect(cardStepOf('login.heading')).toBeUndefined();
  });
});
