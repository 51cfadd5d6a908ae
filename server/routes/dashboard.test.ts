import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../seed/demo-students.json' with { type: 'json' };
import { testApp, type TestApp } from '../../tests/support/server-harness';

// Noon in India on a fixed day: every "today" of the seed is this day, whenever the suite runs.
const START = new Date('2026-03-10T06:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const student = (roll: string) => {
  const s = demo.find((d) => d.roll_number === roll);
  if (!s) throw new Error(roll);
  return s;
};
async function dashboard(roll: string): Promise<Row> {
  const s = student(roll);
  const response = await t.call({
    method: 'GET',
    url: '/api/dashboard',
    headers: await t.login(roll, s.dob),
  });
  expect(response.statusCode).toBe(200);
  expect(response.data).toMatchObject({ success: 'true' });
  return response.data.data as Row;
}
const mainOf = (d: Row) => (d.main_exam as Row[])[0] as Row;

describe('GET /api/dashboard: every demo student shows its state', () => {
  it('needs a session', async () => {
    const response = await t.call({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.data).toEqual({
      success: 'false',
      msg: 'Your session has expired. Please log in again.',
    });
  });

  it('250000000001: iACST upcoming tomorrow, disabled button', async () => {
    const d = await dashboard('250000000001');
    expect(mainOf(d)).toMatchObject({
      card_title: 'Instant Admission cum Scholarship Test',
      exam_button_text: 'Upcoming',
      exam_button_enabled: 0,
      exam_date: '11 Mar 2026 (Wednesday)',
      exam_time: 'Any time from 09:00 AM to 10:00 PM',
      exam_duration: '1 hour',
      exam_mode: 'Online',
      absent: 0,
      view_report: 0,
      present: 0,
      career_type: 'Medical',
      test_short_code: 'IACST-SOM',
      exam_help_line: '1800-000-0001',
    });
    // The button's words beside the code the client decides by (decision 026).
    expect(mainOf(d).exam_data).toMatchObject({ btn_txt: 'Upcoming', state: 'upcoming' });
    expect(d).toMatchObject({
      scholarship_percentage: '0',
      overall_percentage: '',
      exam_taken: false,
      student_name: 'Aarav Sharma',
      student_psid: 'PS00000001',
      digital_only: false,
      static_data: { testplayer_down: false, mock_purchased: false, dashboard_msg: '' },
    });
  });

  it('250000000002: exam today, Start Now active; pack not bought: sample paper and locked mock papers', async () => {
    const d = await dashboard('250000000002');
    expect(mainOf(d)).toMatchObject({ exam_button_text: 'Start Now', exam_button_enabled: 1, absent: 0 });
    expect(mainOf(d).exam_data).toMatchObject({ btn_txt: 'Begin Test', state: 'open' });
    expect((d.static_data as Row).mock_purchased).toBe(false);
    expect((d.static_data as Row).sample_heading).toMatch(/mock paper pack/);
    expect(d.sample_exam).toHaveLength(1);
    expect((d.sample_exam as Row[])[0]).toMatchObject({
      card_title: 'Free sample paper',
      exam_button_text: 'Start Test',
    });
    expect(d.mock_exam).toHaveLength(4);
    for (const card of d.mock_exam as Row[])
      expect(card).toMatchObject({
        isLocked: true,
        exam_button_text: 'Locked',
        exam_data: { state: 'locked' },
      });
  });

  it('250000000003: date passed without the test: Missed, absent, the absent message', async () => {
    const main = mainOf(await dashboard('250000000003'));
    expect(main).toMatchObject({
      exam_button_text: 'Missed',
      exam_button_enabled: 0,
      exam_data: { state: 'missed' },
      absent: 1,
      result_expected_date: '',
      card_description:
        'You have missed your test. Contact the support number or visit the branch to reschedule the test.',
    });
  });

  it('250000000004: submitted, before release: Result Awaited with the expected time', async () => {
    const d = await dashboard('250000000004');
    expect(mainOf(d)).toMatchObject({
      exam_button_text: 'Result Awaited',
      exam_button_enabled: 0,
      exam_data: { state: 'awaited' },
      report_text: 'Result Awaited',
      present: 1,
      view_report: 0,
      card_description: 'Hey Ananya! Your result is being calculated.',
      result_expected_date: '10 Mar 2026 (Tuesday), 03:30 PM',
    });
    expect(d.exam_taken).toBe(true);
    expect(d.scholarship_percentage).toBe('0');
  });

  it('250000000005: result out with a 60% scholarship', async () => {
    const d = await dashboard('250000000005');
    const main = mainOf(d);
    expect(main).toMatchObject({
      exam_button_text: 'View Result',
      exam_button_enabled: 1,
      exam_data: { state: 'result' },
      view_report: 1,
      report_text: 'View Result',
      result_expected_date: '',
    });
    expect(main.report_link).toMatch(/^\/iacst-result\?data=/);
    expect(main.exam_button_link).toBe(main.report_link);
    expect(d).toMatchObject({ scholarship_percentage: '60', overall_percentage: '75.0', exam_taken: true });
    expect(d.scholarship_msg).toBe('scholarship on your course fee, valid till 8 Apr 2026 (Wednesday).');
    expect(main.iacst_fomo_desc).toMatch(
      /^Your 60% scholarship is valid till 8 Apr 2026 \(Wednesday\): only 29 days left/,
    );
    expect(d.course_flags).toMatchObject({
      course_purchased: 0,
      enable_my_product_status: 0,
      product: 'iacst',
    });
  });

  it('250000000006: result out with no scholarship: scholarship_percentage 0', async () => {
    const d = await dashboard('250000000006');
    expect(mainOf(d).exam_button_text).toBe('View Result');
    expect(d).toMatchObject({ scholarship_percentage: '0', overall_percentage: '5.0' });
    expect(d.scholarship_msg).toMatch(/^Thank you for taking iACST/);
  });

  it('250000000007: course purchased: flags on, welcome message', async () => {
    const d = await dashboard('250000000007');
    expect(d).toMatchObject({ scholarship_percentage: '90' });
    expect(d.course_flags).toMatchObject({
      course_purchased: 1,
      enable_my_product_status: 1,
      scholarship_course_purchased_msg: 'Your 90% scholarship has been applied to your course.',
      term_condition_link: '/iacst-scholarship/terms-conditions',
      iacst_download_prosp: '/api/prospectus?exam_type=iACST',
    });
    expect((d.course_flags as Row).guided_journey_message).toMatch(/registration is complete/);
  });

  it('250000000008: branch IC006: course-fee wording and its own help line', async () => {
    const d = await dashboard('250000000008');
    expect(d).toMatchObject({
      branch_code: 'IC006',
      scholarship_percentage: '75',
      exam_help_line: '1800-000-0006',
      digital_only: true,
    });
    expect(mainOf(d).exam_help_line).toBe('1800-000-0006');
    expect((d.course_flags as Row).guided_journey_message).toMatch(/course fee/);
  });

  it("the branch's own data (channel, fee basis), not its code, makes the digital-only wording", async () => {
    const asClassroom = { channel: 'classroom', fee_basis: 'registration_fee' } as const;
    const asDigital = { channel: 'digital', fee_basis: 'course_fee' } as const;
    const branch = (code: string, set: typeof asClassroom | typeof asDigital) =>
      t.db.updateTable('commerce_branches').set(set).where('code', '=', code).execute();
    await branch('IC006', asClassroom);
    try {
      const d = await dashboard('250000000008');
      expect(d).toMatchObject({ branch_code: 'IC006', exam_help_line: '1800-000-0001', digital_only: false });
      expect((d.course_flags as Row).guided_journey_message).toMatch(/registration fee/);
    } finally {
      await branch('IC006', asDigital);
    }
    const classroomStudent = await dashboard('250000000001');
    const code = String(classroomStudent.branch_code);
    await branch(code, asDigital);
    try {
      const d = await dashboard('250000000001');
      expect(d.exam_help_line).toBe('1800-000-0006');
      expect(d.digital_only).toBe(true);
      expect((d.course_flags as Row).guided_journey_message).toMatch(/course fee/);
    } finally {
      await branch(code, asClassroom);
    }
  });

  it('250000000009: IAT offline tomorrow: admit card available, centre address', async () => {
    const d = await dashboard('250000000009');
    const main = mainOf(d);
    expect(main).toMatchObject({
      card_title: 'Invictus Admission Test',
      exam_mode: 'Offline',
      exam_button_text: 'Upcoming',
      is_admit_card_available: 1,
      admit_card_from: '',
      card_description: 'Your offline test is on 11 Mar 2026 (Wednesday), 09:00 AM to 12:00 PM.',
      exam_time: '09:00 AM to 12:00 PM',
      exam_duration: '3 hours',
      // The centre's label, its branch-type prefix (RCC) left out (part 2 §3).
      center_address: 'Delhi Central, 8 Pusa Road, Karol Bagh, New Delhi 110005',
    });
    expect(main.admit_card_url).toMatch(/^\/sandbox\/admit-card\/[0-9a-f-]{36}$/);
    const card = await t.call({ method: 'GET', url: String(main.admit_card_url) });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('Roll number</dt><dd>250000000009');
    expect(card.body).not.toContain('<script');
    expect(d.sample_exam).toEqual([]); // the mock-test flag is off for IAT
  });

  it('250000000010: IAT result out a week after the offline exam', async () => {
    const d = await dashboard('250000000010');
    expect(mainOf(d)).toMatchObject({
      exam_button_text: 'View Result',
      view_report: 1,
      is_admit_card_available: 0,
      // Over: no admit card to come (the card says nothing about one).
      admit_card_from: '',
    });
  });

  it('250000000011: MOCK-NEET inside the admit-card window', async () => {
    const main = mainOf(await dashboard('250000000011'));
    expect(main).toMatchObject({
      card_title: 'NEET Mock Test',
      exam_button_text: 'Upcoming',
      is_admit_card_available: 1,
      exam_time: '10:00 AM to 01:20 PM',
      exam_duration: '3 hours 20 minutes',
    });
  });

  it('250000000012: MOCK-NEET outside the admit-card window says when it comes', async () => {
    const main = mainOf(await dashboard('250000000012'));
    expect(main).toMatchObject({
      is_admit_card_available: 0,
      admit_card_url: '',
      // When it comes is one line of the card, worded by the client from this date: the
      // description does not say it again.
      admit_card_from: '2026-03-18',
      card_description: 'Your offline test is on 20 Mar 2026 (Friday), 10:00 AM to 01:20 PM.',
    });
    const unavailable = await t.call({
      method: 'GET',
      url: '/sandbox/admit-card/00000000-0000-4000-8000-000000000000',
    });
    expect(unavailable.statusCode).toBe(404);
  });

  it('250000000013: MOCK-JEE series with missed, results, ongoing and upcoming tests', async () => {
    const d = await dashboard('250000000013');
    const series = d.mock_jee_series as Row[];
    expect(series.map((s) => s.status)).toEqual([
      'Missed',
      'Results',
      'Ongoing',
      'Upcoming',
      'Upcoming',
      'Upcoming',
    ]);
    // The detailed result opens at 6 PM India time on the day the results came; only a series with
    // results has one.
    expect(series.map((s) => String(s.detailed_result_at).slice(10))).toEqual([
      '',
      'T12:30:00.000Z',
      '',
      '',
      '',
      '',
    ]);
    const states = series.map((s) => (s.papers as Row[]).map((p) => (p.exam_data as Row).state));
    expect(states).toEqual([
      ['missed', 'missed'],
      ['result', 'result'],
      ['open', 'open'],
      ['upcoming', 'upcoming'],
      ['upcoming', 'upcoming'],
      ['upcoming', 'upcoming'],
    ]);
    const btns = series.map((s) => (s.papers as Row[]).map((p) => p.btn_txt));
    expect(btns).toEqual([
      ['Missed', 'Missed'],
      ['View Result', 'View Result'],
      ['Begin Test', 'Begin Test'],
      ['Upcoming', 'Upcoming'],
      ['Upcoming', 'Upcoming'],
      ['Upcoming', 'Upcoming'],
    ]);
    const live = series[2] as Row;
    expect(live).toMatchObject({
      series_name: 'Mock Test 3',
      exam_date: '2026-03-10',
      start_time: '2026-03-10T03:30:00.000Z',
    });
    expect(live.end_time).toBe('2026-03-12T03:30:00.000Z'); // 48 hours
    expect(mainOf(d)).toMatchObject({
      card_title: 'JEE Advanced Mock Test Series: Mock Test 3',
      exam_button_text: 'Start Now',
    });
    // A card names its sitting; the launch payload is built on demand (decision 008), never sent.
    const examData = (live.papers as Row[])[0]?.exam_data as Row;
    expect(Object.keys(examData).sort()).toEqual([
      'btn_txt',
      'end_time',
      'exam_date',
      'exam_short_code',
      'external_schedule_id',
      'start_time',
      'state',
      'test_name',
    ]);
    expect(examData).toMatchObject({ exam_short_code: 'MJEE-P1', btn_txt: 'Begin Test', state: 'open' });
  });

  it('250000000014: sample pack bought: mock papers unlocked, paper 1 reported', async () => {
    const d = await dashboard('250000000014');
    expect((d.static_data as Row).mock_purchased).toBe(true);
    const cards = d.mock_exam as Row[];
    expect(cards.map((c) => c.isLocked)).toEqual([false, false, false, false]);
    expect(cards[0]).toMatchObject({ exam_button_text: 'View Report', view_report: 1 });
    expect(cards[1]).toMatchObject({ exam_button_text: 'Start Test', view_report: 0 });
  });

  it('250000000015: test player down: the notice and its message', async () => {
    const d = await dashboard('250000000015');
    expect(d.static_data).toMatchObject({ testplayer_down: true });
    expect((d.static_data as Row).dashboard_msg).toMatch(/maintenance/);
  });

  it('every demo student logs in and has distinct mobiles and roll numbers', async () => {
    expect(new Set(demo.map((s) => s.mobile)).size).toBe(demo.length);
    expect(new Set(demo.map((s) => s.roll_number)).size).toBe(demo.length);
    for (const s of demo) {
      expect(s.roll_number).toMatch(/^2500000000\d\d$/);
      expect(s.shows.length).toBeGreaterThan(20);
      await dashboard(s.roll_number);
    }
  });
});

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/dashboard: what it advises fits the student', () => {
  // Each test moves the clock or a row and puts it back: the tests above read the seeded day.
  const setStudent = (roll: string, set: Record<string, string | null>) =>
    t.db.updateTable('students').set(set).where('roll_number', '=', roll).execute();

  it.each([
    ['250000000009', 1, 'Delhi Central'],
    ['250000000011', 2, 'Delhi Central'],
  ])(
    '%s on the day of the offline exam: "bring your printed admit card" beside the admit card',
    async (roll, days, centre) => {
      // 10:30 in India on the exam day: both sittings (9 to 12, 10 to 1:20) are under way.
      t.clock.set(new Date(START.getTime() + days * DAY - 90 * 60 * 1000));
      try {
        const main = mainOf(await dashboard(roll));
        expect(main).toMatchObject({
          exam_mode: 'Offline',
          exam_data: { state: 'offline_day' },
          is_admit_card_available: 1,
          card_description: `Your test is today at ${centre}. Bring your printed admit card.`,
        });
        const card = await t.call({ method: 'GET', url: String(main.admit_card_url) });
        expect(card.statusCode).toBe(200);
        expect(card.body).toContain(`Roll number</dt><dd>${roll}`);
      } finally {
        t.clock.set(START);
      }
    },
  );

  it('an iACST offline test at a centre today (no admit card in its programme): says so, asks for none', async () => {
    const roll = '250000000002';
    const before = await t.db
      .selectFrom('students')
      .select(['exam_mode', 'exam_slot_id', 'exam_state_id', 'exam_centre_code', 'exam_centre_id'])
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    const gujarat = await t.db
      .selectFrom('centres')
      .select(['id', 'state_tid'])
      .where('code', '=', 'GJ001')
      .executeTakeFirstOrThrow();
    await setStudent(roll, {
      exam_mode: 'Offline',
      exam_slot_id: 'offline-gujarat',
      exam_state_id: gujarat.state_tid,
      exam_centre_code: 'GJ001',
      exam_centre_id: gujarat.id,
    });
    try {
      const main = mainOf(await dashboard(roll));
      expect(main).toMatchObject({
        exam_mode: 'Offline',
        exam_data: { state: 'offline_day' },
        is_admit_card_available: 0,
        admit_card_url: '',
        card_description: `Your test is today at Ahmedabad Navrangpura. iACST has no admit card: give your roll number, ${roll}, at the centre.`,
      });
    } finally {
      await setStudent(roll, before);
    }
  });

  it('every demo student, from 3 days before to 12 days after the seed day: an admit card asked for is there', async () => {
    let asked = 0;
    try {
      for (let days = -3; days <= 12; days++)
        // At 10:30 (the offline sittings under way) and at noon in India.
        for (const minutes of [-90, 0]) {
          t.clock.set(new Date(START.getTime() + days * DAY + minutes * 60 * 1000));
          for (const s of demo)
            for (const main of (await dashboard(s.roll_number)).main_exam as Row[]) {
              if (!/bring your printed admit card/i.test(String(main.card_description))) continue;
              asked += 1;
              expect(main, `${s.roll_number} on day ${days}`).toMatchObject({
                is_admit_card_available: 1,
                admit_card_url: expect.stringMatching(/^\/sandbox\/admit-card\//),
              });
            }
        }
    } finally {
      t.clock.set(START);
    }
    // 09 (IAT) on its day at 10:30, 11 (MOCK-NEET) on its day at 10:30 and noon, 12 likewise.
    expect(asked).toBe(5);
  });

  it('no scholarship, at the digital-only branch or with a course bought: no nearest-branch advice', async () => {
    const roll = '250000000006';
    const classroom = await dashboard(roll);
    expect(classroom.scholarship_msg).toBe(
      'Thank you for taking iACST. Visit your nearest branch for counselling on the right course for you.',
    );
    const { branch_code } = await t.db
      .selectFrom('students')
      .select('branch_code')
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    await setStudent(roll, { branch_code: 'IC006' });
    try {
      const digital = await dashboard(roll);
      expect(digital.digital_only).toBe(true);
      expect(digital.scholarship_msg).toBe(
        'Thank you for taking iACST. Our team will contact you for counselling on the right course for you.',
      );
    } finally {
      await setStudent(roll, { branch_code });
    }
    await t.db
      .insertInto('commerce_purchases')
      .values({
        id: 'test-purchase-06',
        student_id: `demo-${roll}`,
        kind: 'course',
        product_id: 'FND-C9-2Y',
        order_id: 'test-order-06',
        amount: 2000,
        created_at: START.toISOString(),
      })
      .execute();
    try {
      const bought = await dashboard(roll);
      expect((bought.course_flags as Row).course_purchased).toBe(1);
      expect(bought.scholarship_msg).toBe('Thank you for taking iACST.');
    } finally {
      await t.db.deleteFrom('commerce_purchases').where('id', '=', 'test-purchase-06').execute();
    }
  });

  it('a missed test at the digital-only branch: the support number, no branch visit', async () => {
    const roll = '250000000003';
    const { branch_code } = await t.db
      .selectFrom('students')
      .select('branch_code')
      .where('roll_number', '=', roll)
      .executeTakeFirstOrThrow();
    await setStudent(roll, { branch_code: 'IC006' });
    try {
      expect(mainOf(await dashboard(roll)).card_description).toBe(
        'You have missed your test. Contact the support number to reschedule the test.',
      );
    } finally {
      await setStudent(roll, { branch_code });
    }
  });
});

