// The API's own messages in the page's locale: the table, the choice of locale, and
// the routes a student meets answering in Hindi when asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDir } from '../../src/engine/node/paths';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { localeOf, message, messageIds, PAGE_MESSAGE_KEYS, stringsIn, wording } from './messages';

const START = new Date('2025-04-01T06:00:00Z');
const DEVANAGARI = /[\u0900-\u097F]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const site = loadConfig(configDir());
const english = stringsIn(site, 'en');
const hindi = stringsIn(site, 'hi');

describe('the message table', () => {
  it('is the api.* part of the one string table, the same ids in every locale', () => {
    expect(messageIds(english)).toContain('otp.invalid');
    expect(messageIds(hindi)).toEqual(messageIds(english));
    // A message id that starts with validation. names the form's own key, never an api.* one.
    expect(messageIds(english).filter((id) => id.startsWith('validation.'))).toEqual([]);
    expect(wording(message('otp.invalid'), english)).toBe(english['api.otp.invalid']);
  });

  it('has every message in Hindi (Devanagari) with the same placeholders as the English', () => {
    for (const id of messageIds(english)) {
      const en = wording(message(id), english);
      const hi = wording(message(id), hindi);
      expect(hi, id).toMatch(DEVANAGARI);
      expect(hi, id).not.toBe(en);
      expect(placeholders(hi), id).toEqual(placeholders(en));
    }
  });

  it('says ओटीपी, एसएमएस and पीएसआईडी in Hindi everywhere in the table (API messages too): no Latin OTP beside ओटीपी', () => {
    const latin = /\b(?:OTP|SMS|PSID)\b/;
    for (const [key, value] of Object.entries(hindi)) expect(value, key).not.toMatch(latin);
  });

  it('has one key per message: no api.* entry repeats another key in every locale (the page key serves both)', () => {
    const en = new Map<string, string>(Object.entries(english));
    const hi = new Map<string, string>(Object.entries(hindi));
    const twins = [...en.keys()]
      .filter((key) => key.startsWith('api.'))
      .flatMap((key) =>
        [...en.keys()]
          .filter((other) => other !== key && en.get(other) === en.get(key) && hi.get(other) === hi.get(key))
          .map((other) => `${key} = ${other}`),
      );
    expect(twins).toEqual([]);
    // The page keys the server answers with: worded in Hindi, and none is also an api.* id.
    for (const key of PAGE_MESSAGE_KEYS) {
      expect(hi.get(key), key).toMatch(DEVANAGARI);
      expect(en.has(`api.${key}`), key).toBe(false);
    }
    expect(wording(message('registration.couponInvalid'), hindi)).toBe('त्रुटि: अमान्य कूपन');
  });

  it('fills placeholders', () => {
    expect(wording(message('registration.otpSent', { mobile: '98xxxxxx10' }), hindi)).toBe(
      'ओटीपी 98xxxxxx10 पर भेजा गया।',
    );
  });

  it('answers hi for a Hindi Accept-Language and English for anything else', () => {
    const of = (value?: string) =>
      localeOf({ headers: value === undefined ? {} : { 'accept-language': value } });
    expect(of('hi')).toBe('hi');
    expect(of('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(of('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(of('fr, hi;q=0.5')).toBe('hi');
    expect(of('en')).toBe('en');
    expect(of('fr-FR')).toBe('en');
    expect(of('*')).toBe('en');
    expect(of('')).toBe('en');
    expect(of(undefined)).toBe('en');
    expect(of('hi;q=abc, ;;;, \u0000')).toBe('en');
    expect(of('hi;q=0')).toBe('en');
  });
});

describe('routes answer in the requested locale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ start: START });
  });
  afterAll(async () => t.close());

  const post = (url: string, language: string, payload?: object) =>
    t.call({ method: 'POST', url, payload, headers: { 'accept-language': language } });

  it('a wrong registration OTP: Hindi for hi, English for en', async () => {
    const mobile = '9833300001';
    expect((await post(`/api/otp/send?mobile=${mobile}&exam_type=MOCK-NEET`, 'hi')).data).toMatchObject({
      msg: `ओटीपी ${mobile} पर भेजा गया।`,
    });
    const { data: sms } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
    const otp = (sms as unknown as { otp: string }[])[0]?.otp ?? '';
    const wrong = otp === '1111' ? '2222' : '1111';
    const url = `/api/otp/verify?mobile_no=${mobile}&otp=${wrong}&exam_type=MOCK-NEET`;
    const hindi = await post(url, 'hi-IN,hi;q=0.9,en;q=0.8');
    expect(hindi.statusCode).toBe(400);
    expect(hindi.data).toEqual({
      success: 'false',
      msg: 'ओटीपी गलत है। कृपया कोड जाँचें और फिर से कोशिश करें।',
      error_code: 1,
    });
    const english = await post(url, 'en');
    expect(english.data).toEqual({
      success: 'false',
      msg: 'Invalid OTP. Please check the code and try again.',
      error_code: 1,
    });
    const verified = await post(`/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=MOCK-NEET`, 'hi');
    expect(verified.data.msg).toBe('ओटीपी सत्यापित हो गया।');
  });

  it('coupon, login, recovery and the generic failures', async () => {
    const coupon = await post('/api/coupon/validate', 'hi', {
      exam_type: 'MOCK-NEET',
      coupon_code: 'NOPE',
      class_stream: '12&SOM',
    });
    expect(coupon.data.msg).toBe('त्रुटि: अमान्य कूपन');
    const applied = await post('/api/coupon/validate', 'hi', {
      exam_type: 'MOCK-NEET',
      coupon_code: 'NEET50',
      class_stream: '12&SOM',
    });
    expect(applied.data.msg).toBe('सफल: कूपन सफलतापूर्वक लागू हो गया');
    const login = await post('/api/login', 'hi', {
      roll_number: '250000000001',
      date_of_birth: '01/01/2001',
    });
    expect(login.data.msg).toBe('रोल नंबर या पासवर्ड गलत है। आपका पासवर्ड आपकी जन्म तिथि (DD/MM/YYYY) है।');
    const recover = await post('/api/recover/otp', 'hi', { login_id: '9000000000' });
    expect(recover.data.msg).toBe('इस मोबाइल नंबर से कोई पंजीकरण नहीं मिला।');
    // A request its schema refuses names the field in Hindi when it is one the student fills…
    const missing = await post('/api/login', 'hi', { roll_number: 'x' });
    expect([missing.statusCode, missing.data.msg]).toEqual([400, 'कृपया जन्म तिथि दर्ज करें।']);
    const wrong = await post('/api/login', 'hi', { roll_number: 7, date_of_birth: '01/01/2001' });
    expect([wrong.statusCode, wrong.data.msg]).toEqual([400, 'रोल नंबर मान्य नहीं है। कृपया जाँचकर फिर से भेजें।']);
    // …and says the plain sentence otherwise; English keeps the validator's own detail.
    const stray = await post('/api/login', 'hi', { roll_number: 'x', date_of_birth: 'y', extra: 1 });
    expect([stray.statusCode, stray.data.msg]).toEqual([
      400,
      'भेजी गई जानकारी मान्य नहीं है। कृपया जाँचकर फिर से भेजें।',
    ]);
    expect((await post('/api/login', 'en', { roll_number: 'x' })).data.msg).toMatch(/^Invalid request: /);
    const signup = await post('/api/signup', 'hi', {});
    expect(signup.data.msg).toMatch(DEVANAGARI);
  });
});
