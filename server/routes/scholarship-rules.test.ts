// Part 1 §9 through the real server: a repeater's scholarship is capped at the programme's
// repeater maxPercent (60%), and a scholarship above offlineTest.abovePercent (80%) names the last
// day of the offline test at the branch, on the dashboard and the result page alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/engine/node/validate-config';
import { configDir } from '../../src/engine/node/paths';
import { paperQuestions, questionBank } from '../sandbox/test-player-bank';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { addStudent, coursesUrl } from './commerce.test-support';

const START = new Date('2026-03-10T04:30:00.000Z'); // 10:00 in India
const TODAY = '2026-03-10';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const iacst = Object.values(loadConfig(configDir()).programmes).find((p) => p.examType === 'iACST');

/** A student of this class & stream whose online iACST is today; writes every answer right. */
async function topScorer(classStream: string) {
  const s = await addStudent(t, { class_stream: classStream, exam_type: 'iACST' });
  await t.db.updateTable('students').set({ exam_date: TODAY }).where('id', '=', s.id).execute();
  let headers = { authorization: s.authorization };
  const dashboard = async () => {
    const reply = await t.call({ method: 'GET', url: '/api/dashboard', headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.data.data as Row & { main_exam: Row[] };
  };
  const main = (await dashboard()).main_exam[0] as Row;
  const start = await t.call({
    method: 'POST',
    url: '/api/exam/start',
    headers,
    payload: { test_short_code: main.test_short_code, source_type: 'dashboard' },
  });
  expect(start.statusCode).toBe(200);
  const url = String((start.data.data as Row).exam_url);
  const page = await t.call({ method: 'GET', url });
  const fields = new Set([...page.body.matchAll(/name="(q-[a-z]+-\d+)"/g)].map((m) => m[1]));
  const answers = paperQuestions(Object.keys(questionBank)).filter((q) => fields.has(q.field));
  expect(answers).toHaveLength(fields.size);
  const submit = await t.call({
    method: 'POST',
    url,
    payload: answers.map((q) => `${q.field}=${q.answer}`).join('&'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(submit.statusCode).toBe(303);
  const attemptId = url.split('/').pop();
  expect((await t.call({ method: 'POST', url: `/sandbox/test/${attemptId}/release` })).statusCode).toBe(303);
  // Submitting a test ends the session (decision 001): log in again.
  headers = await t.login(s.roll_number, s.dob);
  const d = await dashboard();
  const link = String((d.main_exam[0] as Row).report_link);
  const data = decodeURIComponent(link.replace(/^.*\?data=/, ''));
  const pairs = Object.fromEntries(new URLSearchParams(Buffer.from(data, 'base64').toString()));
  const result = (await t.call({ method: 'POST', url: '/api/result', payload: pairs })).data.data as Row;
  const courses = (await t.call({ method: 'GET', url: coursesUrl(s), headers })).data.data as Row[];
  return { d, result, courses };
}

describe('scholarship rules of part 1 §9', () => {
  it('the programme config holds the caps the scoring applies', () => {
    expect(iacst?.scholarship).toMatchObject({
      maxPercent: 90,
      repeater: { classes: ['12-passed'], maxPercent: 60 },
      offlineTest: { abovePercent: 80, withinDays: 15 },
    });
  });

  it('a repeater scoring 100% gets 60%, on the dashboard, the result and the fee breakup', async () => {
    const { d, result, courses } = await topScorer('12-passed&SOM');
    expect(result).toMatchObject({ OverallScorePercentage: '100.0', Status: 'Qualified', qualified: true });
    expect(d.scholarship_percentage).toBe('60');
    expect(result.ScholarshipPercentage).toBe('60');
    // 60% is not above 80%: no offline test.
    expect(d).not.toHaveProperty('scholarship_offline_test_by');
    expect(result).not.toHaveProperty('scholarship_offline_test_by');
    const course = courses.find((c) => c.product_id === 'NEET-RPT-1Y');
    expect((course?.price_breakup as Record<string, Row>)['Tuition Fee']).toEqual({
      key: 'Tuition Fee',
      value: 110000 - 66000,
      strike_value: 110000,
    });
  });

  it('a class 12 student scoring 100% gets 90% and is told to take the offline test within 15 days', async () => {
    const { d, result } = await topScorer('12&SOM');
    expect(d.scholarship_percentage).toBe('90');
    expect(result.ScholarshipPercentage).toBe('90');
    expect(d.scholarship_offline_test_by).toBe('2026-03-25');
    expect(result.scholarship_offline_test_by).toBe('2026-03-25');
  });
});