describe('GET /api/profile', () => {
  it('returns the profile fields', async () => {
    const auth = await t.login('250000000011', '19/01/2007');
    const response = await t.call({ method: 'GET', url: '/api/profile', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.data.data).toMatchObject({
      student_firstname: 'Aditya',
      student_lastname: 'Kulkarni',
      father_name: 'Prakash Kulkarni',
      roll_number: '250000000011',
      classtream: '12&SOM',
      class: '12',
      stream: 'SOM',
      class_stream_id: 'cs-12-som',
      class_stream_name: 'Class 12 Medical',
      student_dob: '19-01-2007',
      exam_type: 'MOCK-NEET',
      exam_state: 'Delhi',
      exam_state_id: '9',
      exam_center: 'RCC Delhi Central-DL001-1',
      exam_center_id: '1',
      center_name: 'Delhi Central',
      exam_date_id: '2026-03-12',
      exam_date: '12 Mar 2026 (Thursday)',
      exam_mode_and_slot: 'Offline, 10:00 AM to 1:20 PM',
      exam_mode: 'Offline',
      exam_location: '8 Pusa Road, Karol Bagh, New Delhi 110005',
      exam_attempts_left: 2,
      is_edit_allowed: true,
      is_payment_done: true,
      // The registration is paid, the offline-switch fee is not (it is the one the fee rule reads).
      offline_fee_paid: false,
      exam_taken: false,
      exam_date_skip: false,
    });
  });

  it('shows exam_taken and exam_date_skip', async () => {
    const taken = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: await t.login('250000000005', '30/04/2007'),
    });
    expect(taken.data.data).toMatchObject({ exam_taken: true, is_edit_allowed: false });
    const missed = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: await t.login('250000000003', '22/07/2007'),
    });
    expect(missed.data.data).toMatchObject({ exam_taken: false, exam_date_skip: true });
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('agrees with the dashboard on exam_taken for every demo student', async () => {
    const answers = [];
    for (const student of demo) {
      const headers = await t.login(student.roll_number, student.dob);
      const profile = await t.call({ method: 'GET', url: '/api/profile', headers });
      const dashboard = await t.call({ method: 'GET', url: '/api/dashboard', headers });
      const fromProfile = (profile.data.data as { exam_taken: boolean }).exam_taken;
      expect((dashboard.data.data as { exam_taken: boolean }).exam_taken, student.roll_number).toBe(
        fromProfile,
      );
      answers.push(fromProfile);
    }
    // Both answers occur among the demo students, so agreement is not trivially all-false.
    expect(new Set(answers)).toEqual(new Set([true, false]));

    // An online test in progress counts as taken in both answers.
    const headers = await t.login('250000000002', '14/03/2011');
    const taken = async (url: string) =>
      ((await t.call({ method: 'GET', url, headers })).data.data as { exam_taken: boolean }).exam_taken;
    expect(await taken('/api/dashboard')).toBe(false);
    const { main_exam } = (await t.call({ method: 'GET', url: '/api/dashboard', headers })).data.data as {
      main_exam: { test_short_code: string }[];
    };
    const start = await t.call({
      method: 'POST',
      url: '/api/exam/start',
      headers,
      payload: { test_short_code: main_exam[0]?.test_short_code, source_type: 'dashboard' },
    });
    expect(start.statusCode).toBe(200);
    expect([await taken('/api/dashboard'), await taken('/api/profile')]).toEqual([true, true]);
  });
});

