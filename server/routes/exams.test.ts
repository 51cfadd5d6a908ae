import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { launchPayload, SANDBOX_TENANT_ID } from '../services/exams/launch';
import { loadExamContext, type Sitting } from '../services/exams/sittings';

// Noon in India on a fixed day (the seed's "today").
const START = new Date('2026-03-10T06:30:00.000Z');
const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const DOBS: Record<string, string> = {
  '250000000001': '05/01/2008',
  '250000000002': '14/03/2011',
  '250000000003': '22/07/2007',
  '250000000004': '09/11/2008',
  '250000000005': '30/04/2007',
  '250000000009': '25/06/2011',
  '250000000010': '07/09/2008',
  '250000000011': '19/01/2007',
  '250000000013': '28/10/2006',
  '250000000014': '15/02/2012',
  '250000000015': '21/09/2008',
};
const auth = (roll: string) => t.login(roll, DOBS[roll] ?? '');
const post = async (url: string, roll: string, payload: unknown) =>
  t.call({ method: 'POST', url, payload: payload as object, headers: await auth(roll) });
const dashboard = async (roll: string) =>
  (await t.call({ method: 'GET', url: '/api/dashboard', headers: await auth(roll) })).data.data as Row;
const mainOf = async (roll: string) => ((await dashboard(roll)).main_exam as Row[])[0] as Row;
/** The body of POST /api/test-launch for a card: the sitting it names (decision 008). */
const launchOf = (card: Row) => {
  const { exam_short_code, external_schedule_id } = card.exam_data as Row;
  return { exam_short_code, external_schedule_id };
};
const buttonOf = (card: Row) => (card.exam_data as Row).btn_txt;

