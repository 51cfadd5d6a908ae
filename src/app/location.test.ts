import { describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_GEO_MS,
  checkoutGeo,
  LOCATION_CACHE_MS,
  rememberTypedPincode,
  resolveLocation,
  resolveLocationWithin,
  signupLocationFields,
  type LocationSources,
} from './location';
import { createSessionStore, memoryStorage } from './session-store';

const NOW = Date.parse('2026-11-23T10:00:00Z');

function sources(overrides: Partial<LocationSources> = {}) {
  const store = createSessionStore({ storage: memoryStorage(), document: { cookie: '' } });
  const all = {
    store,
    now: () => NOW,
    allowedPosition: vi.fn(async () => undefined as { latitude: number; longitude: number } | undefined),
    reverse: vi.fn(async () => ({
      address: 'Saket, New Delhi',
      'Place Name': 'Saket',
      pincode: '110017',
      country_code: 'IN',
    })),
    pincode: vi.fn(async () => ({ city: 'New Delhi', state_desc: 'Delhi' })),
    geoIp: vi.fn(async () => ({
      postal: '400001',
      country_code: 'IN',
      latitude: 18.94,
      longitude: 72.83,
      city: 'Mumbai',
      state: 'Maharashtra',
    })),
    ...overrides,
  };
  return all;
}

describe('resolveLocation', () => {
  it('asks the IP look-up when the browser location is not allowed, and caches it for 60 days', async () => {
    const s = sources();
    expect(await resolveLocation(s)).toEqual({ city: 'Mumbai', state: 'Maharashtra', pincode: '400001' });
    expect(s.store.get('user_location')).toMatchObject({
      city: 'Mumbai',
      isLocationAllowed: false,
      revalidateAt: NOW + LOCATION_CACHE_MS,
    });
    expect(s.reverse).not.toHaveBeenCalled();
  });

  it('uses the browser location once it is allowed: its nearest pincode, then that pincode’s city', async () => {
    const s = sources({ allowedPosition: vi.fn(async () => ({ latitude: 28.5245, longitude: 77.2066 })) });
    expect(await resolveLocation(s)).toEqual({ city: 'New Delhi', state: 'Delhi', pincode: '110017' });
    expect(s.reverse).toHaveBeenCalledWith({ latitude: '28.524500', longitude: '77.206600' });
    expect(s.pincode).toHaveBeenCalledWith('110017');
    expect(s.geoIp).not.toHaveBeenCalled();
    expect(s.store.get('user_location')?.isLocationAllowed).toBe(true);
  });

  it('falls back to the IP look-up when the browser answer fails half-way', async () => {
    const s = sources({
      allowedPosition: vi.fn(async () => ({ latitude: 1, longitude: 1 })),
      reverse: vi.fn(async () => Promise.reject(new Error('Pincode not found'))),
    });
    expect(await resolveLocation(s)).toMatchObject({ city: 'Mumbai' });
  });

  it('answers from the cache while it is fresh, and looks again once it is stale', async () => {
    const s = sources();
    s.store.set('user_location', {
      isLocationAllowed: false,
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      revalidateAt: NOW + 1,
    });
    expect(await resolveLocation(s)).toEqual({ city: 'Pune', state: 'Maharashtra', pincode: '411001' });
    expect(s.geoIp).not.toHaveBeenCalled();
    const later = { ...s, now: () => NOW + 2 };
    expect(await resolveLocation(later)).toMatchObject({ city: 'Mumbai' });
    expect(s.geoIp).toHaveBeenCalledTimes(1);
  });

  it('rejects when nothing answers, caching nothing', async () => {
    const s = sources({ geoIp: vi.fn(async () => Promise.reject(new Error('Location not found.'))) });
    await expect(resolveLocation(s)).rejects.toThrow('Location not found.');
    expect(s.store.get('user_location')).toBeUndefined();
  });
});

