// The registration card part-way, kept against the verified number (decision 041): another tab or
// device verifies the same number and gets the card back with the OTP verify; nobody without that
// number's registration token writes or reads one; it lasts a token's life and ends with the signup.
// Runs on SQLite and, in the PostgreSQL stage of scripts/test.sh, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp, iacstSignupBody } from '../../tests/support/server-harness';

// 1 April 2025, 11:30 in India: MOCK-NEET registration is open.
const START = new Date('2025-04-01T06:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Data = Record<string, unknown>;
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
const put = (payload: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'PUT', url: '/api/registration/draft', payload: payload as object, headers });

/** Verifies the number on the page (a code sent now, or the one sent moments ago); its answer. */
async function verify(mobile: string, page = 'MOCK-NEET'): Promise<Data> {
  await post(`/api/otp/send?mobile=${mobile}&exam_type=${page}`);
  const { data } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
  const otp = (data as unknown as { otp: string | null }[]).find((m) => m.otp)?.otp;
  const verified = await post(`/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=${page}`);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.data as Data;
}
const tokenOf = (verified: Data) => ({ 'x-registration-token': String(verified.registration_token) });

const draft = {
  student: { studentName: 'Kavya Menon', email: 'kavya.menon@example.com', dob: '01/02/2007' },
  choices: {
    exam: { courseType: 'classroom', state: { tid: '9', stateName: 'Delhi', shortCode: 'DL' } },
    coupon: { code: 'NEET50', applied: '', discount: 0 },
    paymentMethod: 'paytm',
  },
};

describe('the registration card part-way, on the server', () => {
  it('is kept for the verified number and comes back with the next verify, in another tab or device', async () => {
    const mobile = '9811100501';
    const first = await verify(mobile);
    expect(first.draft).toBeUndefined();
    const kept = await put({ registration_page: 'MOCK-NEET', draft }, tokenOf(first));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.headers['cache-control']).toContain('no-store');
    // Another device: the same number verified again (after the resend wait).
    t.clock.advance(46_000);
    const again = await verify(mobile);
    expect(again.draft).toEqual(draft);
    // Another page of the number keeps its own card.
    t.clock.advance(46_000);
    expect((await verify(mobile, 'iACST')).draft).toBeUndefined();
  });

  it('needs the registration token of a verified number, and a draft of the documented shape', async () => {
    expect((await put({ registration_page: 'MOCK-NEET', draft })).statusCode).toBe(401);
    expect(
      (await put({ registration_page: 'MOCK-NEET', draft }, { 'x-registration-token': 'x'.repeat(43) }))
        .statusCode,
    ).toBe(401);
    const verified = await verify('9811100502');
    const headers = tokenOf(verified);
    for (const bad of [
      { registration_page: 'MOCK-NEET' },
      { registration_page: 'MOCK-NEET', draft: { student: { studentName: 7 } } },
      { registration_page: 'MOCK-NEET', draft: { student: { password: 'x' } } },
      { registration_page: 'nope page', draft },
      { registration_page: 'MOCK-NEET', draft: { student: { studentName: 'x'.repeat(201) } } },
    ])
      expect((await put(bad, headers)).statusCode, JSON.stringify(bad)).toBe(400);
    const huge = {
      registration_page: 'MOCK-NEET',
      draft: { choices: { ...draft.choices, exam: { a: 'x'.repeat(9000) } } },
    };
    expect((await put(huge, headers)).statusCode).toBe(413);
  });

  it("lasts a token's life (2 h), and a completed signup forgets it", async () => {
    const mobile = '9811100503';
    const first = await verify(mobile);
    await put({ registration_page: 'MOCK-NEET', draft }, tokenOf(first));
    t.clock.advance(2 * 3_600_000 + 1_000);
    expect((await verify(mobile)).draft).toBeUndefined();

    const second = await verify('9811100504', 'iACST');
    await put({ registration_page: 'iACST', draft }, tokenOf(second));
    const signup = await post('/api/signup', iacstSignupBody('9811100504'), tokenOf(second));
    expect(signup.statusCode, signup.body).toBe(200);
    const rows = () =>
      t.db.selectFrom('registration_drafts').selectAll().where('mobile', '=', '9811100504').execute();
    expect(await rows()).toEqual([]);
    // A save that was on its way as the student signed up keeps nothing.
    expect((await put({ registration_page: 'iACST', draft }, tokenOf(second))).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('a signup racing 50 draft saves of its token leaves no draft, and registers once', async () => {
    // The save checks the token has not signed up and then writes: a signup landing between the two
    // must not leave a draft behind, on SQLite and PostgreSQL. A few rounds, since one may not land
    // a signup in the gap.
    for (const mobile of ['9811100511', '9811100512', '9811100513']) {
      const headers = tokenOf(await verify(mobile, 'iACST'));
      // 50 saves in 5 streams of 10, one after another within a stream (as a card saves while the
      // student types), so saves keep arriving all through the signup.
      const stream = async () => {
        const answers = [];
        for (let i = 0; i < 10; i++) answers.push(await put({ registration_page: 'iACST', draft }, headers));
        return answers;
      };
      const [signup, ...streams] = await Promise.all([
        post('/api/signup', iacstSignupBody(mobile), headers),
        ...Array.from({ length: 5 }, stream),
      ]);
      const saves = streams.flat();
      expect(signup.statusCode, signup.body).toBe(200);
      expect(saves).toHaveLength(50);
      for (const save of saves) expect(save.statusCode, save.body).toBe(200);
      const drafts = await t.db
        .selectFrom('registration_drafts')
        .selectAll()
        .where('mobile', '=', mobile)
        .execute();
      expect(drafts, mobile).toEqual([]);
      const students = await t.db
        .selectFrom('students')
        .innerJoin('registrations', 'registrations.student_id', 'students.id')
        .select(['students.registration_status', 'students.roll_number'])
        .where('students.mobile', '=', mobile)
        .execute();
      expect(students).toEqual([
        { registration_status: 'registered', roll_number: (signup.data.data as Data).roll_number },
      ]);
      // Once signed up, a save keeps nothing.
      const late = await put({ registration_page: 'iACST', draft }, headers);
      expect(late.data.msg).toBe('Registered: nothing to keep.');
    }
  });

  it('keeps one draft per page however the page is spelt (an exam type in any case)', async () => {
    const verified = await verify('9811100505');
    await put({ registration_page: 'MOCK-NEET', draft }, tokenOf(verified));
    await put({ registration_page: 'mock-neet', draft }, tokenOf(verified));
    await put({ registration_page: 'Mock-Neet', draft }, tokenOf(verified));
    const rows = await t.db
      .selectFrom('registration_drafts')
      .select('page')
      .where('mobile', '=', '9811100505')
      .execute();
    expect(rows).toEqual([{ page: 'MOCK-NEET' }]);
  });
});
