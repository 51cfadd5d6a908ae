// The Studio's card preview answers from the real master list and the programme's schedule: the
// same states, centres and dates a student of the programme would be offered, never a sample.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApp, type ContentApp } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

interface World {
  states: { tid: string; stateName: string }[];
  centres: { label: string; code: string }[];
  dates: { value: string; label: string }[];
  preset: { stateTid: string; centreCode: string } | null;
}

const world = async (body: Record<string, unknown>) => {
  const answer = await c.post(c.people.esha, '/card-world', body);
  return { status: answer.statusCode, data: answer.data as unknown as World };
};

describe('the card preview’s places and dates', () => {
  it('are what the registration offers a student of the programme', async () => {
    const { status, data } = await world({ programme: 'iat', locale: 'en' });
    expect(status).toBe(200);
    expect(data.states.length).toBeGreaterThan(0);
    expect(data.centres.length).toBeGreaterThan(0);
    // The public option lists, asked as the card asks them, name the same places and dates.
    const statesAnswer = await c.t.call({
      method: 'GET',
      url: '/api/exam/states?exam_type=IAT&exam_mode=Offline',
    });
    expect(statesAnswer.statusCode, statesAnswer.body).toBe(200);
    const offered = (statesAnswer.json() as { data: { tid: string }[] }).data.map((x) => x.tid);
    expect(data.states.map((x) => x.tid)).toEqual(offered.slice(0, data.states.length));
    const state = data.states[0]?.tid ?? '';
    const listed = await c.t.call({
      method: 'GET',
      url: `/api/exam/centres?exam_type=IAT&mode=Offline&state=${state}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const codes = (listed.json() as { data: { code: string }[] }).data.map((x) => x.code);
    for (const centre of data.centres) expect(codes).toContain(centre.code);
    const centre = data.centres[0]?.code ?? '';
    const dates = await c.t.call({ method: 'GET', url: `/api/exam/dates?exam_type=IAT&centre=${centre}` });
    const open = (dates.json() as { data: { value: string; label: string }[] }).data;
    expect(data.dates).toEqual(open.slice(0, data.dates.length));
    expect(data.dates.length).toBeGreaterThan(0);
    // Shown as a student reads them, in the page's language.
    expect(data.dates[0]?.label).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \(/);
    const hindi = await world({ programme: 'iat', locale: 'hi' });
    expect(hindi.data.dates[0]?.label).not.toEqual(data.dates[0]?.label);
  });

  it('start at the programme’s own centre when it names one (an online test’s preset)', async () => {
    const { data } = await world({ programme: 'mock-jee', locale: 'en' });
    expect(data.preset).toMatchObject({ centreCode: 'DL001' });
    expect(data.centres[0]?.code).toBe('DL001');
    expect(data.states[0]?.tid).toBe(data.preset?.stateTid);
  });

  it('answer a programme that does not exist with 404', async () => {
    expect((await world({ programme: 'nothing-here', locale: 'en' })).status).toBe(404);
  });

  it('are for signed-in staff only', async () => {
    const answer = await c.t.call({
      method: 'POST',
      url: '/studio/api/card-world',
      payload: { programme: 'iat', locale: 'en' },
    });
    expect([401, 403]).toContain(answer.statusCode);
  });
});
