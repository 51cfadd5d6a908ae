// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  campaignFromUrl,
  createSessionStore,
  memoryStorage,
  SESSION_STORAGE_KEY,
  STORED_KEYS,
  type SessionStore,
  type StoredValues,
} from './session-store';

const stores: SessionStore[] = [];
const make = (...args: Parameters<typeof createSessionStore>) => {
  const store = createSessionStore(...args);
  stores.push(store);
  return store;
};

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'ef_session=1; Path=/';
});
afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispose();
});

const session = { token: 'tok-123', rollNumber: '250000000001', dob: '05/01/2008', examType: 'iACST' };

/** One value for every named key, so a test can fill them all. */
const everyKey: StoredValues = {
  studentInfo: {
    studentName: 'Riya Verma',
    email: 'riya@example.com',
    dob: '04/01/2008',
    mobileNumber: '9811100001',
  },
  user_info: { mobileNumber: '9811100001', isExistingUser: false },
  exam_info: {
    schoolBoard: { value: 'CBSE' },
    classStream: { class: '12', stream: 'SOM' },
    centre: { label: 'Delhi Central', centreCode: 'DL001' },
    dateOfExam: '2025-04-13',
    autoFill: false,
    examSlots: 'offline-neet',
  },
  exam_fee: 200,
  user_psid: { isPsid: false, psid: '' },
  utmParams: { utm_source: 'google' },
  gclid: 'Cj0KCQjw',
  otp_id: 'otp-1',
  iacst_order_id: 'order-1',
  user_geo_info: {
    pincode: '110001',
    address: 'Connaught Place, New Delhi',
    country_code: 'IN',
    lat: 28.6,
    long: 77.2,
    timestamp: 1,
    isLocationAllowed: true,
  },
  user_location: {
    isLocationAllowed: false,
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110001',
    revalidateAt: 1,
  },
};

