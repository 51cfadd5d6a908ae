import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

// 1 April 2025, 11:30 in India: before the mock exams' dates.
const START = new Date('2025-04-01T06:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

const get = (url: string) => t.call({ method: 'GET', url });
type Row = Record<string, unknown>;
const list = async (url: string): Promise<Row[]> => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.data.success).toBe('true');
  return response.data.data as Row[];
};

describe('GET /api/master', () => {
  it('lists boards (CBSE first), cities, states, class-streams and slots by masterKey', async () => {
    const boards = await list('/api/master?masterKey=exam_board');
    expect(boards[0]).toEqual({ tid: 'board-1', name: 'CBSE', is_default: true });
    expect(boards.map((b) => b.name)).toEqual(expect.arrayContaining(['ICSE', 'State Board']));
    const cities = await list('/api/master?masterKey=school_city');
    expect(cities).toContainEqual({ tid: 'c1', name: 'New Delhi', state: 'Delhi' });
    const states = await list('/api/master?masterKey=state_master');
    expect(states).toHaveLength(36);
    expect(states).toContainEqual({ tid: '9', stateName: 'Delhi', shortCode: 'DL' });
    const cs = await list('/api/master?masterKey=class_and_stream_master&exam_type=MOCK-NEET');
    expect(cs.map((c) => c.stream)).toEqual([
      '11&SOE',
      '11&SOM',
      '12&SOE',
      '12&SOM',
      '12-passed&SOE',
      '12-passed&SOM',
    ]);
    expect(cs[1]).toMatchObject({ tid: 'cs-11-som', display_name: 'Class 11 Medical' });
    const slots = await list('/api/master?masterKey=exammode_and_time_master&exam_type=IAT');
    expect(slots).toEqual([
      { tid: 'offline-morning', name: 'Offline, 9 AM to 12 PM' },
      { tid: 'offline-afternoon', name: 'Offline, 2 PM to 5 PM' },
    ]);
  });

  it('lists the centres of a state for a mode, without IC006 and without label prefixes', async () => {
    const centres = await list('/api/master?masterKey=exam_center_master&masterKeyId=9&exam_mode=Online');
    expect(centres).toEqual([
      { label: 'Delhi Central', value: 'RCC Delhi Central-DL001-1' },
      { label: 'Delhi Janakpuri', value: 'F+EC Delhi Janakpuri-DL002-2' },
      { label: 'Delhi Rohini', value: 'ALC Delhi Rohini-DL003-3' },
    ]);
    const ic006 = await t.db
      .selectFrom('centres')
      .select('code')
      .where('code', '=', 'IC006')
      .executeTakeFirst();
    expect(ic006).toBeDefined();
  });

  it('refuses unknown keys, a centre list without state or mode, and unknown exam types', async () => {
    expect((await get('/api/master?masterKey=nope')).statusCode).toBe(400);
    expect((await get('/api/master')).statusCode).toBe(400);
    expect((await get('/api/master?masterKey=exam_center_master&exam_mode=Online')).data).toEqual({
      success: 'false',
      msg: 'Please select state first',
    });
    expect((await get('/api/master?masterKey=exam_center_master&masterKeyId=9')).data.msg).toBe(
      'Please select exam slot first',
    );
    expect((await get('/api/master?masterKey=exammode_and_time_master&exam_type=NOPE')).data).toEqual({
      success: 'false',
      msg: 'Unknown exam type.',
    });
    expect((await get('/api/master?masterKey=exam_board&extra=1')).statusCode).toBe(400);
    expect(
      (await get("/api/master?masterKey=exam_center_master&masterKeyId=9'%20OR%201=1&exam_mode=Online"))
        .statusCode,
    ).toBe(400);
  });
});