describe('POST /api/profile', () => {
  const update = async (payload: unknown, roll = '250000000002', dob = '14/03/2011') =>
    t.call({
      method: 'POST',
      url: '/api/profile',
      payload: payload as object,
      headers: await t.login(roll, dob),
    });

  it('updates city, board and school; the profile shows them', async () => {
    const school = await t.db
      .selectFrom('schools')
      .innerJoin('cities', 'cities.tid', 'schools.city_tid')
      .select(['schools.school_code', 'schools.full_school_name', 'cities.name', 'cities.tid'])
      .where('cities.name', '=', 'Pune')
      .orderBy('schools.school_code')
      .executeTakeFirstOrThrow();
    const response = await update({
      student_city: 'Pune',
      school_board: 'ICSE',
      school_id: school.school_code,
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ success: 'true', msg: 'Your profile has been updated.' });
    const profile = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: await t.login('250000000002', '14/03/2011'),
    });
    expect(profile.data.data).toMatchObject({
      student_city: 'Pune',
      student_city_value: school.tid,
      exam_board: 'ICSE',
      school_id: school.school_code,
      school_name: school.full_school_name,
    });
    const students = await t.db
      .selectFrom('students')
      .select(['city', 'board'])
      .where('roll_number', '=', '250000000002')
      .executeTakeFirstOrThrow();
    expect(students).toEqual({ city: 'Mumbai', board: 'CBSE' }); // the core row is not touched
  });

  it('refuses values that are not in the master lists', async () => {
    const mumbaiSchool = await t.db
      .selectFrom('schools')
      .innerJoin('cities', 'cities.tid', 'schools.city_tid')
      .select('schools.school_code')
      .where('cities.name', '=', 'Mumbai')
      .executeTakeFirstOrThrow();
    expect(
      (await update({ student_city: 'Atlantis', school_board: 'CBSE', school_id: mumbaiSchool.school_code }))
        .data.msg,
    ).toBe('Please select a city from the list.');
    expect(
      (
        await update({
          student_city: 'Mumbai',
          school_board: 'Hogwarts Board',
          school_id: mumbaiSchool.school_code,
        })
      ).data.msg,
    ).toBe('Please select a school board from the list.');
    const wrongCity = await update({
      student_city: 'Pune',
      school_board: 'CBSE',
      school_id: mumbaiSchool.school_code,
    });
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.data.msg).toBe('Please select a school in your city.');
  });

  it.each([
    [{}],
    [{ student_city: 'Pune', school_board: 'CBSE' }],
    [{ student_city: 'Pune', school_board: 'CBSE', school_id: 'X1', admin: true }],
    [{ student_city: 42, school_board: 'CBSE', school_id: 'X1' }],
    [{ student_city: 'P'.repeat(61), school_board: 'CBSE', school_id: 'X1' }],
    [{ student_city: "Pune'; DROP TABLE students; --", school_board: 'CBSE', school_id: 'X1' }],
    [{ student_city: '<script>alert(1)</script>', school_board: 'CBSE', school_id: 'X1' }],
    [{ student_city: 'Pune\u202e', school_board: 'CBSE', school_id: 'X1' }],
    [{ student_city: 'Pune', school_board: 'CBSE', school_id: '../../etc' }],
  ])('answers bad input %j with a 400 and stores nothing', async (body) => {
    const response = await update(body, '250000000003', '22/07/2007');
    expect(response.statusCode).toBe(400);
    expect(response.data.success).toBe('false');
    const state = await t.db
      .selectFrom('exam_student_state')
      .select('student_city')
      .where('student_id', '=', 'demo-250000000003')
      .executeTakeFirst();
    expect(state?.student_city ?? null).toBeNull();
  });

  it('is refused when the profile may not be edited', async () => {
    await t.db
      .updateTable('students')
      .set({ remove_edit_exam_edit_profile: 1 })
      .where('roll_number', '=', '250000000006')
      .execute();
    const response = await update(
      { student_city: 'Pune', school_board: 'CBSE', school_id: 'X1' },
      '250000000006',
      '18/08/2010',
    );
    expect(response.statusCode).toBe(403);
  });
});