describe('signupLocationFields', () => {
  it('sends city, state and pincode when they are known', () => {
    expect(signupLocationFields({ city: 'New Delhi', state: 'Delhi', pincode: '110017' })).toEqual({
      student_city: 'New Delhi',
      student_state: 'Delhi',
      student_pincode: '110017',
    });
  });

  it('leaves out what the API would refuse rather than failing the signup', () => {
    expect(signupLocationFields({ city: 'नई दिल्ली', state: 'Delhi', pincode: '0110017' })).toEqual({
      student_state: 'Delhi',
    });
    expect(signupLocationFields({})).toEqual({});
  });
});

describe('resolveLocationWithin', () => {
  it('gives up after the wait, so a slow look-up never holds the signup', async () => {
    vi.useFakeTimers();
    try {
      const s = sources({ geoIp: vi.fn(() => new Promise<never>(() => {})) });
      const found = resolveLocationWithin(s, 3_000);
      const settled = vi.fn();
      found.catch(settled);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(found).rejects.toThrow('No location within 3000 ms');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers as resolveLocation does when it is quick', async () => {
    await expect(resolveLocationWithin(sources(), 3_000)).resolves.toMatchObject({ city: 'Mumbai' });
  });
});

describe('checkoutGeo (part 2 §3 user_geo_info, valid 1 hour)', () => {
  it('fills the cache from the browser location when allowed, reverse-geocoded by the server', async () => {
    const s = sources({
      allowedPosition: vi.fn(async () => ({ latitude: 19.1363, longitude: 72.8277 })),
      reverse: vi.fn(async () => ({
        address: 'Andheri West, Mumbai, Maharashtra 400053, India',
        'Place Name': 'Andheri West',
        pincode: '400053',
        country_code: 'IN',
      })),
    });
    const geo = {
      pincode: '400053',
      address: 'Andheri West, Mumbai, Maharashtra 400053, India',
      country_code: 'IN',
      lat: 19.1363,
      long: 72.8277,
      timestamp: NOW,
      isLocationAllowed: true,
    };
    expect(await checkoutGeo(s)).toEqual(geo);
    expect(s.reverse).toHaveBeenCalledWith({ latitude: '19.136300', longitude: '72.827700' });
    expect(s.store.get('user_geo_info')).toEqual(geo);
    // Within the hour the cache answers; the IP look-up is never the checkout's.
    expect(await checkoutGeo({ ...s, now: () => NOW + CHECKOUT_GEO_MS - 1 })).toEqual(geo);
    expect(s.allowedPosition).toHaveBeenCalledTimes(1);
    await checkoutGeo({ ...s, now: () => NOW + CHECKOUT_GEO_MS });
    expect(s.allowedPosition).toHaveBeenCalledTimes(2);
    expect(s.geoIp).not.toHaveBeenCalled();
  });

  it('answers nothing when the location is not allowed, and keeps a typed pincode', async () => {
    const s = sources();
    expect(await checkoutGeo(s)).toBeUndefined();
    expect(s.store.get('user_geo_info')).toBeUndefined();
    rememberTypedPincode(s, '110001', { city: 'New Delhi', state_desc: 'Delhi' });
    expect(s.store.get('user_geo_info')).toMatchObject({
      pincode: '110001',
      country_code: 'IN',
      isLocationAllowed: false,
      timestamp: NOW,
    });
    expect((await checkoutGeo(s))?.pincode).toBe('110001');
  });

  it("a typed pincode's look-up keeps the browser location's entry for the same pincode", async () => {
    const s = sources({
      allowedPosition: vi.fn(async () => ({ latitude: 28.5245, longitude: 77.2066 })),
    });
    await checkoutGeo(s);
    rememberTypedPincode(s, '110017', { city: 'New Delhi', state_desc: 'Delhi' });
    expect(s.store.get('user_geo_info')).toMatchObject({ pincode: '110017', isLocationAllowed: true });
    rememberTypedPincode(s, '110001', { city: 'New Delhi', state_desc: 'Delhi' });
    expect(s.store.get('user_geo_info')).toMatchObject({ pincode: '110001', isLocationAllowed: false });
  });
});