describe('schools, states and boards', () => {
  it('lists the schools of a city by its label', async () => {
    const response = await get('/api/schools/New%20Delhi');
    expect(response.data.success).toBe('true');
    const schools = response.data.data as Row[];
    expect(schools.length).toBeGreaterThanOrEqual(3);
    expect(schools).toContainEqual({
      short_school_name: 'DPS R.K. Puram',
      full_school_name: 'Delhi Public School, R.K. Puram',
      school_code: 'DL01001',
    });
    expect((await get('/api/schools/new%20delhi')).data.data).toEqual(schools);
  });

  it('answers an unknown city with 404 and a malformed one with 400', async () => {
    expect((await get('/api/schools/Atlantis')).statusCode).toBe(404);
    expect((await get('/api/schools/Atlantis')).data.msg).toBe('No schools found for this city.');
    for (const bad of ['%3Cscript%3E', "x'%3B%20DROP%20TABLE%20schools", 'M%C3%BCnchen', 'a'.repeat(80)])
      expect((await get(`/api/schools/${bad}`)).statusCode).toBe(400);
  });

  it('lists all 36 states and union territories by name', async () => {
    const names = await list('/api/states');
    expect(names).toHaveLength(36);
    expect(names).toEqual(expect.arrayContaining(['Delhi', 'Ladakh', 'Tamil Nadu', 'Puducherry']));
  });

  it('lists school boards with CBSE, the default, first', async () => {
    const boards = await list('/api/school-boards');
    expect(boards[0]).toEqual({ tid: 'board-1', name: 'CBSE', is_default: true });
    expect(boards.filter((b) => b.is_default)).toHaveLength(1);
  });
});

