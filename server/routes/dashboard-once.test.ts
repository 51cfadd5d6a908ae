// Once is once: a double tap on a slow network, many times over, sends the same exam
// edit or the same sample-pack Buy now. The exam changes once, and at most one order is made (a
// repeat answers the pending one). Fired over real HTTP so the requests really overlap; runs on
// SQLite and, with TEST_DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForHttp, testApp, type TestApp } from '../../tests/support/server-harness';

// Noon in India on the seed's "today".
const START = new Date('2026-03-10T06:30:00.000Z');
const TIMES = 10;
let t: TestApp;
let http: Awaited<ReturnType<typeof listenForHttp>>;
beforeAll(async () => {
  t = await testApp({ start: START });
  http = await listenForHttp(t);
});
afterAll(async () => t.close());

type Data = Record<string, unknown>;
interface Answer {
  status: number;
  body: { success: string; msg: string; payment_required?: boolean; data?: Data };
}

const call = async (method: string, path: string, headers: Record<string, string>, body?: object) =>
  (await http(method, path, body, headers)) as unknown as Answer;

const times = (n: number, f: () => Promise<Answer>): Promise<Answer[]> =>
  Promise.all(Array.from({ length: n }, f));

const studentId = async (roll: string) =>
  (await t.db.selectFrom('students').select('id').where('roll_number', '=', roll).executeTakeFirstOrThrow())
    .id;
const ordersOf = async (id: string, kind: 'exam' | 'mock') =>
  t.db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_method'])
    .where('student_id', '=', id)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const bookingOf = async (id: string) =>
  t.db.selectFrom('exam_bookings').selectAll().where('student_id', '=', id).execute();

const expectOneAnswer = (answers: Answer[]) => {
  expect(answers.map((a) => a.status)).toEqual(Array(TIMES).fill(200));
  for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
};

describe('POST /api/exam-info, submitted many times at once', () => {
  it(`an online date change: ${TIMES} concurrent submits use one edit and answer alike`, async () => {
    const roll = '250000000003'; // iACST online, missed yesterday, 2 edits left
    const headers = await t.login(roll, '22/07/2007');
    const body = {
      state_id: '',
      exam_date: '2026-03-12',
      exam_mode: 'Online',
      exam_center: '',
      class_and_stream: '12&SOE',
    };
    const answers = await times(TIMES, () => call('POST', '/api/exam-info', headers, body));
    expectOneAnswer(answers);
    expect(answers[0]?.body).toEqual({
      success: 'true',
      msg: 'Your exam details have been updated. Your exam is on 12 Mar 2026 (Thursday).',
    });
    const id = await studentId(roll);
    const rows = await bookingOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ exam_date: '2026-03-12', exam_attempts_left: 1 });
    // A later repeat finds the edit done: the same answer, no edit used, no order.
    expect((await call('POST', '/api/exam-info', headers, body)).body).toEqual(answers[0]?.body);
    expect((await bookingOf(id))[0]?.exam_attempts_left).toBe(1);
    expect(await ordersOf(id, 'exam')).toEqual([]);
  });

  it(`a paid switch to offline: ${TIMES} concurrent submits make one order, answered to all`, async () => {
    const roll = '250000000001'; // iACST online tomorrow: the ₹100 switch fee is due
    const headers = await t.login(roll, '05/01/2008');
    const offline = (date: string) => ({
      state_id: '9',
      exam_date: date,
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOM',
    });
    const id = await studentId(roll);
    const answers = await times(TIMES, () => call('POST', '/api/exam-info', headers, offline('2026-03-15')));
    expectOneAnswer(answers);
    expect(answers[0]?.body).toMatchObject({ payment_required: true, data: { amount: 100 } });
    const orders = await ordersOf(id, 'exam');
    expect(orders).toHaveLength(1);
    expect(answers[0]?.body.data?.order_id).toBe(orders[0]?.id);
    expect(await bookingOf(id)).toEqual([]); // nothing changes before the payment

    // Another date while that order is unpaid: still that one order, now for the new date.
    const moved = await call('POST', '/api/exam-info', headers, offline('2026-03-16'));
    expect(moved.body.data?.order_id).toBe(orders[0]?.id);
    expect(await ordersOf(id, 'exam')).toHaveLength(1);

    // The payment fails; trying again (many taps) makes exactly one new order.
    expect((await call('POST', `/sandbox/gateway/${String(orders[0]?.id)}/fail`, {})).status).toBe(303);
    t.clock.advance(60_000); // the new order is the later one
    const retries = await times(TIMES, () => call('POST', '/api/exam-info', headers, offline('2026-03-16')));
    expectOneAnswer(retries);
    const after = await ordersOf(id, 'exam');
    expect(after.map((o) => o.status)).toEqual(['failed', 'created']);
    expect(retries[0]?.body.data?.order_id).toBe(after[1]?.id);

    // Paid: the edit applies once, with one edit used; a repeat then answers the done edit.
    expect((await call('POST', `/sandbox/gateway/${String(after[1]?.id)}/pay`, {})).status).toBe(303);
    expect(await bookingOf(id)).toMatchObject([
      { exam_mode: 'Offline', exam_date: '2026-03-16', exam_attempts_left: 1, offline_fee_paid: 1 },
    ]);
    // The profile says so in the one field the fee rule reads on both sides (offlineFeeDue).
    expect((await call('GET', '/api/profile', headers)).body.data).toMatchObject({ offline_fee_paid: true });
    const repeat = await call('POST', '/api/exam-info', headers, offline('2026-03-16'));
    expect(repeat.body).toEqual({
      success: 'true',
      msg: 'Your exam details have been updated. Your exam is on 16 Mar 2026 (Monday).',
    });
    expect(await ordersOf(id, 'exam')).toHaveLength(2);
    expect((await bookingOf(id))[0]?.exam_attempts_left).toBe(1);
  });
});

describe('GET /api/mock-payment (sample pack Buy now), tapped many times at once', () => {
  it(`${TIMES} concurrent taps make one pending order; a repeat answers it; paid, it is bought once`, async () => {
    const roll = '250000000002'; // iACST, pack not bought
    const headers = await t.login(roll, '14/03/2011');
    const id = await studentId(roll);
    const answers = await times(TIMES, () => call('GET', '/api/mock-payment?payment_type=exam', headers));
    expectOneAnswer(answers);
    const orders = await ordersOf(id, 'mock');
    expect(orders).toEqual([
      { id: answers[0]?.body.data?.order_id, status: 'created', payment_method: 'paytm' },
    ]);

    // A later tap with another method: the same pending order, now paid by that method.
    const hdfc = await call('GET', '/api/mock-payment?payment_type=exam&payment_mode=hdfc', headers);
    expect(hdfc.status).toBe(200);
    expect(hdfc.body.data).toMatchObject({ order_id: orders[0]?.id, fields: { payment_method: 'hdfc' } });
    expect(await ordersOf(id, 'mock')).toEqual([{ ...orders[0], payment_method: 'hdfc' }]);

    expect((await call('POST', `/sandbox/gateway/${String(orders[0]?.id)}/pay`, {})).status).toBe(303);
    const bought = await times(TIMES, () => call('GET', '/api/mock-payment?payment_type=exam', headers));
    expect(bought.map((a) => a.status)).toEqual(Array(TIMES).fill(409));
    expect(bought[0]?.body.msg).toMatch(/already bought/);
    expect(await ordersOf(id, 'mock')).toHaveLength(1);
    expect(
      await t.db.selectFrom('commerce_purchases').select('id').where('student_id', '=', id).execute(),
    ).toHaveLength(1);
  });
});
