// Coupons in the Studio (decision 049): the files list has them, with their discount, days and
// programmes; a coupon saved from the Studio is money in the change list (said in words) and its
// author cannot approve it; published, the registration card's coupon check gives the new discount.
// SQLite here; PostgreSQL with scripts/with-postgres.sh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApp, type ContentApp } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const NEET50 = 'coupons/neet50.json';

interface CouponRow {
  path: string;
  code: string;
  discount: { percent?: number; amount?: number };
  validFrom: string;
  validUntil: string;
  programmes: string[];
  classes: string[];
  leadTerm: string;
  uses: number | null;
  published: number | null;
}

const couponsListed = async () =>
  (await c.s.as(c.people.esha, { method: 'GET', url: '/studio/api/files' })).data.coupons as CouponRow[];

const checkCoupon = (code: string) =>
  c.t.call({
    method: 'POST',
    url: '/api/coupon/validate',
    payload: { exam_type: 'MOCK-NEET', coupon_code: code, class_stream: '12&SOM' },
    remoteAddress: '10.30.0.1',
    headers: { host: 'localhost:3000' },
  });

describe('coupons in the Studio', () => {
  it('lists every coupon by code with its discount, days, programmes and classes', async () => {
    const coupons = await couponsListed();
    expect(coupons.map((x) => x.code)).toEqual([...coupons.map((x) => x.code)].sort());
    expect(coupons.find((x) => x.path === NEET50)).toEqual({
      path: NEET50,
      code: 'NEET50',
      discount: { amount: 50 },
      validFrom: '2024-01-01',
      validUntil: '2030-12-31',
      programmes: ['mock-neet'],
      classes: [],
      leadTerm: '',
      uses: null,
      modified: expect.any(String),
      published: 1,
      openVersions: [],
    });
    expect(coupons.find((x) => x.code === 'JEEDROP')).toMatchObject({
      discount: { percent: 25 },
      classes: ['12-passed'],
    });
  });

  it('a coupon edit is money in words; its author cannot approve it; published, the card gets the new discount', async () => {
    const before = await checkCoupon('neet50');
    expect(before.data.data).toMatchObject({ exam_discount_amount: 50, exam_fee: 200 });

    const saved = await c.edit(c.people.pia, NEET50, (doc) => {
      doc.discount = { amount: 120 };
    });
    expect(saved.statusCode).toBe(200);
    const number = Number(saved.data.number);
    const history = await c.s.as(c.people.pia, { method: 'GET', url: `/studio/api/history?path=${NEET50}` });
    const version = (
      history.data.versions as { number: number; touchesMoney: boolean; changes: unknown[] }[]
    ).find((v) => v.number === number);
    expect(version?.touchesMoney).toBe(true);
    expect(version?.changes).toEqual([
      {
        kind: 'money',
        pointer: '/discount',
        label: 'Discount',
        before: '₹50 off',
        after: '₹120 off',
        money: true,
      },
    ]);
    // The listed coupon is still the published one, with its draft open.
    expect((await couponsListed()).find((x) => x.path === NEET50)).toMatchObject({
      discount: { amount: 50 },
      openVersions: [{ number, state: 'draft', author: 'Test publisher' }],
    });

    expect(
      (await c.post(c.people.pia, '/versions/submit', { path: NEET50, number, note: '' })).statusCode,
    ).toBe(200);
    const own = await c.post(c.people.pia, '/versions/approve', { path: NEET50, number });
    expect(own.statusCode).toBe(403);
    expect((await c.post(c.people.paul, '/versions/approve', { path: NEET50, number })).statusCode).toBe(200);
    expect((await c.post(c.people.paul, '/versions/publish', { path: NEET50, number })).statusCode).toBe(200);

    expect((await couponsListed()).find((x) => x.path === NEET50)).toMatchObject({
      discount: { amount: 120 },
      published: number,
    });
    const after = await checkCoupon('NEET50');
    expect(after.statusCode).toBe(200);
    expect(after.data.data).toEqual({ exam_discount_amount: 120, exam_fee: 200, amount_payable: 80 });
  });

  it('a new coupon from the Studio is a draft named by its code until it is published', async () => {
    const path = 'coupons/save10.json';
    const made = await c.s.as(c.people.esha, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: {
        path,
        baseVersion: null,
        content: {
          $schema: '../../schemas/config/coupon.schema.json',
          code: 'SAVE10',
          programmes: ['mock-neet'],
          discount: { percent: 10 },
          validFrom: '2027-01-01',
          validUntil: '2027-01-31',
        },
      },
    });
    expect(made.statusCode).toBe(200);
    const history = await c.s.as(c.people.esha, { method: 'GET', url: `/studio/api/history?path=${path}` });
    expect((history.data.versions as { changes: unknown[] }[])[0]?.changes).toEqual([
      { kind: 'setting', pointer: '', label: 'New coupon', after: 'SAVE10', money: true },
    ]);
    expect((history.data.versions as { touchesMoney: boolean }[])[0]?.touchesMoney).toBe(true);
    expect((await couponsListed()).find((x) => x.path === path)).toMatchObject({
      code: 'SAVE10',
      discount: { percent: 10 },
      published: null,
      openVersions: [{ state: 'draft' }],
    });
  });
});
