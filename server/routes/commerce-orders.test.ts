import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutErrors, firstInvalid } from '../../src/domain/checkout';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { isCoursePurchased, isMockPurchased } from '../services/commerce/purchases';
import { billingFormOf } from './commerce/checkout';
import { seasonal } from '../seed/commerce';
import {
  addStudent,
  coursesUrl,
  gateway,
  orderBody,
  postOrder,
  type TestStudent,
} from './commerce.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

type Authed = TestStudent & { authorization: string };

const order = (s: Authed, body: unknown) => postOrder(t, s, body);

const orderCount = async (studentId: string) =>
  (await t.db.selectFrom('orders').select('id').where('student_id', '=', studentId).execute()).length;

describe('POST /api/course-order', () => {
  it('creates an order for the server-computed fee, and a paid order records the purchase', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const response = await order(s, orderBody(s));
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ success: 'true', msg: expect.any(String) });
    const data = response.data.data as Record<string, unknown>;
    expect(data).toMatchObject({
      amount: 2000,
      TXN_AMOUNT: 2000,
      action_url: '/sandbox/gateway',
      redirect_url: '/dashboard',
      fields: { order_id: data.order_id, amount: '2000', payment_method: 'hdfc' },
    });
    const stored = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', String(data.order_id))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'course',
      product_id: 'NEET-C11-2Y',
      amount: 2000,
      status: 'created',
      // The programme version served when the order was made (decision 049).
      config_version: t.app.ctx.site.versions?.['programmes/iacst.json'],
    });
    expect(stored.config_version).toBeGreaterThan(0);
    expect(JSON.parse(stored.details)).toMatchObject({
      billing: { zip: '110070', father_name: 'Rakesh Verma' },
    });
    expect(await isCoursePurchased(t.db, s.id)).toBe(false);

    const back = await gateway(t, String(data.order_id), 'pay');
    expect(back.pathname).toBe('/dashboard');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('type')).toBe('iacstecomm');
    expect(await isCoursePurchased(t.db, s.id)).toBe(true);

    const courses = await t.call({
      method: 'GET',
      url: coursesUrl(s),
      headers: { authorization: s.authorization },
    });
    expect((courses.data.data as { purchased: number }[])[0]?.purchased).toBe(1);
    // The dashboard's flags (one shape, one source): purchased, Start Now enabled.
    expect(courses.data.flags).toMatchObject({
      course_purchased: 1,
      enable_my_product_status: 1,
      guided_journey_message: expect.stringContaining('Your course registration is complete'),
    });

    const again = await order(s, orderBody(s));
    expect(again.statusCode).toBe(409);
    expect(again.data.msg).toBe('You have already registered for this course.');
  });

  it('a paid course sends the confirmation the success page promises: one SMS and one e-mail', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const created = await order(s, orderBody(s));
    const id = String((created.data.data as { order_id: string }).order_id);
    const sms = async () =>
      (await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${s.mobile}` })).data as unknown as {
        text: string;
      }[];
    const mail = async () =>
      (await t.call({ method: 'GET', url: `/sandbox/emails?to=${encodeURIComponent(s.email)}` }))
        .data as unknown as { subject: string; text: string }[];
    expect(await sms()).toEqual([]);
    expect(await mail()).toEqual([]);
    await gateway(t, id, 'pay');
    const texts = await sms();
    expect(texts.map((m) => m.text)).toEqual([
      `Demo Academy: payment of Rs 2,000 received for ${seasonal('Two Year Integrated Classroom Course for NEET 2027', t.clock.now())}. Order ID ${id}.`,
    ]);
    const mails = await mail();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Demo Academy: payment received (order ${id})`);
    expect(mails[0]?.text).toContain('We have received your payment of Rs 2,000');
    // The gateway's confirmation again (a retry) sends nothing more.
    await gateway(t, id, 'pay').catch(() => undefined);
    expect(await sms()).toHaveLength(1);
    expect(await mail()).toHaveLength(1);
  });

  it('a failed payment sends no confirmation', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const created = await order(s, orderBody(s));
    await gateway(t, String((created.data.data as { order_id: string }).order_id), 'fail');
    const { data } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${s.mobile}` });
    expect(data).toEqual([]);
    const emails = await t.call({ method: 'GET', url: `/sandbox/emails?to=${encodeURIComponent(s.email)}` });
    expect(emails.data).toEqual([]);
  });

  it('a failed or cancelled payment records no purchase, and the student may try again', async () => {
    const s = await addStudent(t, { class_stream: '12&SOE' });
    const body = orderBody(s, {
      product_id: 'JEE-C12-1Y',
      product_course_term: seasonal('2025-2026', t.clock.now()),
    });
    const first = await order(s, body);
    const back = await gateway(t, String((first.data.data as { order_id: string }).order_id), 'fail');
    expect(back.searchParams.get('status')).toBe('failure');
    expect(back.searchParams.get('type')).toBe('iacstecomm');
    const second = await order(s, body);
    await gateway(t, String((second.data.data as { order_id: string }).order_id), 'cancel');
    expect(await isCoursePurchased(t.db, s.id)).toBe(false);
    expect((await order(s, body)).statusCode).toBe(200);
  });

  it('charges the whole course fee after waivers at IC006', async () => {
    const s = await addStudent(t, { class_stream: '11&SOE', branch_code: 'IC006' });
    await t.db
      .insertInto('commerce_fee_waivers')
      .values({
        roll_number: s.roll_number,
        admfee: 'Chargeable',
        tuitionfee: '50%',
        technology_examination_fee: '100%',
        classroom_service: '0',
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
    const response = await order(
      s,
      orderBody(s, {
        product_id: 'DIG-JEE-C11',
        product_course_term: seasonal('2025-2027', t.clock.now()),
        payment_method: 'hdfc',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect((response.data.data as { amount: number }).amount).toBe(1000 + 8000 + 31000 + 0);
  });

  it('accepts only the centre payment methods (hdfc where it offers ccavenue, else others)', async () => {
    const delhi = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const others = await order(delhi, orderBody(delhi, { payment_method: 'others' }));
    expect(others.statusCode).toBe(400);
    expect(others.data).toEqual({
      success: 'false',
      msg: 'This payment method is not available at your centre.',
      data: { field: 'payment_method' },
    });
    const gujarat = await addStudent(t, { class_stream: '11&SOM', branch_code: 'GJ001' });
    expect((await order(gujarat, orderBody(gujarat, { payment_method: 'hdfc' }))).statusCode).toBe(400);
    expect((await order(gujarat, orderBody(gujarat, { payment_method: 'others' }))).statusCode).toBe(200);
  });

  it.each([
    [{ father_name: '' }, 'father_name', 'Father name is required'],
    [{ father_name: '   ' }, 'father_name', 'Father name is required'],
    [{ father_name: 'R' }, 'father_name', 'Minimum length should be 2'],
    [{ father_name: 'R'.repeat(61) }, 'father_name', 'Maximum 60 characters are allowed'],
    [{ father_name: 'Rakesh2 Verma' }, 'father_name', 'Only alphabets are allowed'],
    [{ father_name: 'Rakesh 2 Verma' }, 'father_name', 'Only alphabets are allowed'],
    [{ billing_address: '' }, 'billing_address', 'Billing address is required'],
    [{ billing_zip: '' }, 'billing_zip', 'Pincode is required'],
    [{ billing_zip: '11007' }, 'billing_zip', 'Pincode must be 6 characters long'],
    [{ billing_zip: '11007a' }, 'billing_zip', 'Pincode must be 6 characters long'],
    [{ billing_city: '' }, 'billing_city', 'City is required'],
    [{ billing_state: '' }, 'billing_state', 'State must be selected'],
    [{ billing_email: 'ishita@' }, 'billing_email', 'Enter a valid email address'],
    [
      { billing_name: 'Ishita <b>' },
      'billing_name',
      'Enter a valid billing name (letters, spaces and dots).',
    ],
    [
      { billing_address: '<script>alert(1)</script>' },
      'billing_address',
      'Billing address contains characters that are not allowed.',
    ],
    [
      { billing_address: "12 Main Rd'; DROP TABLE orders;--" },
      'billing_address',
      'Billing address contains characters that are not allowed.',
    ],
    [
      { billing_address: 'Flat 12\u202e, Block C' },
      'billing_address',
      'Billing address contains characters that are not allowed.',
    ],
    [
      { billing_address: 'Flat 12\u0000 Block C' },
      'billing_address',
      'Billing address contains characters that are not allowed.',
    ],
    [{ billing_city: 'Delhi\u200b' }, 'billing_city', 'City contains characters that are not allowed.'],
    [{ billing_city: 'D'.repeat(61) }, 'billing_city', 'City must be at most 60 characters long.'],
  ])('checks the billing details like the checkout form: %j', async (overrides, field, msg) => {
    const s = await addStudent(t);
    const response = await order(s, orderBody(s, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.data).toMatchObject({ success: 'false', msg, data: { field } });
    expect(await orderCount(s.id)).toBe(0);
  });

  // The order post is checked with the checkout form's own rule (src/domain/checkout.ts),
  // so the form and the server accept and refuse the same billing details, with the same message key.
  it.each([
    [
      'a pincode starting with 0 (part 2 §5: required and six digits, nothing more)',
      { billing_zip: '011001' },
    ],
    ['a plain address', {}],
    ['an address in an Indian script', { billing_address: 'फ्लैट 12, ब्लॉक सी', billing_state: 'दिल्ली' }],
    ['a father name with a trailing space', { father_name: 'Rakesh Verma ' }],
    ['a short pincode', { billing_zip: '11007' }],
    ['a pincode with a letter', { billing_zip: '11007a' }],
    ['a seven-digit pincode', { billing_zip: '1100011' }],
    ['a pincode with a space', { billing_zip: '110 01' }],
    ['a father name with a digit', { father_name: 'R2' }],
    ['a father name of one letter', { father_name: 'R' }],
    ['an address with markup', { billing_address: '<b>12</b> Road' }],
    ['a city with a semicolon', { billing_city: 'Delhi;' }],
    ['a state too long', { billing_state: 'S'.repeat(61) }],
    ['an empty city', { billing_city: ' ' }],
  ])('the form and the server agree on %s', async (_what, overrides) => {
    const s = await addStudent(t);
    const body = { ...orderBody(s), ...overrides };
    const formErrors = checkoutErrors(billingFormOf(body));
    const field = firstInvalid(formErrors);
    const response = await order(s, body);
    if (field === undefined) expect(response.statusCode, JSON.stringify(response.data)).toBe(200);
    else {
      expect(response.statusCode).toBe(400);
      expect((response.data.data as { key?: string }).key).toBe(formErrors[field]);
    }
  });

  it('accepts addresses in Indian scripts', async () => {
    const s = await addStudent(t);
    const response = await order(
      s,
      orderBody(s, { billing_address: 'फ्लैट 12, ब्लॉक सी, वसंत कुंज', billing_state: 'दिल्ली' }),
    );
    expect(response.statusCode).toBe(200);
  });

  it("checks the mobile by the location's country (part 2 §5): a UAE number of 9 or 10 digits is accepted", async () => {
    const uae = await addStudent(t, { mobile: '501234567' });
    const accepted = await order(uae, orderBody(uae, { country_code: 'AE' }));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.data.success).toBe('true');

    const abroad = await addStudent(t, { mobile: '07911123456' });
    expect((await order(abroad, orderBody(abroad, { country_code: 'GB' }))).statusCode).toBe(200);

    // India (the default without a country) wants exactly 10 digits; AE at most 10.
    const nine = await addStudent(t, { mobile: '501234568' });
    for (const overrides of [{}, { country_code: 'IN' }]) {
      const refused = await order(nine, orderBody(nine, overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.data).toMatchObject({
        msg: 'Enter a valid mobile number',
        data: { field: 'mobile_no', key: 'validation.phone.invalid' },
      });
    }
    const eleven = await addStudent(t, { mobile: '50123456789' });
    const refused = await t.call({
      method: 'POST',
      url: '/api/course-order',
      payload: orderBody(eleven, { country_code: 'AE' }),
      headers: { authorization: eleven.authorization, 'accept-language': 'hi' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.msg).toBe('मान्य मोबाइल नंबर दर्ज करें');
    expect(await orderCount(nine.id)).toBe(0);
    expect(await orderCount(eleven.id)).toBe(0);
  });

  it('refuses details of another student (403)', async () => {
    const s = await addStudent(t);
    const other = await addStudent(t);
    for (const overrides of [
      { roll_number: other.roll_number },
      { sf_id: other.sf_id },
      { mobile_no: other.mobile },
      { center_code: 'MH001' },
      { student_stream: 'SOE' },
    ]) {
      const response = await order(s, orderBody(s, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(403);
    }
    expect(await orderCount(s.id)).toBe(0);
  });

  it('answers 404 for a course the student is not offered', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM' });
    for (const overrides of [
      { product_id: 'NOPE-123' },
      { product_id: 'JEE-C11-2Y' }, // another stream
      { product_id: 'DIG-NEET-C11' }, // another branch's channel
      { product_course_term: '2024-2026' },
    ]) {
      const response = await order(s, orderBody(s, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(404);
      expect(response.data.msg).toBe('This course is not available for you.');
    }
  });

  it.each([
    [{ amount: 1 }, 'amount'],
    [{ roll_number: 250000000001 }, 'roll_number'],
    [{ product_id: "NEET' OR 1=1" }, 'product_id'],
    [{ billing_address: 'x'.repeat(201) }, 'billing_address'],
    [{ payment_method: 'HDFC<script>' }, 'payment_method'],
    [{ product_course_term: '2025–2027' }, 'product_course_term'],
    [{ father_name: null }, 'father_name'],
  ])('rejects malformed input %j with a 400 and stores nothing', async (overrides, field) => {
    const s = await addStudent(t);
    const response = await order(s, orderBody(s, overrides));
    expect(response.statusCode).toBe(400);
    expect(String(response.data.msg)).toContain(field);
    expect(await orderCount(s.id)).toBe(0);
  });

  it('rejects a missing field, a non-JSON body and an anonymous caller', async () => {
    const s = await addStudent(t);
    const { father_name: _dropped, ...missing } = orderBody(s);
    expect((await order(s, missing)).statusCode).toBe(400);
    const text = await t.call({
      method: 'POST',
      url: '/api/course-order',
      payload: '{"roll_number":',
      headers: { authorization: s.authorization, 'content-type': 'application/json' },
    });
    expect(text.statusCode).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/course-order', payload: orderBody(s) })).statusCode,
    ).toBe(401);
    expect(await orderCount(s.id)).toBe(0);
  });
});

describe('GET /api/mock-payment', () => {
  const mock = (s: Authed | null, query: string) =>
    t.call({
      method: 'GET',
      url: `/api/mock-payment${query}`,
      headers: s ? { authorization: s.authorization } : {},
    });

  it('creates the 50-rupee order of the 4-paper pack; paying it marks the pack bought', async () => {
    const s = await addStudent(t);
    const response = await mock(s, '?payment_mode=hdfc&payment_type=exam&branch_code=DL001');
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ success: 'true', msg: expect.stringContaining('(4 papers)') });
    const data = response.data.data as Record<string, unknown>;
    expect(data).toMatchObject({ amount: 50, TXN_AMOUNT: 50, redirect_url: '/dashboard' });
    expect(data.fields).toMatchObject({ payment_method: 'hdfc', amount: '50' });
    expect(await isMockPurchased(t.db, s.id)).toBe(false);
    const back = await gateway(t, String(data.order_id), 'pay');
    expect(back.searchParams.get('status')).toBe('success');
    expect(await isMockPurchased(t.db, s.id)).toBe(true);
    expect(await isCoursePurchased(t.db, s.id)).toBe(false);
    const again = await mock(s, '?payment_type=exam');
    expect(again.statusCode).toBe(409);
  });

  it('pays by paytm when no payment mode is given', async () => {
    const s = await addStudent(t);
    const response = await mock(s, '?payment_type=exam');
    expect((response.data.data as { fields: Record<string, string> }).fields.payment_method).toBe('paytm');
  });

  it.each([
    ['?payment_mode=bitcoin&payment_type=exam', 'Please choose a valid payment method.'],
    ['?payment_mode=paytm&payment_type=course', 'payment_type'],
    ['?payment_mode=paytm', 'payment_type'],
    ['?payment_mode=PAYTM&payment_type=exam', 'payment_mode'],
    ['?payment_type=exam&branch_code=%3Cscript%3E', 'branch_code'],
    ['?payment_type=exam&amount=1', 'amount'],
  ])('rejects %s with a 400', async (query, text) => {
    const s = await addStudent(t);
    const response = await mock(s, query);
    expect(response.statusCode).toBe(400);
    expect(String(response.data.msg)).toContain(text);
    expect(await orderCount(s.id)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await mock(null, '?payment_type=exam')).statusCode).toBe(401);
  });
});
