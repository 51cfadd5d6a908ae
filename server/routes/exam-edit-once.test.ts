// Once is once for the edit-exam flow: the same switch to an offline exam submitted
// many times at once, over real HTTP so the requests overlap, creates one order and one pending
// edit; paying it applies the edit once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const START = new Date('2026-03-10T06:30:00.000Z');
const TIMES = 8;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await testApp({ start: START });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

describe('POST /api/exam-info, many times at once', () => {
  it('answers one order for the same offline switch, and the payment applies it once', async () => {
    const headers = { ...(await t.login('250000000015', '21/09/2008')), 'content-type': 'application/json' };
    const body = JSON.stringify({
      state_id: '9',
      exam_date: '2026-03-15',
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOE',
    });
    const answers = await Promise.all(
      Array.from({ length: TIMES }, async () => {
        const response = await fetch(`${base}/api/exam-info`, { method: 'POST', headers, body });
        return { status: response.status, body: (await response.json()) as { data?: { order_id: string } } };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(TIMES).fill(200));
    const orders = new Set(answers.map((a) => a.body.data?.order_id));
    expect(orders.size).toBe(1);
    const student = await t.db
      .selectFrom('students')
      .select('id')
      .where('roll_number', '=', '250000000015')
      .executeTakeFirstOrThrow();
    const pending = await t.db
      .selectFrom('exam_edit_requests')
      .select('order_id')
      .where('student_id', '=', student.id)
      .execute();
    expect(pending).toHaveLength(1);
    const [orderId] = [...orders];
    expect((await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/pay` })).statusCode).toBe(303);
    const profile = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: headers.authorization },
    });
    // One edit used (2 → 1), the exam moved offline.
    expect(profile.data.data).toMatchObject({
      exam_attempts_left: 1,
      exam_date_id: '2026-03-15',
      exam_center: 'RCC Delhi Central-DL001-1',
    });
  });

  it('a payment confirmed while the student edits the exam again: both answer, nothing interleaves', async () => {
    // The confirmation takes the student's lock before the order's, like the edit does: on
    // PostgreSQL the opposite order could deadlock one of them into a 500.
    const roll = '250000000001';
    const headers = { ...(await t.login(roll, '05/01/2008')), 'content-type': 'application/json' };
    const edit = (body: Record<string, string>) =>
      fetch(`${base}/api/exam-info`, { method: 'POST', headers, body: JSON.stringify(body) });
    const offline = await edit({
      state_id: '9',
      exam_date: '2026-03-15',
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOM',
    });
    const { order_id } = ((await offline.json()) as { data: { order_id: string } }).data;
    const [paid, online] = await Promise.all([
      fetch(`${base}/sandbox/gateway/${order_id}/pay`, { method: 'POST', redirect: 'manual' }),
      edit({
        state_id: '',
        exam_date: '2026-03-20',
        exam_mode: 'Online',
        exam_center: '',
        class_and_stream: '11&SOM',
      }),
    ]);
    expect([paid.status, online.status]).toEqual([303, 200]);
    const profile = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: headers.authorization },
    });
    const { exam_center, exam_date_id, exam_attempts_left } = profile.data.data as Record<string, unknown>;
    // Paid first: the switch applied (2 → 1), then the online edit (1 → 0). Edit first: the online
    // edit (2 → 1), then the paid switch, which was asked with one edit left.
    expect([
      { exam_center: '', exam_date_id: '2026-03-20', exam_attempts_left: 0 },
      { exam_center: 'RCC Delhi Central-DL001-1', exam_date_id: '2026-03-15', exam_attempts_left: 1 },
    ]).toContainEqual({ exam_center, exam_date_id, exam_attempts_left });
  });
});
