// The iACST test window (part 2 §1): open daily 9 AM to 10 PM. Start Now and the launch
// call refuse any other hour of the exam day, and the card says the latest start that leaves the
// whole 60 minutes (10 PM − 60 min = 9 PM), the time the FAQ says too (src/domain/exam-window.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const ROLL = '250000000002'; // iACST online, exam today, not started
type Row = Record<string, unknown>;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app on an India clock of the seed's exam day. */
async function at(istClock: string) {
  t = await testApp({ start: new Date(`2026-03-10T${istClock}:00+05:30`) });
  const app = t;
  const headers = await app.login(ROLL, '14/03/2011');
  const main = async () =>
    ((await app.call({ method: 'GET', url: '/api/dashboard', headers })).data.data as { main_exam: Row[] })
      .main_exam[0] as Row;
  const card = await main();
  const start = () =>
    app.call({
      method: 'POST',
      url: '/api/exam/start',
      headers,
      payload: { test_short_code: String(card.test_short_code), source_type: 'dashboard' },
    });
  const { exam_short_code, external_schedule_id } = card.exam_data as Row;
  const launch = () =>
    app.call({
      method: 'POST',
      url: '/api/test-launch',
      headers,
      payload: { exam_short_code, external_schedule_id },
    });
  return { app, card, main, start, launch };
}

describe('iACST test window', () => {
  it('is closed at 08:47 on the exam day: Start Now and the launch call refuse', async () => {
    const { card, start, launch } = await at('08:47');
    expect(card).toMatchObject({ exam_button_enabled: 0, exam_time: 'Any time from 09:00 AM to 10:00 PM' });
    const started = await start();
    expect(started.statusCode).toBe(409);
    expect(started.data.msg).toBe('This test has not started yet.');
    const launched = await launch();
    expect(launched.statusCode).toBe(409);
    const attempts = t?.db.selectFrom('exam_attempts').select('id').where('student_id', '=', `demo-${ROLL}`);
    expect(await attempts?.execute()).toEqual([]);
  });

  it('opens at 9 AM, and the card says start by 9 PM for the full 60 minutes', async () => {
    const { card, start } = await at('09:00');
    expect(card).toMatchObject({
      exam_button_enabled: 1,
      card_description: 'Your test is open today. It takes 1 hour; start by 09:00 PM to use the full time.',
    });
    expect((await start()).statusCode).toBe(200);
  });

  it('a start at 9:30 PM runs until the window closes at 10 PM', async () => {
    const { start, app } = await at('21:30');
    expect((await start()).statusCode).toBe(200);
    const attempt = await app.db
      .selectFrom('exam_attempts')
      .select('expires_at')
      .where('student_id', '=', `demo-${ROLL}`)
      .executeTakeFirstOrThrow();
    expect(new Date(attempt.expires_at).toISOString()).toBe('2026-03-10T16:30:00.000Z');
  });

  it('is closed at 10 PM: the test is missed', async () => {
    const { card, start, launch } = await at('22:00');
    expect(card).toMatchObject({ exam_button_enabled: 0, absent: 1 });
    expect((await start()).statusCode).toBe(409);
    expect((await launch()).statusCode).toBe(409);
  });
});