describe('GET /api/class-streams', () => {
  it("keeps only the classes the programme's eligibility allows, sorted by class", async () => {
    const iacst = await list('/api/class-streams?registration_page=iACST');
    expect(iacst.map((c) => c.stream)).toEqual([
      '6&SOF',
      '7&SOF',
      '8&SOF',
      '9&SOF',
      '10&SOF',
      '11&SOE',
      '11&SOM',
      '12&SOE',
      '12&SOM',
      '12-passed&SOE',
      '12-passed&SOM',
    ]);
    expect(iacst[0]).toEqual({
      id: 'cs-6-sof',
      stream: '6&SOF',
      class: '6',
      display_name: 'Class 6 Foundation',
    });
    const iat = await list('/api/class-streams?registration_page=IAT');
    expect(iat.map((c) => c.class)).toEqual(['8', '9', '10', '11', '11', '12', '12']);
    const jee = await list('/api/class-streams?registration_page=MOCK-JEE');
    expect(new Set(jee.map((c) => c.class))).toEqual(new Set(['11', '12', '12-passed']));
  });

  it('accepts a registration-page variant key, and the host when no page is given', async () => {
    expect(await list('/api/class-streams?registration_page=iacst_adst')).toEqual(
      await list('/api/class-streams?registration_page=iACST'),
    );
    const viaHost = await t.call({
      method: 'GET',
      url: '/api/class-streams',
      headers: { host: 'mock-neet.localhost' },
    });
    expect((viaHost.data.data as Row[]).map((c) => c.class)).toEqual([
      '11',
      '11',
      '12',
      '12',
      '12-passed',
      '12-passed',
    ]);
  });

  it("narrows the list to a landing page's own eligibility: the NEET repeater pages list class 12 and 12 passed, medical", async () => {
    for (const page of ['iacst_repeater_neet', 'iacst_repeater_neet_hindi']) {
      expect(
        (await list(`/api/class-streams?registration_page=${page}`)).map((c) => c.stream),
        page,
      ).toEqual(['12&SOM', '12-passed&SOM']);
      const master = await list(`/api/master?masterKey=class_and_stream_master&exam_type=${page}`);
      expect(
        master.map((c) => c.stream),
        page,
      ).toEqual(['12&SOM', '12-passed&SOM']);
    }
  });

  it('narrows the list on the JEE and the medical and engineering repeater pages: class 12 and 12 passed, their streams', async () => {
    const expected: Record<string, string[]> = {
      iacst_repeater_jee: ['12&SOE', '12-passed&SOE'],
      iacst_repeater_common: ['12&SOE', '12&SOM', '12-passed&SOE', '12-passed&SOM'],
      iacst_repeater_common_hindi: ['12&SOE', '12&SOM', '12-passed&SOE', '12-passed&SOM'],
    };
    for (const [page, streams] of Object.entries(expected)) {
      expect(
        (await list(`/api/class-streams?registration_page=${page}`)).map((c) => c.stream),
        page,
      ).toEqual(streams);
      const master = await list(`/api/master?masterKey=class_and_stream_master&exam_type=${page}`);
      expect(
        master.map((c) => c.stream),
        page,
      ).toEqual(streams);
    }
  });

  it('refuses unknown and malformed pages', async () => {
    expect((await get('/api/class-streams?registration_page=SAMPLE-PACK')).data.msg).toBe(
      'Unknown exam type.',
    );
    expect((await get('/api/class-streams?registration_page=%3Cscript%3E')).statusCode).toBe(400);
    expect((await get(`/api/class-streams?registration_page=${'x'.repeat(60)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/exam/slots', () => {
  it('comes from the programme config, labelled Online or Offline', async () => {
    expect(await list('/api/exam/slots?exam_type=iACST')).toEqual([
      {
        tid: 'online-9am-10pm',
        name: 'Online, any time from 9 AM to 10 PM',
        mode: 'Online',
        start: '09:00',
        end: '22:00',
      },
      {
        tid: 'offline-gujarat',
        name: 'Offline at a centre, any time from 9 AM to 10 PM',
        mode: 'Offline',
        start: '09:00',
        end: '22:00',
      },
    ]);
    const iat = await list('/api/exam/slots?exam_type=IAT');
    expect(iat.map((s) => [s.start, s.end, s.mode])).toEqual([
      ['09:00', '12:00', 'Offline'],
      ['14:00', '17:00', 'Offline'],
    ]);
    expect((await get('/api/exam/slots?exam_type=1;DROP')).statusCode).toBe(400);
  });

  it("answers in the page's locale: a Hindi page's slot reads in Hindi, in both slot lists", async () => {
    const hindi = { 'accept-language': 'hi-IN,hi;q=0.9' };
    const slots = await t.call({
      method: 'GET',
      url: '/api/exam/slots?exam_type=iacst_repeater_neet_hindi',
      headers: hindi,
    });
    expect((slots.data.data as Row[]).map((s) => [s.tid, s.name])).toEqual([
      ['online-9am-10pm', 'ऑनलाइन, सुबह 9 बजे से रात 10 बजे तक कभी भी'],
      ['offline-gujarat', 'केंद्र पर ऑफ़लाइन, सुबह 9 बजे से रात 10 बजे तक कभी भी'],
    ]);
    const master = await t.call({
      method: 'GET',
      url: '/api/master?masterKey=exammode_and_time_master&exam_type=iACST',
      headers: hindi,
    });
    expect(master.data.data).toEqual([
      { tid: 'online-9am-10pm', name: 'ऑनलाइन, सुबह 9 बजे से रात 10 बजे तक कभी भी' },
      { tid: 'offline-gujarat', name: 'केंद्र पर ऑफ़लाइन, सुबह 9 बजे से रात 10 बजे तक कभी भी' },
    ]);
    // A slot without a Hindi label keeps its own.
    const iat = await t.call({ method: 'GET', url: '/api/exam/slots?exam_type=IAT', headers: hindi });
    expect((iat.data.data as Row[])[0]?.name).toBe('Offline, 9 AM to 12 PM');
  });
});

describe('GET /api/exam/states and /api/exam/centres', () => {
  it('lists states with a centre for the exam type, mode and stream', async () => {
    const iat = await list('/api/exam/states?exam_mode=Offline&class_stream=11%26SOE&exam_type=IAT');
    expect(iat.map((s) => s.shortCode)).toEqual(['DL', 'HR', 'KA', 'MH', 'UP']);
    expect(iat[0]).toEqual({ tid: '9', stateName: 'Delhi', shortCode: 'DL' });
    const neet = await list('/api/exam/states?exam_mode=Offline&class_stream=SOM&exam_type=MOCK-NEET');
    expect(neet.map((s) => s.shortCode)).not.toContain('GJ'); // Ahmedabad holds only iACST
    expect(neet.map((s) => s.shortCode)).toContain('KL');
    const checked = await list('/api/exam/states?exam_mode=Offline&exam_type=IAT&isCheckedState=true');
    expect(checked.map((s) => s.shortCode)).toEqual(['DL', 'HR', 'KA', 'MH', 'UP']);
  });

  it('lists centres as label, name-code-id and the code and id as fields, filtered by stream, never IC006', async () => {
    const all = await list('/api/exam/centres?mode=Online&state=9&exam_type=iACST');
    expect(all.map((c) => c.label)).toEqual(['Delhi Central', 'Delhi Janakpuri', 'Delhi Rohini']);
    for (const c of all) {
      // Clients read code and id from their fields; the spec's value still carries all three.
      expect(c.code).toMatch(/^DL\d{3}$/);
      expect(c.id).toMatch(/^\d+$/);
      expect(String(c.value).endsWith(`-${String(c.code)}-${String(c.id)}`)).toBe(true);
      expect(String(c.value)).toContain(String(c.label));
    }
    expect(JSON.stringify(all)).not.toContain('IC006');
    const medical = await list(
      '/api/exam/centres?mode=Offline&state=9&class_stream=12%26SOM&exam_type=MOCK-NEET',
    );
    expect(medical.map((c) => c.label)).toEqual(['Delhi Central', 'Delhi Rohini']);
    const checked = await list('/api/exam/centres?mode=Offline&state=9&exam_type=IAT&isCheckedCentre=1');
    expect(checked.map((c) => c.label)).toEqual(['Delhi Central', 'Delhi Janakpuri']);
    expect(await list('/api/exam/centres?mode=Offline&state=18&exam_type=IAT')).toEqual([]);
  });

  it("course_type=online lists the online-only course type's test centre, the digital-only branch", async () => {
    const online = await list('/api/exam/centres?mode=Online&state=9&exam_type=iACST&course_type=online');
    expect(online.map((c) => [c.label, c.code])).toEqual([['Digital Learning Centre', 'IC006']]);
    // Only for an online test, and only in the branch's state.
    const offline = await list('/api/exam/centres?mode=Offline&state=9&exam_type=IAT&course_type=online');
    expect(offline.map((c) => c.code)).not.toContain('IC006');
    expect(await list('/api/exam/centres?mode=Online&state=18&exam_type=iACST&course_type=online')).toEqual(
      [],
    );
    expect((await get('/api/exam/centres?mode=Online&state=9&course_type=classroom')).statusCode).toBe(400);
  });

  it('refuses missing and malformed filters', async () => {
    expect((await get('/api/exam/states')).statusCode).toBe(400);
    expect((await get('/api/exam/states?exam_mode=online')).statusCode).toBe(400);
    expect((await get('/api/exam/centres?mode=Online')).statusCode).toBe(400);
    expect((await get('/api/exam/centres?mode=Online&state=DL')).statusCode).toBe(400);
    expect((await get('/api/exam/centres?mode=Online&state=9&class_stream=11%26SOM%27--')).statusCode).toBe(
      400,
    );
    expect((await get('/api/exam/centres?mode=Online&state=9&isCheckedCentre=yes')).statusCode).toBe(400);
  });
});

describe("state names and centre labels in the page's locale", () => {
  const hindi = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' };
  const english = { 'accept-language': 'en-IN,en;q=0.9' };
  const listIn = async (url: string, headers: Record<string, string>): Promise<Row[]> => {
    const response = await t.call({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.data as Row[];
  };
  const latin = /[A-Za-z]/;
  const byTid = (rows: Row[]) => [...rows].sort((a, b) => String(a.tid).localeCompare(String(b.tid)));
  const byValue = (rows: Row[]) => [...rows].sort((a, b) => String(a.value).localeCompare(String(b.value)));

  it('Hindi: every state and centre of the exam step is in Devanagari, with the same values as in English', async () => {
    let centresSeen = 0;
    for (const mode of ['Online', 'Offline']) {
      const statesUrl = `/api/exam/states?exam_mode=${mode}&class_stream=12%26SOM&exam_type=iACST`;
      const hi = await listIn(statesUrl, hindi);
      const en = await listIn(statesUrl, english);
      expect(hi.length).toBeGreaterThan(10);
      for (const s of hi) expect(String(s.stateName)).not.toMatch(latin);
      // Same states, same tid and short code: only the names change.
      expect(byTid(hi).map((s) => [s.tid, s.shortCode])).toEqual(byTid(en).map((s) => [s.tid, s.shortCode]));
      for (const state of hi) {
        const centresUrl = `/api/exam/centres?mode=${mode}&state=${String(state.tid)}&class_stream=12%26SOM&exam_type=iACST`;
        const hiCentres = await listIn(centresUrl, hindi);
        const enCentres = await listIn(centresUrl, english);
        for (const c of hiCentres) expect(String(c.label)).not.toMatch(latin);
        expect(byValue(hiCentres).map((c) => [c.value, c.code, c.id])).toEqual(
          byValue(enCentres).map((c) => [c.value, c.code, c.id]),
        );
        centresSeen += hiCentres.length;
      }
    }
    expect(centresSeen).toBeGreaterThan(20);
    const assam = await listIn('/api/exam/centres?mode=Offline&state=4&exam_type=iACST', hindi);
    expect(assam).toEqual([
      {
        label: 'गुवाहाटी क्रिश्चियन बस्ती',
        value: 'RCC Guwahati Christian Basti-AS001-20',
        code: 'AS001',
        id: '20',
      },
    ]);
  });

  it('Hindi: the master state and centre lists too, sorted by the Hindi names', async () => {
    const states = await listIn('/api/master?masterKey=state_master', hindi);
    expect(states).toHaveLength(36);
    for (const s of states) expect(String(s.stateName)).not.toMatch(latin);
    expect(states).toContainEqual({ tid: '4', stateName: 'असम', shortCode: 'AS' });
    expect(states[0]).toMatchObject({ shortCode: 'AN' }); // अंडमान … before असम, आंध्र प्रदेश
    const names = states.map((s) => String(s.stateName));
    expect(names).toEqual([...names].sort(new Intl.Collator('hi').compare));
    const centres = await listIn(
      '/api/master?masterKey=exam_center_master&masterKeyId=9&exam_mode=Online',
      hindi,
    );
    expect(centres).toEqual([
      { label: 'दिल्ली जनकपुरी', value: 'F+EC Delhi Janakpuri-DL002-2' },
      { label: 'दिल्ली रोहिणी', value: 'ALC Delhi Rohini-DL003-3' },
      { label: 'दिल्ली सेंट्रल', value: 'RCC Delhi Central-DL001-1' },
    ]);
  });

  it('English: the lists are unchanged, with or without Accept-Language', async () => {
    const url = '/api/exam/states?exam_mode=Offline&class_stream=11%26SOE&exam_type=IAT';
    const en = await listIn(url, english);
    expect(en).toEqual(await list(url));
    expect(en.map((s) => s.stateName)).toEqual([
      'Delhi',
      'Haryana',
      'Karnataka',
      'Maharashtra',
      'Uttar Pradesh',
    ]);
    const centres = await listIn('/api/exam/centres?mode=Online&state=9&exam_type=iACST', english);
    expect(centres.map((c) => c.label)).toEqual(['Delhi Central', 'Delhi Janakpuri', 'Delhi Rohini']);
    const master = await listIn('/api/master?masterKey=state_master', english);
    expect(master[0]).toEqual({ tid: '1', stateName: 'Andaman and Nicobar Islands', shortCode: 'AN' });
    expect(master.map((s) => s.stateName)).toContain('Madhya Pradesh');
    // The checkout's State list answers names, which are its values: English in every locale.
    const names = await t.call({ method: 'GET', url: '/api/states', headers: hindi });
    expect(names.data.data).toContain('Madhya Pradesh');
  });
});

describe('GET /api/exam/dates', () => {
  it('iACST: today (same-day registration, before 9 PM) and every day after, 30 days', async () => {
    const dates = await list('/api/exam/dates?exam_type=iACST');
    expect(dates).toHaveLength(30);
    expect(dates[0]).toEqual({ value: '2025-04-01', label: '1 Apr 2025 (Tuesday)' });
    expect(dates[29]?.value).toBe('2025-04-30');
  });

  it("labels the dates in the page's language", async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/exam/dates?exam_type=iACST',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
    });
    expect((response.data.data as Row[])[0]).toEqual({ value: '2025-04-01', label: '1 अप्रैल 2025 (मंगलवार)' });
  });

  it('MOCK-NEET and MOCK-JEE: the configured dates, each until its enrolment closes', async () => {
    const values = async (url: string) => (await list(url)).map((d) => d.value);
    expect(await values('/api/exam/dates?exam_type=MOCK-NEET')).toEqual([
      '2025-04-13',
      '2025-04-20',
      '2025-04-27',
    ]);
    expect(await values('/api/exam/dates?exam_type=MOCK-JEE')).toEqual([
      '2025-04-29',
      '2025-05-02',
      '2025-05-06',
      '2025-05-09',
      '2025-05-13',
      '2025-05-15',
    ]);
    // 7 April in India: 13 April is 6 days away, still open (closes 5 days before).
    t.clock.set(new Date('2025-04-07T10:00:00Z'));
    expect(await values('/api/exam/dates?exam_type=MOCK-NEET')).toEqual([
      '2025-04-13',
      '2025-04-20',
      '2025-04-27',
    ]);
    // 8 April 00:10 in India (7 April 18:40 UTC): closed for 13 April.
    t.clock.set(new Date('2025-04-07T18:40:00Z'));
    expect(await values('/api/exam/dates?exam_type=MOCK-NEET')).toEqual(['2025-04-20', '2025-04-27']);
    // MOCK-JEE's series is sold whole (config soldWhole): once its first test has begun, next
    // year's whole series is on offer, at the whole series' price (not 15 May alone for 1,200).
    t.clock.set(new Date('2025-04-28T10:00:00Z'));
    expect(await values('/api/exam/dates?exam_type=MOCK-JEE')).toHaveLength(6);
    t.clock.set(new Date('2025-05-14T10:00:00Z'));
    expect(await values('/api/exam/dates?exam_type=MOCK-JEE')).toEqual([
      '2026-04-29',
      '2026-05-02',
      '2026-05-06',
      '2026-05-09',
      '2026-05-13',
      '2026-05-15',
    ]);
    // The season repeats yearly: once this one has closed, next year's is offered.
    expect(await values('/api/exam/dates?exam_type=MOCK-NEET')).toEqual([
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
    ]);
    t.clock.set(START);
  });

  it('IAT: the seeded dates of the chosen centre, closing a day before', async () => {
    const missing = await get('/api/exam/dates?exam_type=IAT');
    expect(missing.statusCode).toBe(400);
    expect(missing.data.msg).toBe('Please select centre first');
    const dates = (await list('/api/exam/dates?exam_type=IAT&centre=DL001&stream=SOE')).map((d) =>
      String(d.value),
    );
    expect(dates).toHaveLength(8);
    expect(dates.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    expect(dates[0]).toBe('2025-04-06');
    // Saturday 5 April in India: the Sunday after is closed.
    t.clock.set(new Date('2025-04-05T04:00:00Z'));
    const later = (await list('/api/exam/dates?exam_type=IAT&centre=DL001')).map((d) => d.value);
    expect(later[0]).toBe('2025-04-13');
    t.clock.set(START);
  });

  it('refuses a centre that does not hold the exam or the stream, and bad input', async () => {
    expect((await get('/api/exam/dates?exam_type=IAT&centre=TN001')).statusCode).toBe(404);
    expect((await get('/api/exam/dates?exam_type=IAT&centre=DL002&stream=SOM')).data.msg).toBe(
      'This centre does not hold this exam.',
    );
    expect((await get('/api/exam/dates?exam_type=IAT&centre=ZZ999')).statusCode).toBe(404);
    expect((await get('/api/exam/dates?exam_type=IAT&centre=DL001%27')).statusCode).toBe(400);
    expect((await get('/api/exam/dates?centre=DL001&stream=ABCD')).statusCode).toBe(400);
  });
});