describe('session store', () => {
  it('starts logged out with a closed toast', () => {
    const store = make();
    expect(store.getSnapshot()).toMatchObject({ token: null, rollNumber: null, dob: null, examType: null });
    expect(store.getSnapshot().toast.open).toBe(false);
    expect(store.getServerSnapshot().token).toBeNull();
  });

  it('login stores token, roll number, date of birth and exam type, and persists only those', () => {
    const store = make();
    store.login(session);
    store.showToast({ type: 'success', message: 'Login successful' });
    expect(store.getSnapshot()).toMatchObject(session);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual(session);
    // A new page (a reload) reads the persisted slices back, but never the toast.
    const reloaded = make();
    expect(reloaded.getSnapshot()).toMatchObject(session);
    expect(reloaded.getSnapshot().toast.open).toBe(false);
  });

  it('ignores a corrupted or tokenless persisted copy', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(make().getSnapshot().token).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ rollNumber: '250000000001' }));
    expect(make().getSnapshot().rollNumber).toBeNull();
  });

  it('tells subscribers, and gives a stable snapshot between changes', () => {
    const store = make();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.login(session);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    unsubscribe();
    store.setExamType('IAT');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').examType).toBe('IAT');
  });

  it('works with useSyncExternalStore, toast included', () => {
    const store = make();
    const { result } = renderHook(() =>
      useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot),
    );
    expect(result.current.token).toBeNull();
    act(() => store.login(session));
    expect(result.current.rollNumber).toBe('250000000001');
    act(() => store.showToast({ type: 'danger', message: 'Something went wrong.' }));
    expect(result.current.toast).toMatchObject({
      open: true,
      type: 'danger',
      message: 'Something went wrong.',
    });
    act(() => store.closeToast());
    expect(result.current.toast.open).toBe(false);
  });

  it('reads and writes every named key as typed JSON, and treats junk as absent', () => {
    const store = make();
    for (const key of STORED_KEYS) store.set(key, everyKey[key]);
    for (const key of STORED_KEYS) expect(store.get(key)).toEqual(everyKey[key]);
    expect(localStorage.getItem('exam_fee')).toBe('200');
    expect(localStorage.getItem('otp_id')).toBe('"otp-1"');
    localStorage.setItem('otp_id', 'not json');
    expect(store.get('otp_id')).toBeUndefined();
    store.remove('exam_fee');
    expect(store.get('exam_fee')).toBeUndefined();
    expect(STORED_KEYS).toEqual([
      'studentInfo',
      'user_info',
      'exam_info',
      'exam_fee',
      'user_psid',
      'utmParams',
      'gclid',
      'otp_id',
      'iacst_order_id',
      'user_geo_info',
      'user_location',
    ]);
  });

  it.each(['logout', 'resetAfterTest'] as const)(
    '%s clears every key, the persisted copy, the ef_session cookie and what the tab kept',
    (method) => {
      const store = make();
      store.login(session);
      for (const key of STORED_KEYS) store.set(key, everyKey[key]);
      localStorage.setItem('someone-else', 'kept');
      // What the tab kept of the flows: the checkout's address, a registration card, its retry.
      sessionStorage.setItem('examflow:checkout-address', '{"billingAddress":"12 MG Road"}');
      sessionStorage.setItem('examflow:flow:card:/iacstexam', '{}');
      sessionStorage.setItem('examflow:registration-kept', '{"token":"t"}');
      sessionStorage.setItem('someone-else', 'kept');
      store.showToast({ type: 'warn', message: 'Please wait' });
      const listener = vi.fn();
      store.subscribe(listener);
      expect(document.cookie).toContain('ef_session=1');

      store[method]();

      expect(store.getSnapshot()).toMatchObject({ token: null, rollNumber: null, dob: null, examType: null });
      expect(store.getSnapshot().toast.open).toBe(false);
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      for (const key of STORED_KEYS) expect(localStorage.getItem(key), key).toBeNull();
      expect(localStorage.getItem('someone-else')).toBe('kept');
      expect(Object.keys(sessionStorage)).toEqual(['someone-else']);
      expect(document.cookie).not.toContain('ef_session=1');
      expect(listener).toHaveBeenCalled();
      expect(make().getSnapshot().token).toBeNull();
    },
  );

  it('forgets what the tab kept when another student logs in here, or when another tab logs out', () => {
    const store = make();
    store.login(session);
    sessionStorage.setItem('examflow:checkout-address', '{"billingAddress":"12 MG Road"}');
    store.login({ ...session, token: 'tok-456' });
    expect(sessionStorage.getItem('examflow:checkout-address')).not.toBeNull();
    store.login({ ...session, token: 'tok-789', rollNumber: '250000000002' });
    expect(sessionStorage.getItem('examflow:checkout-address')).toBeNull();

    sessionStorage.setItem('examflow:checkout-address', '{"billingAddress":"12 MG Road"}');
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getSnapshot().token).toBeNull();
    expect(sessionStorage.getItem('examflow:checkout-address')).toBeNull();
  });

  it("follows another tab's login and logout", () => {
    const store = make();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getSnapshot().token).toBe('tok-123');
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(store.getSnapshot().token).toBe('tok-123');
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getSnapshot().token).toBeNull();
  });

  it('keeps working in memory when storage throws', () => {
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = make({ storage: broken });
    store.login(session);
    store.set('otp_id', 'x');
    expect(store.getSnapshot().token).toBe('tok-123');
    expect(store.get('otp_id')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('campaign parameters', () => {
  it('reads the four UTM parameters and gclid from a URL, leaving out the empty and the unknown', () => {
    expect(
      campaignFromUrl(
        'https://example.com/iacstexam?utm_source=google&utm_medium=cpc&utm_campaign=april&utm_id=42&utm_term=x&gclid=Cj0&sf_id=1',
      ),
    ).toEqual({
      utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'april', utm_id: '42' },
      gclid: 'Cj0',
    });
    expect(campaignFromUrl('/mock-neet-exam?utm_source=&gclid=')).toEqual({ utm: {}, gclid: undefined });
  });

  it('captureCampaign stores them, and a later URL without them keeps the earlier ones', () => {
    const store = make();
    expect(store.captureCampaign('/iacstexam?utm_source=facebook&utm_campaign=summer&gclid=G1')).toEqual({
      utm: { utm_source: 'facebook', utm_campaign: 'summer' },
      gclid: 'G1',
    });
    expect(store.get('utmParams')).toEqual({ utm_source: 'facebook', utm_campaign: 'summer' });
    expect(store.get('gclid')).toBe('G1');
    expect(store.captureCampaign('/iacstexam?sf_id=SF1')).toEqual({
      utm: { utm_source: 'facebook', utm_campaign: 'summer' },
      gclid: 'G1',
    });
    // A new campaign replaces the whole set, so parameters of two campaigns never mix.
    store.captureCampaign(new URL('http://localhost/adst?utm_medium=email'));
    expect(store.get('utmParams')).toEqual({ utm_medium: 'email' });
    store.logout();
    expect(store.get('utmParams')).toBeUndefined();
    expect(store.get('gclid')).toBeUndefined();
  });
});
