// Editing an exam keeps its slot: the edit form has the slot, the booked slot is kept
// unless the student changes it, and the server refuses a slot the date does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editSlot } from '../services/exams/edit';
import { programmeOf } from '../services/exams/programme';
import { testApp, type TestApp } from '../../tests/support/server-harness';

// Noon in India.
const START = new Date('2026-03-10T06:30:00.000Z');
const ROLL = '250000000009'; // IAT, offline, tomorrow at RCC Delhi Central, morning slot
let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await testApp({ start: START });
  // Booked 2–5 PM.
  await t.db
    .updateTable('students')
    .set({ exam_slot_id: 'offline-afternoon' })
    .where('roll_number', '=', ROLL)
    .execute();
  headers = await t.login(ROLL, '25/06/2011');
});
afterAll(async () => t.close());

const profile = async () =>
  (await t.call({ method: 'GET', url: '/api/profile', headers })).data.data as Record<string, string>;

async function edit(change: Record<string, string>) {
  const p = await profile();
  const dates = await t.call({
    method: 'POST',
    url: '/api/exam-dates',
    headers,
    payload: { exam_mode: 'Offline', branch_code: 'DL001', class_and_stream: p.classtream },
  });
  const open = Object.keys(dates.data.data as Record<string, string>);
  const other = open.find((d) => d !== p.exam_date_id) ?? '';
  return t.call({
    method: 'POST',
    url: '/api/exam-info',
    headers,
    payload: {
      state_id: p.exam_state_id,
      exam_date: other,
      exam_mode: 'Offline',
      exam_center: p.exam_center,
      class_and_stream: p.classtream,
      ...change,
    },
  });
}

describe('edit exam: the slot', () => {
  it('the profile names the booked slot', async () => {
    expect(await profile()).toMatchObject({
      exam_mode: 'Offline',
      exam_slot_id: 'offline-afternoon',
      exam_mode_and_slot: 'Offline, 2 PM to 5 PM',
    });
  });

  it('a changed date keeps the booked 2–5 PM slot', async () => {
    const before = (await profile()).exam_date_id;
    const answer = await edit({});
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await profile();
    expect(after.exam_date_id).not.toBe(before);
    expect(after).toMatchObject({
      exam_slot_id: 'offline-afternoon',
      exam_mode_and_slot: 'Offline, 2 PM to 5 PM',
    });
  });

  it('refuses a slot the date does not have (another mode, or unknown)', async () => {
    for (const slot of ['online-9am-10pm', 'evening']) {
      const answer = await edit({ exam_slot: slot });
      expect(answer.statusCode).toBe(400);
      expect(answer.data.msg).toBe('Please select exam slot');
    }
    expect((await profile()).exam_slot_id).toBe('offline-afternoon');
  });

  it('changes the slot when the student chooses another', async () => {
    const answer = await edit({ exam_slot: 'offline-morning' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await profile()).toMatchObject({
      exam_slot_id: 'offline-morning',
      exam_mode_and_slot: 'Offline, 9 AM to 12 PM',
    });
  });

  it('refuses a slot that has already ended on the exam day', () => {
    const iat = programmeOf(t.app.ctx.site, 'IAT');
    const body = { exam_mode: 'Offline' as const, exam_date: '2026-03-10', exam_slot: 'offline-morning' };
    // 12:30 PM India time: the morning slot is over, the afternoon one is not.
    const now = new Date('2026-03-10T07:00:00.000Z');
    expect(() => editSlot(iat, body, { exam_slot_id: null }, now)).toThrow('validation.examSlot.required');
    expect(editSlot(iat, { ...body, exam_slot: 'offline-afternoon' }, { exam_slot_id: null }, now)).toBe(
      'offline-afternoon',
    );
  });
});
