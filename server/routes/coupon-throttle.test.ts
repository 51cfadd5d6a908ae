// Guessing coupon codes costs: 20 wrong codes from one address in 15 minutes lock that address
// (services/registration/coupons.ts). Its own app, so the lock does not reach the other coupon tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => t.close());

const coupon = (code: string, remoteAddress: string) =>
  t.call({
    method: 'POST',
    url: '/api/coupon/validate',
    payload: { exam_type: 'MOCK-NEET', coupon_code: code, class_stream: '12&SOM' },
    remoteAddress,
  });

describe('coupon guesses', () => {
  it('locks an address after 20 wrong codes, and only that address', async () => {
    for (let i = 0; i < 20; i += 1) expect((await coupon(`NOPE${i}`, '10.0.0.1')).statusCode).toBe(400);
    const locked = await coupon('neet50', '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(String(locked.data.msg)).toMatch(/minute/);
    expect((await coupon('neet50', '10.0.0.2')).statusCode).toBe(200);
  });

  it('100 wrong codes sent at once from one address: at most 20 are looked up', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => coupon(`BURST${i}`, '10.0.0.3')));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(80);
  });
});
