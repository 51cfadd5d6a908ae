// The edit-exam calls (exam dates, exam info) and the profile update: each fetcher against the real
// server on a real port, with a real login token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { fetchExamEditDates } from './exam-edit-dates';
import { updateExamInfo } from './exam-edit-info';
import { fetchProfile } from './profile';
import { updateProfile } from './profile-update';
import { failure, listen } from './endpoints.test-support';

// Noon in India on the seed's "today".
const START = new Date('2026-03-10T06:30:00.000Z');
let t: TestApp;
let baseUrl = '';
beforeAll(async () => {
  t = await testApp({ start: START });
  baseUrl = await listen(t);
});
afterAll(async () => t.close());

const tokenOf = async (roll: string, dob: string) =>
  (await t.login(roll, dob)).authorization.replace(/^Bearer /, '');

describe('edit-exam endpoints', () => {
  it('lists dates, moves an online exam, and answers payment data for a first switch to offline', async () => {
    const token = await tokenOf('250000000015', '21/09/2008');
    const profile = (await fetchProfile(token, { baseUrl })).data;
    const dates = await fetchExamEditDates(
      token,
      { exam_mode: 'Online', branch_code: profile.branch_code, class_and_stream: profile.classtream },
      { baseUrl },
    );
    const [first, second] = Object.keys(dates.data);
    // iACST offers today until its 9 PM same-day cut-off.
    expect(first).toBe('2026-03-10');
    const date = second === profile.exam_date_id ? first : second;
    const moved = await updateExamInfo(
      token,
      {
        state_id: '',
        exam_date: date ?? '',
        exam_mode: 'Online',
        exam_center: '',
        class_and_stream: profile.classtream,
      },
      { baseUrl },
    );
    expect(moved.success).toBe('true');
    expect(moved.payment_required).toBeUndefined();
    expect((await fetchProfile(token, { baseUrl })).data.exam_date_id).toBe(date);

    const offline = await updateExamInfo(
      token,
      {
        state_id: '9',
        exam_date: '2026-03-15',
        exam_mode: 'Offline',
        exam_center: 'RCC Delhi Central-DL001-1',
        class_and_stream: profile.classtream,
      },
      { baseUrl },
    );
    expect(offline).toMatchObject({ success: 'true', payment_required: true, data: { amount: 100 } });
  });

  it('fails with the server message (the flow shows its own toast text)', async () => {
    const token = await tokenOf('250000000015', '21/09/2008');
    const error = await failure(
      updateExamInfo(
        token,
        {
          state_id: '',
          exam_date: '2027-01-01',
          exam_mode: 'Online',
          exam_center: '',
          class_and_stream: '11&SOE',
        },
        { baseUrl },
      ),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Please select date of exam');
    const profileError = await failure(
      updateProfile(token, { student_city: 'Nowhere', school_board: 'CBSE', school_id: 'X1' }, { baseUrl }),
    );
    expect(profileError.message).toBe('Please select a city from the list.');
  });
});
