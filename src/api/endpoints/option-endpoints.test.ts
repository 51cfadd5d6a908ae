// The registration's option lists and look-ups: class-streams, exam slots, states, centres, dates,
// nearest centre, pincode, analytics. Real server on a real port; each test checks the request the
// server received and the reply the fetcher parsed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsListReply } from '../../generated/api/analytics-list';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { failure, listen } from './endpoints.test-support';
import { postAnalyticsEvent } from './analytics';
import { classStreamsKey, fetchClassStreams } from './class-streams';
import { fetchExamCentres } from './exam-centres';
import { fetchExamDates } from './exam-dates';
import { fetchExamOpen } from './exam-open';
import { fetchExamSlots } from './exam-slots';
import { examStatesPath, fetchExamStates } from './exam-states';
import { fetchNearestCentre } from './nearest-centre';
import { fetchPincode, pincodePath } from './pincode';

// 1 April 2025 in India, 11:30: iACST dates run from today (same-day registration until 9 PM).
const START = new Date('2025-04-01T06:00:00Z');

let t: TestApp;
let baseUrl = '';
let seen: { method: string; url: string; body: unknown }[] = [];
beforeAll(async () => {
  t = await testApp({ start: START });
  t.app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/sandbox/'))
      seen.push({ method: request.method, url: request.url, body: request.body });
  });
  baseUrl = await listen(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  seen = [];
});

describe('option lists', () => {
  it('class-streams of the registration page, sorted by class', async () => {
    const reply = await fetchClassStreams({ registration_page: 'iacst_adst' }, { baseUrl });
    expect(seen[0]).toEqual({
      method: 'GET',
      url: '/api/class-streams?registration_page=iacst_adst',
      body: undefined,
    });
    expect(reply.data[0]).toEqual({
      id: 'cs-6-sof',
      stream: '6&SOF',
      class: '6',
      display_name: 'Class 6 Foundation',
    });
    expect(reply.data.map((c) => c.stream)).toContain('12-passed&SOM');
    const iat = await fetchClassStreams({ registration_page: 'IAT' }, { baseUrl });
    expect(iat.data.map((c) => c.class)).toEqual(['8', '9', '10', '11', '11', '12', '12']);
    expect(classStreamsKey({})).toEqual(['/api/class-streams']);
  });

  it('exam slots from the programme config', async () => {
    const iat = await fetchExamSlots({ exam_type: 'IAT' }, { baseUrl });
    expect(seen[0]?.url).toBe('/api/exam/slots?exam_type=IAT');
    expect(iat.data.map((s) => [s.start, s.end, s.mode])).toEqual([
      ['09:00', '12:00', 'Offline'],
      ['14:00', '17:00', 'Offline'],
    ]);
  });

  it('states by mode and class&stream (the & encoded), optionally only those with open dates', async () => {
    const query = { exam_mode: 'Offline', class_stream: '11&SOE', exam_type: 'IAT' } as const;
    const states = await fetchExamStates(query, { baseUrl });
    expect(seen[0]?.url).toBe('/api/exam/states?exam_mode=Offline&class_stream=11%26SOE&exam_type=IAT');
    expect(states.data[0]).toEqual({ tid: '9', stateName: 'Delhi', shortCode: 'DL' });
    expect(states.data.map((s) => s.shortCode)).toEqual(['DL', 'HR', 'KA', 'MH', 'UP']);
    expect(examStatesPath({ exam_mode: 'Online', isCheckedState: 'true' })).toBe(
      '/api/exam/states?exam_mode=Online&isCheckedState=true',
    );
  });

  it('centres of a state as label and name-code-id', async () => {
    const centres = await fetchExamCentres(
      { mode: 'Offline', state: '9', class_stream: '12&SOM', exam_type: 'MOCK-NEET' },
      { baseUrl },
    );
    expect(seen[0]?.url).toBe(
      '/api/exam/centres?mode=Offline&state=9&class_stream=12%26SOM&exam_type=MOCK-NEET',
    );
    expect(centres.data.map((c) => c.label)).toEqual(['Delhi Central', 'Delhi Rohini']);
    expect(centres.data[0]?.value.split('-')[1]).toBe('DL001');
  });

  it('exam dates open for registration', async () => {
    const iacst = await fetchExamDates({ exam_type: 'iACST' }, { baseUrl });
    expect(seen[0]?.url).toBe('/api/exam/dates?exam_type=iACST');
    expect(iacst.data[0]).toEqual({ value: '2025-04-01', label: '1 Apr 2025 (Tuesday)' });
    const neet = await fetchExamDates(
      { exam_type: 'MOCK-NEET', centre: 'DL001', stream: 'SOM' },
      { baseUrl },
    );
    expect(seen[1]?.url).toBe('/api/exam/dates?exam_type=MOCK-NEET&centre=DL001&stream=SOM');
    expect(neet.data.map((d) => d.value)).toEqual(['2025-04-13', '2025-04-20', '2025-04-27']);
    const wrong = await failure(fetchExamDates({ exam_type: 'MOCK-NEET', centre: 'ZZ999' }, { baseUrl }));
    expect([wrong.status, wrong.message]).toEqual([404, 'This centre does not hold this exam.']);
  });

  it('whether any date is open (the landing says so before anything is typed)', async () => {
    const reply = await fetchExamOpen({ exam_type: 'IAT' }, { baseUrl });
    expect(seen[0]?.url).toBe('/api/exam/open?exam_type=IAT');
    expect(reply).toEqual({ success: 'true', data: { open: true } });
  });
});

describe('location look-ups', () => {
  it('the nearest centre to a point, with its state', async () => {
    const reply = await fetchNearestCentre(
      { latitude: '28.6304', longitude: '77.2177', class_stream: '11&SOM', mode: 'Online' },
      { baseUrl },
    );
    expect(seen[0]?.url).toBe(
      '/api/nearest-centre?latitude=28.6304&longitude=77.2177&class_stream=11%26SOM&mode=Online',
    );
    expect(reply.data).toMatchObject({ centreCode: 'DL001', state: { tid: '9', name: 'Delhi' } });
  });

  it('a pincode answers city and state; an unknown one fails with 404', async () => {
    expect(await fetchPincode({ pincode: '400053' }, { baseUrl })).toEqual({
      city: 'Mumbai',
      state_desc: 'Maharashtra',
    });
    expect(seen[0]?.url).toBe('/api/pincode/400053');
    const missing = await failure(fetchPincode({ pincode: '999999' }, { baseUrl }));
    expect([missing.status, missing.message]).toEqual([404, 'Pincode not found']);
    expect(pincodePath({ pincode: '../x' })).toBe('/api/pincode/..%2Fx');
  });
});

describe('analytics', () => {
  it('posts an event, which the server stores', async () => {
    const body = { name: 'iacst_register_now_landing', exam_type: 'iACST', payload: { step: 1 } };
    expect(await postAnalyticsEvent(body, { baseUrl })).toEqual({ success: 'true', msg: 'Event recorded.' });
    expect(seen[0]).toEqual({ method: 'POST', url: '/api/analytics', body });
    const stored = (
      await t.call({ method: 'GET', url: '/sandbox/analytics?name=iacst_register_now_landing' })
    ).data as unknown as AnalyticsListReply;
    expect(stored[0]).toMatchObject({
      name: 'iacst_register_now_landing',
      exam_type: 'iACST',
      payload: { step: 1 },
    });
  });
});
