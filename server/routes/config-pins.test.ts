// A fee changed between a page load and a signup (decision 049): the page's programme version
// holds its fee for CONFIG_GRACE_HOURS after the newer publish, and the registration records the
// version it was made against; after that the signup asks for a reload. SQLite here; PostgreSQL
// with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mockNeetSignupBody,
  registrationHeaders,
  testApp,
  type TestApp,
} from '../../tests/support/server-harness';
import { approve, publish, readPublished, saveDraft, submitForReview } from '../services/content/versions';

const START = new Date('2025-04-01T06:00:00Z');
const PROGRAMME = 'programmes/mock-neet.json';
let t: TestApp;
let shown = 0;

beforeAll(async () => {
  t = await testApp({ start: START, config: { contentPollMs: 20 } });
});
afterAll(async () => t.close());

const LANDING = 'landings/mock-neet.json';
const VISITOR = 'pinned-visitor-0000001';

const signup = async (mobile: string, configVersion?: number, pageVersion?: number) =>
  t.call({
    method: 'POST',
    url: '/api/signup',
    headers: await registrationHeaders(t, mobile, 'MOCK-NEET'),
    payload: mockNeetSignupBody(mobile, {
      ...(configVersion ? { config_version: configVersion } : {}),
      ...(pageVersion
        ? {
            funnel: {
              visitor: VISITOR,
              variant: 'default',
              host: 'localhost',
              path: '/mock-neet-exam',
              locale: 'en',
              page_version: pageVersion,
            },
          }
        : {}),
    }),
  });

/** The programme version the registration and its order were made against (one, or undefined). */
const versionOf = async (mobile: string) => {
  const rows = await t.db
    .selectFrom('students')
    .leftJoin('orders', 'orders.student_id', 'students.id')
    .select(['students.config_version as registration', 'orders.config_version as order'])
    .where('mobile', '=', mobile)
    .execute();
  if (rows.length === 0) return undefined;
  expect(rows).toHaveLength(1);
  expect(rows[0]?.order).toBe(rows[0]?.registration);
  return rows[0]?.registration;
};

describe('the fee of the page the student saw', () => {
  it('holds after a publish changes it, for the grace period, and is recorded', async () => {
    const { texts, numbers } = await readPublished(t.db);
    shown = numbers.get(PROGRAMME) ?? 0;
    const doc = JSON.parse(texts.get(PROGRAMME) ?? '{}') as { fee: { amount: number } };
    expect(doc.fee.amount).toBe(200);
    doc.fee.amount = 300;
    const editor = { id: 'e', name: 'E', role: 'editor' as const };
    const draft = await saveDraft(t.db, {
      path: PROGRAMME,
      content: JSON.stringify(doc),
      parent: shown,
      actor: editor,
      now: t.clock.now(),
    });
    const version = { path: PROGRAMME, number: draft.number };
    await submitForReview(t.db, { ...version, actor: editor, note: 'New fee' });
    await approve(t.db, { ...version, actor: { id: 'p', name: 'P', role: 'publisher' } });
    await publish(t.db, { ...version, actor: { id: 'p', name: 'P', role: 'publisher' }, now: t.clock.now() });
    await expect.poll(() => t.app.ctx.site.programmes['mock-neet']?.fee.amount).toBe(300);

    // Opened before the publish: the page's fee; the registration, its order and its funnel step
    // record the versions the page was rendered from.
    const page = numbers.get(LANDING) ?? 0;
    expect(page).toBeGreaterThan(0);
    const before = await signup('9822300001', shown, page);
    expect(before.statusCode, before.body).toBe(200);
    expect((before.data.data as { exam_fee: number }).exam_fee).toBe(200);
    expect(await versionOf('9822300001')).toBe(shown);
    const orderId = (before.data.data as { payment_data: { order_id: string } }).payment_data.order_id;
    expect((await t.call({ method: 'POST', url: `/sandbox/gateway/${orderId}/pay` })).statusCode).toBe(303);
    const steps = await t.db
      .selectFrom('funnel_events')
      .select('page_version')
      .where('visitor', '=', VISITOR)
      .execute();
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.map((s) => s.page_version)).toEqual(steps.map(() => page));
    // Opened after it (or without a version): the new fee.
    const after = await signup('9822300002', draft.number);
    expect((after.data.data as { exam_fee: number }).exam_fee).toBe(300);
    expect(await versionOf('9822300002')).toBe(draft.number);
    const unversioned = await signup('9822300003');
    expect((unversioned.data.data as { exam_fee: number }).exam_fee).toBe(300);
  });

  it('asks for a reload once the grace period is over, in words', async () => {
    t.clock.advance(t.app.ctx.config.configGraceHours * 3_600_000);
    const late = await signup('9822300004', shown);
    expect(late.statusCode).toBe(409);
    expect(late.data.msg).toBe(
      'This page has changed since you opened it. Reload the page to see its new fee and dates: what you typed is kept.',
    );
    expect(await versionOf('9822300004')).toBeUndefined();
  });
});
