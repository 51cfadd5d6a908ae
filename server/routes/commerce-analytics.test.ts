import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { ANALYTICS_RULE } from './commerce/analytics';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const send = (payload: unknown, remoteAddress = '10.1.0.1') =>
  t.call({ method: 'POST', url: '/api/analytics', payload: payload as object, remoteAddress });
const count = async () => (await t.db.selectFrom('analytics_events').select('id').execute()).length;

describe('POST /api/analytics', () => {
  it('records an event without a session; the sandbox lists events newest first', async () => {
    const first = await send({
      name: 'fee_panel_open',
      exam_type: 'iACST',
      payload: { product_id: 'NEET-C11-2Y' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.data).toEqual({ success: 'true', msg: 'Event recorded.' });
    t.clock.advance(1000);
    await send({ name: 'fee_panel_close', exam_type: 'iACST', payload: { open: false } });
    await send({ name: 'prospectus_download' }); // exam type and payload are optional
    const all = await t.call({ method: 'GET', url: '/sandbox/analytics' });
    expect((all.data as unknown as { name: string }[]).map((e) => e.name)).toEqual([
      'prospectus_download',
      'fee_panel_close',
      'fee_panel_open',
    ]);
    const one = await t.call({ method: 'GET', url: '/sandbox/analytics?name=fee_panel_open' });
    expect(one.data).toEqual([
      {
        name: 'fee_panel_open',
        exam_type: 'iACST',
        payload: { product_id: 'NEET-C11-2Y' },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect((await t.call({ method: 'GET', url: '/sandbox/analytics?name=Bad-Name' })).statusCode).toBe(400);
  });

  it('stores odd strings inside the payload safely as JSON text', async () => {
    const odd = { note: 'a\u0000b\ud800c\u202e<script>', sql: "'; DROP TABLE analytics_events;--" };
    expect((await send({ name: 'odd_payload', payload: odd })).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('analytics_events')
      .select('payload')
      .where('name', '=', 'odd_payload')
      .executeTakeFirstOrThrow();
    expect(row.payload).not.toContain('\u0000');
    expect(JSON.parse(row.payload)).toMatchObject({ sql: odd.sql });
  });

  it.each([
    [{ name: 'Fee_Open' }, 400],
    [{ name: '' }, 400],
    [{ name: 'a'.repeat(65) }, 400],
    [{ name: 'fee-open' }, 400],
    [{ name: '<script>' }, 400],
    [{ name: "x' OR 1=1" }, 400],
    [{ name: 'fee_open\u200b' }, 400],
    [{ name: 42 }, 400],
    [{}, 400],
    [{ name: 'fee_open', payload: 'text' }, 400],
    [{ name: 'fee_open', payload: [1, 2] }, 400],
    [{ name: 'fee_open', exam_type: 'NOPE' }, 400],
    [{ name: 'fee_open', exam_type: '<b>' }, 400],
    [{ name: 'fee_open', extra: 1 }, 400],
    [{ name: 'fee_open', payload: { blob: 'x'.repeat(2100) } }, 413],
    [{ name: 'fee_open', payload: { blob: 'अ'.repeat(700) } }, 413], // 2100 bytes in UTF-8
  ])('rejects %j and stores nothing', async (body, status) => {
    const before = await count();
    const response = await send(body, '10.1.0.2');
    expect(response.statusCode).toBe(status);
    expect(response.data.success).toBe('false');
    expect(await count()).toBe(before);
  });

  it('accepts a payload of exactly 2 KB', async () => {
    const blob = 'x'.repeat(2048 - JSON.stringify({ blob: '' }).length);
    expect((await send({ name: 'big_payload', payload: { blob } }, '10.1.0.3')).statusCode).toBe(200);
  });

  it('limits events per address', async () => {
    for (let i = 0; i < ANALYTICS_RULE.lockAfter; i++)
      expect((await send({ name: 'spam' }, '10.1.0.9')).statusCode).toBe(200);
    const locked = await send({ name: 'spam' }, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect((await send({ name: 'spam' }, '10.1.0.10')).statusCode).toBe(200); // another address
    t.clock.advance(ANALYTICS_RULE.lockMs + 1);
    expect((await send({ name: 'spam' }, '10.1.0.9')).statusCode).toBe(200);
  });
});

describe('GET /sandbox/analytics with the sandbox off', () => {
  it('does not exist', async () => {
    const off = await testApp({ config: { sandbox: false } });
    try {
      const response = await off.call({ method: 'GET', url: '/sandbox/analytics' });
      expect(response.statusCode).toBe(404);
      expect(response.data).toEqual({ success: 'false', msg: 'The sandbox is off.' });
      // recording still works: analytics is not a sandbox feature
      expect(
        (await off.call({ method: 'POST', url: '/api/analytics', payload: { name: 'x' } })).statusCode,
      ).toBe(200);
    } finally {
      await off.close();
    }
  });
});