/** Answers a sandbox test page: `right` questions right, the rest wrong. */
async function answerPage(url: string, right: number): Promise<string> {
  const page = await t.call({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toMatch(/<script|style=/);
  const fields = [...new Set([...page.body.matchAll(/name="(q-[a-z]+-\d+)"/g)].map((m) => m[1]))];
  expect(fields.length).toBeGreaterThanOrEqual(15);
  return fields.map((f, i) => `${f}=${i < right ? 'R' : 'W'}`).join('&');
}

describe('the exam-launch payload', () => {
  it('builds the launch payload of part 2 §3 itself: event exam for Begin Test, else result', async () => {
    const roll = '250000000013';
    const student = await t.db
      .selectFrom('students')
      .selectAll()
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    const ec = await loadExamContext(t.app.ctx, student);
    const firstPaper = (i: number) => {
      const paper = ec.series[i]?.papers[0];
      if (!paper) throw new Error(`series ${i} has no paper`);
      return paper;
    };
    const [missed, released, live] = [0, 1, 2].map(firstPaper) as [Sitting, Sitting, Sitting];
    expect(launchPayload(ec, live)).toEqual({
      tenant_id: SANDBOX_TENANT_ID,
      user_id: roll,
      exam_short_code: 'MJEE-P1',
      external_schedule_id: 'demo-250000000013-test-3',
      exam_start_time: '2026-03-10T03:30:00.000Z',
      exam_end_time: '2026-03-12T03:30:00.000Z',
      result_date_time: launchPayload(ec, live).result_date_time,
      dob: '2006-10-27T18:30:00.000Z',
      stream: 'SOE',
      groups: { state: expect.any(String) as string },
      attempt_state: 'not_started',
      event_type: 'exam',
      reset_cutoff_time: '2026-03-12T03:30:00.000Z',
      klass: '12',
      we_user_id: student.psid,
    });
    expect(launchPayload(ec, released)).toMatchObject({
      event_type: 'result',
      attempt_state: 'submitted',
    });
    expect(launchPayload(ec, missed).event_type).toBe('result');
    // By the card's state, as the dashboard's buttons decide (src/domain/test-buttons): a running
    // attempt resumes the exam; every other state asks for the result.
    expect(launchPayload(ec, { ...live, state: 'in_progress' }).event_type).toBe('exam');
    for (const state of ['upcoming', 'offline_day', 'awaited', 'locked'] as const)
      expect(launchPayload(ec, { ...live, state }).event_type).toBe('result');
  });
});

describe('POST /api/exam-dates', () => {
  it('lists the dates an online iACST exam can move to, from today (before 9 PM) for 30 days', async () => {
    const response = await post('/api/exam-dates', '250000000001', {
      exam_mode: 'Online',
      branch_code: 'DL001',
      class_and_stream: '11&SOM',
    });
    expect(response.statusCode).toBe(200);
    const data = response.data.data as Record<string, string>;
    expect(Object.keys(data)).toHaveLength(30);
    expect(Object.entries(data)[0]).toEqual(['2026-03-10', '10 Mar 2026 (Tuesday)']);
  });

  it('lists a centre’s own dates for IAT offline', async () => {
    const response = await post('/api/exam-dates', '250000000009', {
      exam_mode: 'Offline',
      branch_code: 'DL001',
      class_and_stream: '9&SOF',
    });
    expect(response.statusCode).toBe(200);
    const dates = Object.keys(response.data.data as object);
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(0); // Sundays
  });

  it.each([
    [
      { exam_mode: 'Online', branch_code: 'DL001', class_and_stream: '11&SOM' },
      '250000000009',
      400,
      'IAT is not held as an online exam.',
    ],
    [
      { exam_mode: 'Offline', branch_code: 'ZZ999', class_and_stream: '11&SOM' },
      '250000000001',
      400,
      'Please select centre',
    ],
    [
      { exam_mode: 'Offline', branch_code: 'IC006', class_and_stream: '11&SOM' },
      '250000000001',
      400,
      'Please select centre',
    ],
    [
      { exam_mode: 'Online', branch_code: 'DL001', class_and_stream: '8&SOM' },
      '250000000001',
      400,
      'Please select class & stream',
    ],
    [
      { exam_mode: 'Offline', branch_code: 'DL001', class_and_stream: '6&SOF' },
      '250000000011',
      400,
      'Class 6 is not eligible for NEET Mock.',
    ],
    [
      { exam_mode: 'Online', branch_code: 'DL001', class_and_stream: '12&SOM' },
      '250000000011',
      400,
      'NEET Mock is not held as an online exam.',
    ],
  ])('refuses %j', async (body, roll, status, msg) => {
    const response = await post('/api/exam-dates', roll, body);
    expect(response.statusCode).toBe(status);
    expect(response.data).toEqual({ success: 'false', msg });
  });

  it.each([
    [{ exam_mode: 'online', branch_code: 'DL001', class_and_stream: '11&SOM' }],
    [{ exam_mode: 'Online', branch_code: "DL001' OR 1=1", class_and_stream: '11&SOM' }],
    [{ exam_mode: 'Online', branch_code: 'DL001', class_and_stream: '11&SOM', extra: 1 }],
    [{ exam_mode: 'Online', branch_code: 'DL001' }],
  ])('answers bad input %j with 400', async (body) => {
    expect((await post('/api/exam-dates', '250000000001', body)).statusCode).toBe(400);
  });
});

describe('POST /api/exam-info (edit exam)', () => {
  const online = (date: string) => ({
    state_id: '',
    exam_date: date,
    exam_mode: 'Online',
    exam_center: '',
    class_and_stream: '12&SOE',
  });

  it('moves an online exam to another date, using an edit attempt, until none are left', async () => {
    const roll = '250000000003'; // missed yesterday: rescheduling is the remedy
    const missed = await post('/api/exam/start', roll, {
      test_short_code: 'IACST-SOE',
      source_type: 'dashboard',
    });
    expect(missed.statusCode).toBe(409);
    expect(missed.data.msg).toMatch(/^You have missed your test/);
    const first = await post('/api/exam-info', roll, online('2026-03-12'));
    expect(first.statusCode).toBe(200);
    expect(first.data).toEqual({
      success: 'true',
      msg: 'Your exam details have been updated. Your exam is on 12 Mar 2026 (Thursday).',
    });
    expect(await mainOf(roll)).toMatchObject({
      exam_button_text: 'Upcoming',
      exam_date: '12 Mar 2026 (Thursday)',
      absent: 0,
    });
    const profile = await t.call({ method: 'GET', url: '/api/profile', headers: await auth(roll) });
    expect(profile.data.data).toMatchObject({
      exam_date_id: '2026-03-12',
      exam_attempts_left: 1,
      exam_date_skip: false,
    });
    // A repeat of the edit (already the booking) answers the same and uses no edit.
    const same = await post('/api/exam-info', roll, online('2026-03-12'));
    expect(same.statusCode).toBe(200);
    expect(same.data).toEqual(first.data);
    // The same answer to a Hindi page is in Hindi, its date too.
    const hindi = await t.call({
      method: 'POST',
      url: '/api/exam-info',
      payload: online('2026-03-12'),
      headers: { ...(await auth(roll)), 'accept-language': 'hi' },
    });
    expect(hindi.data.msg).toMatch(
      /^आपकी परीक्षा का विवरण अपडेट हो गया है। आपकी परीक्षा 12 [^\sA-Za-z]+ 2026 \([^A-Za-z]+\) को है।$/,
    );
    expect((await post('/api/exam-info', roll, online('2026-03-13'))).statusCode).toBe(200);
    const none = await post('/api/exam-info', roll, online('2026-03-14'));
    expect(none.statusCode).toBe(403);
    expect(none.data.msg).toBe('You have no exam edits left.');
    const student = await t.db
      .selectFrom('students')
      .select('exam_date')
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    expect(student.exam_date).toBe('2026-03-09'); // the core row keeps the registration
  });

  it('refuses a date outside the list, an exam already taken, and a student not allowed to edit', async () => {
    expect(
      (await post('/api/exam-info', '250000000001', { ...online('2027-01-01'), class_and_stream: '11&SOM' }))
        .data.msg,
    ).toBe('Please select date of exam');
    const taken = await post('/api/exam-info', '250000000005', {
      ...online('2026-03-12'),
      class_and_stream: '12&SOM',
    });
    expect(taken.statusCode).toBe(409);
    await t.db
      .updateTable('students')
      .set({ is_edit_allowed: 0 })
      .where('roll_number', '=', '250000000014')
      .execute();
    const locked = await post('/api/exam-info', '250000000014', {
      ...online('2026-03-12'),
      class_and_stream: '8&SOF',
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.data.msg).toBe('Editing the exam is not allowed for your registration.');
  });

  it('switching an online iACST exam to offline costs the switch fee once, and applies after payment', async () => {
    const roll = '250000000001';
    const body = {
      state_id: '9',
      exam_date: '2026-03-15',
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOM',
    };
    const response = await post('/api/exam-info', roll, body);
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      success: 'true',
      payment_required: true,
      data: { amount: 100, action_url: '/sandbox/gateway' },
    });
    expect(String(response.data.msg)).toMatch(/^Pay ₹100/);
    expect(await mainOf(roll)).toMatchObject({ exam_mode: 'Online', exam_date: '11 Mar 2026 (Wednesday)' }); // not yet
    const orderId = String((response.data.data as Row).order_id);
    const pay = await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/pay` });
    expect(pay.statusCode).toBe(303);
    // Only the exam-edit effect ran, not the signup's (which would mark the exam fee paid).
    const row = await t.db
      .selectFrom('students')
      .select('is_payment_done')
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    expect(row.is_payment_done).toBe(0);
    expect(await mainOf(roll)).toMatchObject({
      exam_mode: 'Offline',
      exam_date: '15 Mar 2026 (Sunday)',
      center_address: 'Delhi Central, 8 Pusa Road, Karol Bagh, New Delhi 110005',
    });
    // Back to online and offline again: the fee was paid once, so no new payment.
    expect(
      (await post('/api/exam-info', roll, { ...online('2026-03-16'), class_and_stream: '11&SOM' }))
        .statusCode,
    ).toBe(200);
    const again = await post('/api/exam-info', roll, { ...body, exam_date: '2026-03-17' });
    expect(again.statusCode).toBe(403); // but every edit uses an attempt: none left now
  });

  it('an unpaid or failed switch changes nothing', async () => {
    const roll = '250000000015';
    const response = await post('/api/exam-info', roll, {
      state_id: '9',
      exam_date: '2026-03-15',
      exam_mode: 'Offline',
      exam_center: 'RCC Delhi Central-DL001-1',
      class_and_stream: '11&SOE',
    });
    const orderId = String((response.data.data as Row).order_id);
    await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/fail` });
    expect(await mainOf(roll)).toMatchObject({ exam_mode: 'Online', exam_button_text: 'Start Now' });
  });

  it('validates state and centre against the master data', async () => {
    const base = { exam_date: '2026-03-12', exam_mode: 'Offline', class_and_stream: '12&SOM' };
    const roll = '250000000011'; // MOCK-NEET, offline
    const msg = async (body: Row) => (await post('/api/exam-info', roll, body)).data.msg;
    expect(await msg({ ...base, state_id: '999', exam_center: 'RCC Delhi Central-DL001-1' })).toBe(
      'Please select state',
    );
    expect(await msg({ ...base, state_id: '', exam_center: 'RCC Delhi Central-DL001-1' })).toBe(
      'Please select state',
    );
    expect(await msg({ ...base, state_id: '21', exam_center: 'RCC Delhi Central-DL001-1' })).toBe(
      'Please select centre',
    );
    expect(await msg({ ...base, state_id: '9', exam_center: 'Fake-DL001-1' })).toBe('Please select centre');
    expect(await msg({ ...base, state_id: '9', exam_center: 'RCC Delhi Central-DL009-1' })).toBe(
      'Please select centre',
    );
    expect(await msg({ ...base, state_id: '9', exam_center: 'Digital Learning Centre-IC006-16' })).toBe(
      'Please select centre',
    );
    // The MOCK-NEET dates are the programme's (2025, enrolment closed): none can be chosen now.
    expect(
      await msg({
        ...base,
        state_id: '9',
        exam_center: 'F+EC Delhi Janakpuri-DL002-2',
        class_and_stream: '12&SOE',
      }),
    ).toBe('Please select date of exam');
  });

  it.each([
    [
      {
        state_id: '9',
        exam_date: '15-03-2026',
        exam_mode: 'Offline',
        exam_center: 'RCC Delhi Central-DL001-1',
        class_and_stream: '11&SOM',
      },
    ],
    [
      {
        state_id: '9',
        exam_date: '2026-03-15',
        exam_mode: 'Offline',
        exam_center: '<script>-DL001-1',
        class_and_stream: '11&SOM',
      },
    ],
    [
      {
        state_id: "9' OR '1'='1",
        exam_date: '2026-03-15',
        exam_mode: 'Offline',
        exam_center: 'RCC Delhi Central-DL001-1',
        class_and_stream: '11&SOM',
      },
    ],
    [
      {
        state_id: '9',
        exam_date: '2026-03-15',
        exam_mode: 'Offline',
        exam_center: 'RCC Delhi Central-DL001-1',
      },
    ],
    [
      {
        state_id: 9,
        exam_date: '2026-03-15',
        exam_mode: 'Offline',
        exam_center: 'RCC Delhi Central-DL001-1',
        class_and_stream: '11&SOM',
      },
    ],
  ])('answers bad input %j with 400 and changes nothing', async (body) => {
    const response = await post('/api/exam-info', '250000000002', body);
    expect(response.statusCode).toBe(400);
    expect(
      await t.db
        .selectFrom('exam_bookings')
        .select('student_id')
        .where('student_id', '=', 'demo-250000000002')
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('starting the main exam and the sandbox test player', () => {
  it('Start Now opens a test page; submitting records the result, shown after the 4-hour delay', async () => {
    const roll = '250000000002';
    const main = await mainOf(roll);
    const start = await post('/api/exam/start', roll, {
      test_short_code: main.test_short_code,
      source_type: 'dashboard',
    });
    expect(start.statusCode).toBe(200);
    const url = String((start.data.data as Row).exam_url);
    expect(url).toMatch(/^\/sandbox\/test\/[0-9a-f-]{36}$/);
    expect(await mainOf(roll)).toMatchObject({
      exam_button_text: 'Resume Test',
      exam_button_enabled: 1,
      exam_data: { state: 'resume' },
    });
    // Starting again resumes the same attempt.
    const again = await post('/api/exam/start', roll, {
      test_short_code: main.test_short_code,
      source_type: 'dashboard',
    });
    expect((again.data.data as Row).exam_url).toBe(url);

    const page = await t.call({ method: 'GET', url });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const fields = [...new Set([...page.body.matchAll(/name="(q-[a-z]+-\d+)"/g)].map((m) => m[1]))];
    expect(fields).toHaveLength(15); // 5 questions in each of 3 subjects
    const bad = await t.call({
      method: 'POST',
      url,
      payload: 'q-xxx-1=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.call({
      method: 'POST',
      url,
      payload: 'q-bio-1=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(foreign.statusCode).toBe(400); // Biology is not on the foundation paper
    const submit = await t.call({
      method: 'POST',
      url,
      payload: 'q-math-1=2&q-math-2=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submit.statusCode).toBe(303);
    expect(submit.headers.location).toBe(url);
    const thanks = await t.call({ method: 'GET', url });
    expect(thanks.body).toContain('Your test has been submitted');
    expect(thanks.body).toContain('Release my result now');
    // A second submission changes nothing.
    await t.call({
      method: 'POST',
      url,
      payload: 'q-math-3=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const results = await t.db
      .selectFrom('exam_results')
      .selectAll()
      .where('student_id', '=', 'demo-250000000002')
      .execute();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ score: 8, max_score: 60, scholarship_percent: 0 });

    expect(await mainOf(roll)).toMatchObject({
      exam_button_text: 'Result Awaited',
      result_expected_date: '10 Mar 2026 (Tuesday), 04:00 PM',
    });
    t.clock.advance(4 * HOUR - 1000);
    expect((await mainOf(roll)).exam_button_text).toBe('Result Awaited');
    t.clock.advance(1000);
    expect(await mainOf(roll)).toMatchObject({ exam_button_text: 'View Result', view_report: 1 });
    t.clock.set(START);
  });

  it('the release button of the thank-you page releases the result now (sandbox)', async () => {
    const roll = '250000000004';
    const attempt = await t.db
      .selectFrom('exam_attempts')
      .select('id')
      .where('student_id', '=', 'demo-250000000004')
      .executeTakeFirstOrThrow();
    const release = await t.call({ method: 'POST', url: `/sandbox/test/${attempt.id}/release` });
    expect(release.statusCode).toBe(303);
    expect(await mainOf(roll)).toMatchObject({ exam_button_text: 'View Result' });
    const page = await t.call({ method: 'GET', url: `/sandbox/test/${attempt.id}` });
    expect(page.body).toContain('View your result');
  });

  it('refuses to start a test that is not open', async () => {
    for (const [roll, code, msg] of [
      ['250000000001', 'IACST-SOM', 'This test has not started yet.'],
      ['250000000005', 'IACST-SOM', 'You have already taken this test.'],
    ] as const) {
      const response = await post('/api/exam/start', roll, {
        test_short_code: code,
        source_type: 'dashboard',
      });
      expect(response.statusCode).toBe(409);
      expect(response.data.msg).toMatch(msg);
    }
    const other = await post('/api/exam/start', '250000000015', {
      test_short_code: 'IACST-SOM',
      source_type: 'dashboard',
    });
    expect(other.statusCode).toBe(404);
    const down = await post('/api/exam/start', '250000000015', {
      test_short_code: 'IACST-SOE',
      source_type: 'dashboard',
    });
    expect(down.statusCode).toBe(503);
    expect(down.data.msg).toMatch(/maintenance/);
    for (const body of [
      { test_short_code: 'iacst', source_type: 'dashboard' },
      { test_short_code: 'IACST-SOE' },
      { test_short_code: 'IACST-SOE', source_type: 'DROP TABLE' },
    ])
      expect((await post('/api/exam/start', '250000000002', body)).statusCode).toBe(400);
  });

  it('an attempt past its time cannot be submitted', async () => {
    const roll = '250000000009'; // IAT offline: no online start; use a fresh online student instead
    expect(
      (await post('/api/exam/start', roll, { test_short_code: 'IAT-MAIN', source_type: 'dashboard' }))
        .statusCode,
    ).toBe(409);
    const series = ((await dashboard('250000000013')).mock_jee_series as Row[])[2] as Row;
    const launch = launchOf((series.papers as Row[])[1] as Row);
    const opened = await post('/api/test-launch', '250000000013', launch);
    const url = String((opened.data.data as Row).exam_url);
    t.clock.advance(3 * HOUR + 1000); // a 3-hour paper
    const late = await t.call({
      method: 'POST',
      url,
      payload: 'q-phy-1=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(late.statusCode).toBe(410);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(410);
    t.clock.set(START);
  });

  it('unknown test pages answer 404', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/sandbox/test/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: '/sandbox/test/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('POST /api/test-launch', () => {
  it('Begin Test on a live JEE paper opens its test page; submitting it shows the result 3 days later', async () => {
    const roll = '250000000013';
    const series = ((await dashboard(roll)).mock_jee_series as Row[])[2] as Row;
    const launch = launchOf((series.papers as Row[])[0] as Row);
    const response = await post('/api/test-launch', roll, launch);
    expect(response.statusCode).toBe(200);
    const url = String((response.data.data as Row).exam_url);
    const body = await answerPage(url, 15);
    const answers = body
      .split('&')
      .map((pair) => pair.replace(/=R$/, '=0').replace(/=W$/, '=0'))
      .join('&');
    expect(
      (
        await t.call({
          method: 'POST',
          url,
          payload: answers,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(303);
    const after = ((await dashboard(roll)).mock_jee_series as Row[])[2] as Row;
    expect((after.papers as Row[]).map((p) => p.btn_txt)).toEqual(['Result Awaited', 'Begin Test']);
    // Paper 2 is open, or running when an earlier test of this file began it: either one begins.
    const [first, second] = (after.papers as Row[]).map((p) => (p.exam_data as Row).state);
    expect(first).toBe('awaited');
    expect(['open', 'resume']).toContain(second);
    t.clock.advance(72 * HOUR);
    const later = ((await dashboard(roll)).mock_jee_series as Row[])[2] as Row;
    expect(later.status).toBe('Results');
    expect((later.papers as Row[])[0]).toMatchObject({
      btn_txt: 'View Result',
      exam_data: { state: 'result' },
    });
    const resultLaunch = launchOf((later.papers as Row[])[0] as Row);
    const opened = await post('/api/test-launch', roll, resultLaunch);
    expect(opened.statusCode).toBe(200);
    const resultUrl = String((opened.data.data as Row).result_url);
    const data = decodeURIComponent(resultUrl.replace('/iacst-result?data=', ''));
    expect(Object.fromEntries(new URLSearchParams(Buffer.from(data, 'base64').toString()))).toEqual({
      roll_number: roll,
      dob: '28-10-2006',
      exam_short_code: 'MJEE-P1',
      external_schedule_id: 'demo-250000000013-test-3',
    });
    t.clock.set(START);
  });

  it('View Result on a released result answers its result page', async () => {
    const main = await mainOf('250000000005');
    const response = await post('/api/test-launch', '250000000005', launchOf(main));
    expect(response.statusCode).toBe(200);
    expect((response.data.data as Row).result_url).toBe(main.report_link);
  });

  it('an unknown card answers 404, a card whose button launches nothing 409, each with its reason', async () => {
    const roll = '250000000013';
    const series = (await dashboard(roll)).mock_jee_series as Row[];
    const upcoming = ((series[3] as Row).papers as Row[])[0] as Row;
    const missed = ((series[0] as Row).papers as Row[])[0] as Row;
    expect([buttonOf(upcoming), buttonOf(missed)]).toEqual(['Upcoming', 'Missed']);
    const refused: Array<[Row, number, RegExp]> = [
      [launchOf(upcoming), 409, /not started yet/],
      [launchOf(missed), 409, /missed your test/],
      // Another student's card is not among this student's sittings: unknown, whatever it holds.
      [launchOf(await mainOf('250000000005')), 404, /not on your dashboard/],
      [
        { ...launchOf(upcoming), external_schedule_id: 'demo-250000000005-test-1' },
        404,
        /not on your dashboard/,
      ],
      [{ ...launchOf(upcoming), exam_short_code: 'MJEE-P9' }, 404, /not on your dashboard/],
    ];
    for (const [payload, status, msg] of refused) {
      const response = await post('/api/test-launch', roll, payload);
      expect(response.statusCode).toBe(status);
      expect(response.data).toMatchObject({ success: 'false' });
      expect(String(response.data.msg)).toMatch(msg);
    }
    for (const bad of [
      { ...launchOf(upcoming), extra: 1 },
      { ...launchOf(upcoming), event_type: 'exam' }, // the client no longer says what to open
      { exam_short_code: 'MJEE-P1' },
      { ...launchOf(upcoming), exam_short_code: "x' OR 1=1" },
      { ...launchOf(upcoming), external_schedule_id: '' },
    ])
      expect((await post('/api/test-launch', roll, bad)).statusCode).toBe(400);
    expect(
      await t.db
        .selectFrom('exam_attempts')
        .select('id')
        .where('schedule_id', '=', 'demo-250000000013-test-4')
        .execute(),
    ).toEqual([]);
  });

  it('needs a session', async () => {
    const launch = launchOf(await mainOf('250000000005'));
    const response = await t.call({ method: 'POST', url: '/api/test-launch', payload: launch });
    expect(response.statusCode).toBe(401);
  });
});

describe('test-platform token, student result and the JEE exam link', () => {
  const token_ = async (roll: string) => token(roll);
  const token = async (roll: string) => {
    const response = await t.call({
      method: 'GET',
      url: '/api/test-platform/token',
      headers: await auth(roll),
    });
    expect(response.statusCode).toBe(200);
    return String(response.data.data);
  };

  it('the student result call answers with the token, for its own roll number only', async () => {
    const tok = await token('250000000005');
    const ok = await t.call({
      method: 'GET',
      url: '/api/student-result?rollNo=250000000005',
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.data).toMatchObject({
      roll_number: '250000000005',
      scholarship_percentage: '60',
      overall_percentage: '75.0',
      status: 'Qualified',
    });
    const other = await t.call({
      method: 'GET',
      url: '/api/student-result?rollNo=250000000006',
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(other.statusCode).toBe(403);
    const session = (await auth('250000000005')).authorization;
    const withSession = await t.call({
      method: 'GET',
      url: '/api/student-result?rollNo=250000000005',
      headers: { authorization: session },
    });
    expect(withSession.statusCode).toBe(401); // a session token is not a test-platform token
    t.clock.advance(15 * 60_000 + 1);
    const expired = await t.call({
      method: 'GET',
      url: '/api/student-result?rollNo=250000000005',
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(expired.statusCode).toBe(401);
    t.clock.set(START);
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/api/student-result?rollNo=12',
          headers: { authorization: `Bearer ${tok}` },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers null before a result exists, and IAT results on the IAT call', async () => {
    const none = await t.call({
      method: 'GET',
      url: '/api/student-result?rollNo=250000000001',
      headers: { authorization: `Bearer ${await token('250000000001')}` },
    });
    expect(none.data).toEqual({ success: 'true', msg: 'Your result would be available soon.', data: null });
    const iatToken = await token('250000000010');
    const iat = await t.call({
      method: 'GET',
      url: '/api/student-result/iat?rollNo=250000000010',
      headers: { authorization: `Bearer ${iatToken}` },
    });
    expect(iat.data.data).toMatchObject({
      exam_type: 'IAT',
      test_short_code: 'IAT-MAIN',
      overall_percentage: '75.0',
    });
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/api/student-result?rollNo=250000000010',
          headers: { authorization: `Bearer ${iatToken}` },
        })
      ).statusCode,
    ).toBe(404);
  });

  const jeePaper = async (roll: string, app: TestApp = t) => {
    const headers = await app.login(roll, DOBS[roll] ?? '');
    const board = (await app.call({ method: 'GET', url: '/api/dashboard', headers })).data.data as Row;
    const series = (board.mock_jee_series as Row[])[2] as Row;
    const paper = ((series.papers as Row[])[1] as Row).exam_data as Row;
    return { exam_short_code: paper.exam_short_code, external_schedule_id: paper.external_schedule_id };
  };

  it('the dashboard opens a JEE mock paper through the exam-link call: its own series papers only', async () => {
    const roll = '250000000013';
    const body = await jeePaper(roll);
    const opened = await post('/api/mock-jee/exam-link', roll, body);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.data.data).toMatchObject({ exam_url: expect.stringMatching(/^\/sandbox\/test\//) });
    // The tenant token is the server's secret: never in an answer to the browser.
    const { token } = t.app.ctx.config.mockJeeTenant;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(opened.body).not.toContain(token);
    // The student's session is needed, and only the student's own series papers open.
    expect((await t.call({ method: 'POST', url: '/api/mock-jee/exam-link', payload: body })).statusCode).toBe(
      401,
    );
    expect((await post('/api/mock-jee/exam-link', '250000000005', body)).statusCode).toBe(404);
    const sample = ((await dashboard('250000000002')).sample_exam as Row[])[0] as Row;
    expect((await post('/api/mock-jee/exam-link', '250000000002', launchOf(sample))).statusCode).toBe(404);
  });

  it("the platform's exam-link call (the sandbox stand-in) answers only the tenant headers", async () => {
    const roll = '250000000013';
    const body = { user_id: roll, ...(await jeePaper(roll)) };
    const { id, token } = t.app.ctx.config.mockJeeTenant;
    const call = (headers: Record<string, string>) =>
      t.call({ method: 'POST', url: '/sandbox/mock-jee/exam-link', payload: body, headers });
    expect((await call({ 'x-tenant-id': id, 'x-tenant-token': token })).data.data).toMatchObject({
      exam_url: expect.stringMatching(/^\/sandbox\/test\//),
    });
    expect((await call({ 'x-tenant-id': 'other', 'x-tenant-token': token })).statusCode).toBe(401);
    expect((await call({ 'x-tenant-id': id, 'x-tenant-token': `${token.slice(0, -1)}~` })).statusCode).toBe(
      401,
    );
    expect((await call({ 'x-tenant-id': id })).statusCode).toBe(401);
    expect((await call({})).statusCode).toBe(401);
    // A student's session token or test-platform token is not the tenant's.
    const session = (await auth(roll)).authorization.slice('Bearer '.length);
    expect((await call({ 'x-tenant-id': id, 'x-tenant-token': session })).statusCode).toBe(401);
    expect((await call({ 'x-tenant-id': id, 'x-tenant-token': await token_(roll) })).statusCode).toBe(401);
  });

  it('sends the tenant headers over HTTP to a configured platform, and a refused tenant answers 502', async () => {
    // `t` listens and plays the platform; `portal` is configured with its address and secret.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const platform = t.app.ctx.config.mockJeeTenant;
    const portal = await testApp({
      start: START,
      config: {
        sandbox: false,
        mockJeeTenant: { ...platform, examLinkUrl: `http://127.0.0.1:${port}/sandbox/mock-jee/exam-link` },
      },
      demoStudents: true,
    });
    try {
      const roll = '250000000013';
      const body = await jeePaper(roll);
      const headers = await portal.login(roll, DOBS[roll] ?? '');
      const open = () =>
        portal.call({ method: 'POST', url: '/api/mock-jee/exam-link', payload: body, headers });
      const opened = await open();
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.data.data).toMatchObject({ exam_url: expect.stringMatching(/^\/sandbox\/test\//) });
      portal.app.ctx.config.mockJeeTenant.token = 'a-secret-the-platform-does-not-know-0123456789';
      const refused = await open();
      expect(refused.statusCode).toBe(502);
      expect(refused.body).not.toContain('a-secret-the-platform');
    } finally {
      await portal.close();
    }
  });

  it('without a configured platform and with the sandbox off, the exam link is unavailable (503)', async () => {
    const off = await testApp({ start: START, config: { sandbox: false }, demoStudents: true });
    try {
      const roll = '250000000013';
      const headers = await off.login(roll, DOBS[roll] ?? '');
      const response = await off.call({
        method: 'POST',
        url: '/api/mock-jee/exam-link',
        payload: await jeePaper(roll, off),
        headers,
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('POST /sandbox/results/release', () => {
  it('releases pending results of a roll number', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/sandbox/results/release',
      payload: { roll_number: '250000000001' },
    });
    expect(response.data).toEqual({ success: 'true', msg: 'No pending results.', released: 0 });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/sandbox/results/release',
          payload: { roll_number: '999999999999' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/sandbox/results/release',
          payload: { roll_number: "1' OR 1=1" },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('sample and mock papers', () => {
  it('an unlocked mock paper opens; a locked one does not', async () => {
    const bought = (await dashboard('250000000014')).mock_exam as Row[];
    const open = await post('/api/test-launch', '250000000014', launchOf(bought[1] as Row));
    expect(open.statusCode).toBe(200);
    expect((open.data.data as Row).exam_url).toMatch(/^\/sandbox\/test\//);
    const report = await post('/api/test-launch', '250000000014', launchOf(bought[0] as Row));
    expect((report.data.data as Row).result_url).toBe((bought[0] as Row).report_link);
    const locked = ((await dashboard('250000000002')).mock_exam as Row[])[0] as Row;
    expect(buttonOf(locked)).toBe('Locked');
    const refused = await post('/api/test-launch', '250000000002', launchOf(locked));
    expect(refused.statusCode).toBe(409);
    expect(refused.data.msg).toBe('Buy the mock test papers to unlock this test.');
    const sample = ((await dashboard('250000000002')).sample_exam as Row[])[0] as Row;
    expect((await post('/api/test-launch', '250000000002', launchOf(sample))).statusCode).toBe(200);
  });
});

describe('with the sandbox off', () => {
  it('has no test player, and a launch says the platform is unavailable', async () => {
    const off = await testApp({ start: START, config: { sandbox: false }, demoStudents: true });
    try {
      const headers = await off.login('250000000002', '14/03/2011');
      const start = await off.call({
        method: 'POST',
        url: '/api/exam/start',
        payload: { test_short_code: 'IACST-SOF', source_type: 'dashboard' },
        headers,
      });
      expect(start.statusCode).toBe(503);
      expect(
        (await off.call({ method: 'GET', url: '/sandbox/test/00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await off.call({
            method: 'POST',
            url: '/sandbox/results/release',
            payload: { roll_number: '250000000004' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
