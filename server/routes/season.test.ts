// MOCK-NEET and MOCK-JEE are registrable out of the box: their season (April–May 2025 in
// the config, part 2 §5) repeats yearly (schedule.repeatsYearly), so on any day the next occurrence
// is offered: for the date list, signup, and a new MOCK-JEE student's tests. A clock pinned in the
// configured season still gets the configured dates (server/routes/master.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig } from '../../tests/fixtures/config-copy';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const TODAY = new Date('2026-11-25T06:30:00.000Z'); // noon in India, outside the configured season
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: TODAY });
});
afterAll(async () => t.close());

const datesOf = async (examType: string) =>
  (
    (await t.call({ method: 'GET', url: `/api/exam/dates?exam_type=${examType}` })).data.data as {
      value: string;
    }[]
  ).map((d) => d.value);

async function signup(examType: string, mobile: string, body: Record<string, unknown>) {
  t.clock.advance(46_000);
  await t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=${examType}` });
  const { data: sms } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const otp = (sms as unknown as { otp: string }[])[0]?.otp ?? '';
  const verified = await t.call({
    method: 'POST',
    url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=${examType}`,
  });
  return t.call({
    method: 'POST',
    url: '/api/signup',
    headers: { 'x-registration-token': String(verified.data.registration_token) },
    payload: {
      student_name: 'Riya Verma',
      father_name: 'Anil Verma',
      student_email: 'riya.verma@example.com',
      student_dob: '04/01/2008',
      student_mobile_no: mobile,
      registration_page: examType,
      payment_mode: 'paytm',
      ...body,
    },
  });
}

describe('a season that stays current', () => {
  it("offers next year's MOCK-NEET and MOCK-JEE dates", async () => {
    expect(await datesOf('MOCK-NEET')).toEqual(['2027-04-13', '2027-04-20', '2027-04-27']);
    expect(await datesOf('MOCK-JEE')).toEqual([
      '2027-04-29',
      '2027-05-02',
      '2027-05-06',
      '2027-05-09',
      '2027-05-13',
      '2027-05-15',
    ]);
  });

  it("a new student registers for MOCK-NEET on one of them (and not on last season's)", async () => {
    const body = {
      class_stream: '12&SOM',
      exam_state: '9',
      branch_code: 'DL001',
      exam_mode: 'Offline',
      exam_date: '2025-04-13',
    };
    const old = await signup('MOCK-NEET', '9811100301', body);
    expect(old.statusCode).toBe(400);
    const answer = await signup('MOCK-NEET', '9811100302', { ...body, exam_date: '2027-04-13' });
    expect(answer.statusCode, answer.body).toBe(200);
    // The thank-you's schedule: the slot's hours and the reporting time, 30 minutes before it
    // opens (config windows.reportingMinutesBefore); no series.
    expect((answer.data.data as { schedule: unknown }).schedule).toEqual({
      opens_at: '10:00',
      closes_at: '13:20',
      report_at: '09:30',
    });
  });

  it("a new MOCK-JEE student's tests are the season's they registered in", async () => {
    const answer = await signup('MOCK-JEE', '9811100303', {
      class_stream: '12&SOE',
      exam_mode: 'Online',
      exam_date: '2027-04-29',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const {
      roll_number: roll,
      payment_data: payment,
      schedule,
    } = answer.data.data as {
      roll_number: string;
      payment_data: { order_id: string };
      schedule: { tests?: { number: number; date: string }[] };
    };
    // Filed under the programme's default centre (config defaultCentre), whose branch lists
    // branches: not under the digital-only branch, which lists none.
    const row = await t.db
      .selectFrom('students')
      .select('branch_code')
      .where('roll_number', '=', roll)
      .executeTakeFirst();
    expect(row?.branch_code).toBe('DL001');
    // A paid exam: the registration completes once the sandbox gateway is paid.
    await t.call({ method: 'POST', url: `/sandbox/gateway/${payment.order_id}/pay` });
    const headers = await t.login(roll, '04/01/2008');
    const dashboard = await t.call({ method: 'GET', url: '/api/dashboard', headers });
    const series = (dashboard.data.data as { mock_jee_series: { exam_date: string }[] }).mock_jee_series;
    expect(series.map((s) => s.exam_date)).toEqual([
      '2027-04-29',
      '2027-05-02',
      '2027-05-06',
      '2027-05-09',
      '2027-05-13',
      '2027-05-15',
    ]);
    // The thank-you named the same tests on the same dates, each opening at 9 AM for 48 hours;
    // an online series: no hours of a day and no reporting time.
    expect(schedule).toEqual({
      opens_at: '09:00',
      open_hours: 48,
      tests: series.map((s, i) => ({ number: i + 1, date: s.exam_date })),
    });
  });

  it('a free online exam (iACST) answers its slot hours and no reporting time', async () => {
    const answer = await signup('iACST', '9811100304', {
      student_name: 'Kabir Singh',
      student_dob: '15/08/2011',
      class_stream: '9&SOF',
      exam_state: '9',
      branch_code: 'DL001',
      exam_mode: 'Online',
      exam_date: '2026-11-26',
      payment_mode: undefined,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.data.data as { schedule: unknown }).schedule).toEqual({
      opens_at: '09:00',
      closes_at: '22:00',
    });
  });
});

describe('GET /api/exam/open', () => {
  it('says every programme has a date open today', async () => {
    for (const examType of ['iACST', 'IAT', 'MOCK-NEET', 'MOCK-JEE']) {
      const answer = await t.call({ method: 'GET', url: `/api/exam/open?exam_type=${examType}` });
      expect([examType, answer.statusCode, answer.data]).toEqual([
        examType,
        200,
        { success: 'true', data: { open: true } },
      ]);
    }
  });

  it('says so when a season does not repeat and is past', async () => {
    const copy = copyConfig();
    copy.edit<{ schedule: { repeatsYearly?: boolean } }>('programmes/mock-neet.json', (p) => {
      p.schedule.repeatsYearly = false;
    });
    const past = await testApp({ start: TODAY, site: loadConfig(copy.dir) });
    try {
      const answer = await past.call({ method: 'GET', url: '/api/exam/open?exam_type=MOCK-NEET' });
      expect(answer.data).toEqual({ success: 'true', data: { open: false } });
    } finally {
      await past.close();
      copy.remove();
    }
  });
});
