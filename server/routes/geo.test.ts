import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { distanceKm } from '../services/registration/geo';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const get = (url: string, headers?: Record<string, string>) => t.call({ method: 'GET', url, headers });

describe('great-circle distance', () => {
  it('measures Delhi to Mumbai as about 1150 km', () => {
    const km = distanceKm({ lat: 28.6139, long: 77.209 }, { lat: 19.076, long: 72.8777 });
    expect(km).toBeGreaterThan(1140);
    expect(km).toBeLessThan(1160);
    expect(distanceKm({ lat: 10, long: 10 }, { lat: 10, long: 10 })).toBe(0);
  });
});

describe('GET /api/nearest-centre', () => {
  it('finds the nearest listed centre for the mode and stream', async () => {
    const andheri = await get('/api/nearest-centre?latitude=19.12&longitude=72.84&mode=Online');
    expect(andheri.statusCode).toBe(200);
    expect(andheri.data.data).toMatchObject({
      label: 'Mumbai Andheri',
      value: 'RCC Mumbai Andheri-MH001-7',
      centreCode: 'MH001',
      centreId: '7',
      state: { tid: '21', name: 'Maharashtra' },
    });
    // Connaught Place: IC006 sits exactly there but is never offered.
    const cp = await get(
      '/api/nearest-centre?latitude=28.6304&longitude=77.2177&class_stream=11%26SOM&mode=Online',
    );
    const data = cp.data.data as { centreCode: string; distance_km: number; phone_numbers: string[] };
    expect(data.centreCode).toBe('DL001');
    expect(data.distance_km).toBeGreaterThan(0);
    expect(data.phone_numbers.length).toBeLessThanOrEqual(4);
    // Janakpuri is F+EC (no medical): a medical student is sent elsewhere.
    const janakpuri = await get('/api/nearest-centre?latitude=28.6219&longitude=77.0878&class_stream=SOM');
    expect((janakpuri.data.data as { centreCode: string }).centreCode).not.toBe('DL002');
    const engineering = await get('/api/nearest-centre?latitude=28.6219&longitude=77.0878&class_stream=SOE');
    expect((engineering.data.data as { centreCode: string }).centreCode).toBe('DL002');
  });

  it("names the centre and its state in the page's locale, with the same value", async () => {
    const url = '/api/nearest-centre?latitude=19.12&longitude=72.84&mode=Online';
    const hindi = await get(url, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(hindi.data.data).toMatchObject({
      label: 'मुंबई अंधेरी',
      value: 'RCC Mumbai Andheri-MH001-7',
      state: { tid: '21', name: 'महाराष्ट्र' },
    });
    const english = await get(url, { 'accept-language': 'en-IN' });
    expect(english.data.data).toMatchObject({ label: 'Mumbai Andheri', state: { name: 'Maharashtra' } });
  });

  it("keeps to where the mode is held: iACST offline only in Gujarat, so Delhi's nearest offline centre is Ahmedabad", async () => {
    const offline = await get(
      '/api/nearest-centre?latitude=28.6304&longitude=77.2177&mode=Offline&exam_type=iACST',
    );
    expect((offline.data.data as { centreCode: string }).centreCode).toBe('GJ001');
    const neet = await get(
      '/api/nearest-centre?latitude=28.6304&longitude=77.2177&mode=Offline&exam_type=MOCK-NEET',
    );
    expect((neet.data.data as { centreCode: string }).centreCode).toBe('DL001');
  });

  it('answers 404 when no centre serves the filter and 400 for bad coordinates', async () => {
    const missing = await get('/api/nearest-centre?latitude=28.6&longitude=77.2&class_stream=SOX');
    expect(missing.statusCode).toBe(404);
    expect(missing.data).toEqual({ success: 'false', msg: 'No centre found near you.' });
    expect((await get('/api/nearest-centre?latitude=95&longitude=77')).data.msg).toBe(
      'Invalid latitude: must be -90 to 90.',
    );
    expect((await get('/api/nearest-centre?latitude=28&longitude=190')).statusCode).toBe(400);
    expect((await get('/api/nearest-centre?latitude=abc&longitude=77')).statusCode).toBe(400);
    expect((await get('/api/nearest-centre?latitude=28')).statusCode).toBe(400);
    expect((await get('/api/nearest-centre?latitude=28&longitude=77&mode=online')).statusCode).toBe(400);
  });
});

describe('GET /api/pincode/:pincode', () => {
  it('answers city and state_desc for a seeded pincode', async () => {
    const response = await get('/api/pincode/400053');
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ city: 'Mumbai', state_desc: 'Maharashtra' });
  });

  it('covers every seeded city', async () => {
    const cities = await t.db.selectFrom('cities').select('name').execute();
    const covered = await t.db.selectFrom('pincodes').select('city').distinct().execute();
    expect(new Set(covered.map((c) => c.city))).toEqual(new Set(cities.map((c) => c.name)));
  });

  it('answers 404 for an unknown pincode and 400 for anything but 6 digits', async () => {
    expect((await get('/api/pincode/999999')).data).toEqual({ success: 'false', msg: 'Pincode not found' });
    expect((await get('/api/pincode/999999')).statusCode).toBe(404);
    for (const bad of [
      '12345',
      '1234567',
      'abcdef',
      '11000%27',
      '%EF%BC%91%EF%BC%91%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%91',
    ])
      expect((await get(`/api/pincode/${bad}`)).statusCode).toBe(400);
  });

  it('reads a pincode written with a space or a dash as its six digits, and no other', async () => {
    for (const written of ['400%20053', '400-053'])
      expect((await get(`/api/pincode/${written}`)).data).toEqual((await get('/api/pincode/400053')).data);
    expect((await get('/api/pincode/400%200531')).statusCode).toBe(400);
  });
});

describe('GET /api/geo/reverse', () => {
  it('answers the nearest seeded pincode as address, Place Name, pincode and country code', async () => {
    const response = await get('/api/geo/reverse?latitude=12.93&longitude=77.62');
    expect(response.data).toEqual({
      address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      'Place Name': 'Koramangala',
      pincode: '560034',
      country_code: 'IN',
    });
  });

  it('refuses bad coordinates', async () => {
    expect((await get('/api/geo/reverse?latitude=-91&longitude=0')).statusCode).toBe(400);
    expect((await get('/api/geo/reverse?latitude=1e3&longitude=0')).statusCode).toBe(400);
    expect((await get('/api/geo/reverse?latitude=0')).statusCode).toBe(400);
    expect((await get('/api/geo/reverse?latitude=0&longitude=0&x=1')).statusCode).toBe(400);
  });
});

describe('GET /api/geo/ip', () => {
  it('places loopback and private addresses in New Delhi', async () => {
    const response = await get('/api/geo/ip');
    expect(response.data).toEqual({
      postal: '110001',
      country_code: 'IN',
      latitude: 28.6304,
      longitude: 77.2177,
      city: 'New Delhi',
      state: 'Delhi',
    });
    const privateAddress = await t.app.inject({
      method: 'GET',
      url: '/api/geo/ip',
      remoteAddress: '192.168.1.20',
    });
    expect(privateAddress.json()).toMatchObject({ city: 'New Delhi' });
  });

  it('answers a default for unknown addresses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/geo/ip', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      postal: '',
      country_code: 'IN',
      latitude: 20.5937,
      longitude: 78.9629,
      city: '',
      state: '',
    });
  });
});
