// Coupons are config documents (decision 049): one published in the Studio's workflow applies at
// once, its author alone cannot approve it (money), and its limit of uses holds when signups using
// it arrive at once. SQLite here; PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenForHttp,
  mockNeetSignupBody,
  registrationHeaders,
  testApp,
  type TestApp,
} from '../../tests/support/server-harness';
import { ContentError } from '../services/content/errors';
import { approve, publish, saveDraft, submitForReview, type Actor } from '../services/content/versions';

const START = new Date('2025-04-01T06:00:00Z');
const editor: Actor = { id: 'e', name: 'Esha', role: 'editor' };
const publisher: Actor = { id: 'p', name: 'Pia', role: 'publisher' };
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ start: START, config: { contentPollMs: 20 } });
});
afterAll(async () => t.close());

describe('a coupon published as a config document', () => {
  it('needs a second person, applies at once, and is used at most its limit, however many signups race', async () => {
    const path = 'coupons/week10.json';
    const coupon = {
      $schema: '../../schemas/config/coupon.schema.json',
      code: 'WEEK10',
      programmes: ['mock-neet'],
      discount: { percent: 10 },
      validFrom: '2025-03-01',
      validUntil: '2025-04-30',
      uses: 3,
    };
    const draft = await saveDraft(t.db, {
      path,
      content: JSON.stringify(coupon, null, 2),
      parent: null,
      actor: publisher,
      now: t.clock.now(),
    });
    expect(draft.touchesMoney).toBe(true);
    const version = { path, number: draft.number };
    await submitForReview(t.db, { ...version, actor: publisher, note: 'Campaign week' });
    await expect(approve(t.db, { ...version, actor: publisher })).rejects.toBeInstanceOf(ContentError);
    await approve(t.db, { ...version, actor: { ...editor, id: 'lead', role: 'admin' } });
    await publish(t.db, { ...version, actor: publisher, now: t.clock.now() });
    await expect.poll(() => t.app.ctx.site.coupons.WEEK10?.uses).toBe(3);

    // Six students with a verified mobile each submit with the coupon at the same moment.
    const mobiles = Array.from({ length: 6 }, (_, i) => `98224000${String(i).padStart(2, '0')}`);
    const headers: Record<string, string>[] = [];
    for (const mobile of mobiles) headers.push(await registrationHeaders(t, mobile, 'MOCK-NEET'));
    const http = await listenForHttp(t);
    const answers = await Promise.all(
      mobiles.map((mobile, i) =>
        http('POST', '/api/signup', mockNeetSignupBody(mobile, { coupon_code: 'week10' }), headers[i]),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    for (const a of ok) expect((a.body.data as { exam_fee: number }).exam_fee).toBe(180);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.msg).toBe('Error: Invalid Coupon');
    const used = await t.db
      .selectFrom('coupon_uses')
      .select('used')
      .where('code', '=', 'WEEK10')
      .executeTakeFirst();
    expect(used?.used).toBe(3);
  });
});
