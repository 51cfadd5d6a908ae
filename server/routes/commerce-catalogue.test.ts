import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWaiver } from '../../src/domain/fees';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { addStudent, coursesUrl } from './commerce.test-support';
import { seasonal } from '../seed/commerce';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const get = (url: string, authorization?: string) =>
  t.call({ method: 'GET', url, headers: authorization ? { authorization } : {} });

const waive = (roll: string, w: Record<string, string>) =>
  t.db
    .insertInto('commerce_fee_waivers')
    .values({
      roll_number: roll,
      admfee: w.admfee ?? 'Chargeable',
      tuitionfee: w.tuitionfee ?? 'Chargeable',
      technology_examination_fee: w.tech ?? 'Chargeable',
      classroom_service: w.classroom ?? 'Chargeable',
      updated_at: t.clock.now().toISOString(),
    })
    .execute();

describe('GET /api/courses/:class/:stream/:branch_code/:roll_number/:mobile_number', () => {
  it('lists the courses of the student class and stream with the fee breakup and flags', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const response = await get(coursesUrl(s), s.authorization);
    expect(response.statusCode).toBe(200);
    const data = response.data.data as Record<string, unknown>[];
    expect(data.map((c) => c.product_id)).toEqual(['NEET-C11-2Y']);
    expect(data[0]).toMatchObject({
      product_title: seasonal('Two Year Integrated Classroom Course for NEET 2027', t.clock.now()),
      product_course_term: seasonal('2025-2027', t.clock.now()),
      course_category: 'Medical',
      class: '11',
      stream: 'SOM',
      purchased: 0,
      registration_fees: 2000,
      fee_label: 'Registration Fee',
      total_fee: 194000,
      list_total: 194000,
      total_savings: 0,
      course_content_cta: '/api/course-content/NEET-C11-2Y',
    });
    expect(data[0]?.price_breakup).toEqual({
      'Registration Fee': { key: 'Registration Fee', value: 2000, strike_value: null },
      'Admission Kit & Digital Access': {
        key: 'Admission Kit & Digital Access',
        value: 15000,
        strike_value: null,
      },
      'Tuition Fee': { key: 'Tuition Fee', value: 145000, strike_value: null },
      'Tech + Exam Fee': { key: 'Tech + Exam Fee', value: 12000, strike_value: null },
      'Classroom Fee Service': { key: 'Classroom Fee Service', value: 20000, strike_value: null },
    });
    expect((data[0]?.course_feature as string[]).length).toBeGreaterThan(2);
    expect(response.data.flags).toEqual({
      course_purchased: 0,
      // The dashboard's flags (one shape, one source): Start Now waits for a purchase.
      product: 'iacst',
      enable_my_product_status: 0,
      guided_journey_message: expect.stringContaining('Pay the registration fee'),
      guided_journey_sub_message: expect.stringContaining('Freebies'),
      scholarship_course_purchased_msg: '',
      term_condition_link: '/iacst-scholarship/terms-conditions',
      privacy_policy_link: 'https://www.example.com/privacy-policy',
      iacst_download_prosp: '/api/prospectus?exam_type=iACST',
      preadmission_url: 'https://www.example.com/pre-admission',
    });
  });

  it("applies the student's third-party waiver record with the spec's arithmetic", async () => {
    const s = await addStudent(t, { class_stream: '11&SOE' });
    await waive(s.roll_number, { admfee: '0', tuitionfee: '33%', tech: '100', classroom: 'Chargeable' });
    const { data } = await get(coursesUrl(s), s.authorization);
    const [course] = data.data as Record<string, unknown>[];
    expect(course?.product_id).toBe('JEE-C11-2Y');
    expect(course?.price_breakup).toMatchObject({
      // '0' is listed apart from the percents: the component costs 0 (decision 013).
      'Admission Kit & Digital Access': { value: 0, strike_value: 15000 },
      'Tuition Fee': { value: 100500, strike_value: 150000 }, // 150000 − 49500
      'Tech + Exam Fee': { value: 0, strike_value: 12000 },
      'Classroom Fee Service': { value: 20000, strike_value: null },
    });
    expect(course).toMatchObject({
      registration_fees: 2000, // a classroom branch charges the registration fee now
      total_fee: 2000 + 0 + 100500 + 0 + 20000,
      list_total: 199000,
      total_savings: 199000 - 122500,
    });
  });

  it('at the digital-only branch IC006 charges the whole course fee after waivers', async () => {
    const s = await addStudent(t, { class_stream: '12&SOM', branch_code: 'IC006' });
    await waive(s.roll_number, { tuitionfee: '50%', admfee: '12.5%' });
    const { data } = await get(coursesUrl(s), s.authorization);
    const courses = data.data as Record<string, unknown>[];
    expect(courses.map((c) => c.product_id)).toEqual(['DIG-NEET-C12']);
    const expected = applyWaiver(
      {
        'Registration Fee': 1000,
        'Admission Kit & Digital Access': 8000,
        'Tuition Fee': 45000,
        'Tech + Exam Fee': 6000,
      },
      { tuitionfee: '50%', admfee: '12.5%' },
    );
    expect(courses[0]).toMatchObject({
      fee_label: 'Course Fee',
      registration_fees: expected.total,
      total_fee: 1000 + 7000 + 22500 + 6000,
      total_savings: expected.savings,
    });
    expect(courses[0]?.price_breakup).not.toHaveProperty('Classroom Fee Service');
    expect((data.flags as Record<string, unknown>).guided_journey_message).toContain('course fee');
  });

  it('lists the courses of the main exam career type first, without hiding others', async () => {
    const s = await addStudent(t, { class_stream: '9&SOF' });
    const plain = await get(coursesUrl(s), s.authorization);
    const ids = (plain.data.data as { product_id: string }[]).map((c) => c.product_id);
    expect(ids).toEqual(['FND-C9-2Y', 'FND-C9-1Y']);
    const other = await get(coursesUrl(s, '?career_type=NEET'), s.authorization);
    expect((other.data.data as { product_id: string }[]).map((c) => c.product_id)).toEqual(ids);
  });

  it('answers an empty list (not an error) when nothing is offered', async () => {
    const s = await addStudent(t, { class_stream: '5&SOF' });
    const response = await get(coursesUrl(s), s.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      success: 'true',
      msg: 'No Courses Available for this user',
      data: [],
    });
    expect(response.data.flags).toMatchObject({ course_purchased: 0, enable_my_product_status: 0 });
  });

  it('refuses path values that are not the logged-in student (403)', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM' });
    const other = await addStudent(t, { class_stream: '11&SOM' });
    for (const url of [
      coursesUrl({ ...s, roll_number: other.roll_number }),
      coursesUrl({ ...s, mobile: other.mobile }),
      coursesUrl({ ...s, class_stream: '12&SOM' }),
      coursesUrl({ ...s, class_stream: '11&SOE' }),
      coursesUrl({ ...s, branch_code: 'MH001' }),
    ]) {
      const response = await get(url, s.authorization);
      expect(response.statusCode, url).toBe(403);
      expect(response.data).toEqual({
        success: 'false',
        msg: 'These details do not match the logged-in student.',
      });
    }
  });

  it('needs a session', async () => {
    const s = await addStudent(t);
    expect((await get(coursesUrl(s))).statusCode).toBe(401);
    expect((await get(coursesUrl(s), 'Bearer not-a-real-token-at-all-000000')).statusCode).toBe(401);
  });

  it.each([
    ['/api/courses/11/XYZ/DL001/259900000001/9899000011', 'stream'],
    ['/api/courses/11/SOM/dl001/259900000001/9899000011', 'branch_code'],
    ['/api/courses/11/SOM/DL001/2599000000/9899000011', 'roll_number'],
    ['/api/courses/11/SOM/DL001/259900000001/0899000011', 'mobile_number'],
    ["/api/courses/11'%20OR%201=1/SOM/DL001/259900000001/9899000011", 'class'],
    ['/api/courses/%3Cscript%3E/SOM/DL001/259900000001/9899000011', 'class'],
    ['/api/courses/11/SOM/DL001/259900000001/9899000011?career_type=%3Cscript%3E', 'career_type'],
    ['/api/courses/11/SOM/DL001/259900000001/9899000011?career_type=%E2%80%AENEET', 'career_type'],
    ['/api/courses/11/SOM/DL001/259900000001/9899000011?admin=1', 'admin'],
  ])('rejects %s with a 400 naming %s', async (url, field) => {
    const s = await addStudent(t);
    const response = await get(url, s.authorization);
    expect(response.statusCode).toBe(400);
    expect(String(response.data.msg)).toContain(field);
  });
});

describe('GET /api/branches/:branch_code', () => {
  it('lists the centres of a branch with their codes, 4 phone numbers and coordinates', async () => {
    const response = await get('/api/branches/DL001');
    expect(response.statusCode).toBe(200);
    const data = response.data.data as Record<string, unknown>[];
    expect(data.map((b) => b.center_name)).toEqual([
      'RCC Delhi Central',
      'F+EC Delhi Connaught Place',
      'ALC Delhi Lajpat Nagar',
    ]);
    // The label the dashboard shows: the prefix stripped here, once (part 2 §3; decision 026).
    expect(data.map((b) => b.center_label)).toEqual([
      'Delhi Central',
      'Delhi Connaught Place',
      'Delhi Lajpat Nagar',
    ]);
    expect(data[0]).toEqual({
      center_name: 'RCC Delhi Central',
      center_label: 'Delhi Central',
      address: '8 Pusa Road, Karol Bagh, New Delhi 110005',
      contact_numbers: ['011-4762-3456', '011-4762-3457', '98100-00101', '98100-00102'],
      location_url: 'https://www.google.com/maps/search/?api=1&query=28.6448%2C77.1905',
      latitude: 28.6448,
      longitude: 77.1905,
    });
    for (const branch of data) {
      const numbers = branch.contact_numbers as string[];
      expect(numbers).toHaveLength(4);
      expect(new Set(numbers).size).toBe(4);
      for (const n of numbers) expect(n).toMatch(/^(011-\d{4}-\d{4}|98\d{3}-\d{5})$/);
    }
  });

  it('has a branch list for every seeded classroom branch code', async () => {
    for (const code of [
      'DL001',
      'DL002',
      'MH001',
      'KA001',
      'TN001',
      'WB001',
      'TS001',
      'GJ001',
      'UP001',
      'RJ001',
    ]) {
      const { data } = await get(`/api/branches/${code}`);
      expect((data.data as unknown[]).length, code).toBeGreaterThan(0);
    }
  });

  it('has no branch list for the digital-only branch IC006', async () => {
    const response = await get('/api/branches/IC006');
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ success: 'true', msg: 'Our team will contact you soon.', data: [] });
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await get('/api/branches/ZZ999')).data).toEqual({
      success: 'false',
      msg: 'No branch has the code ZZ999.',
    });
    expect((await get('/api/branches/ZZ999')).statusCode).toBe(404);
    for (const bad of ['dl001', 'DL0011', "DL001'--", '%3Cb%3E', 'DL%00001'])
      expect((await get(`/api/branches/${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('GET /api/payment-options/:branch_code', () => {
  it('answers the centre options as value → label', async () => {
    const delhi = await get('/api/payment-options/DL001');
    expect(delhi.statusCode).toBe(200);
    expect(delhi.data.data).toEqual({
      ccavenue: 'CCAvenue (cards, net banking, UPI)',
      paytm: 'Paytm (UPI, wallet, cards)',
    });
    const ahmedabad = await get('/api/payment-options/GJ001');
    expect(Object.keys(ahmedabad.data.data as object)).toEqual(['others', 'paytm']);
    expect(Object.keys((await get('/api/payment-options/IC006')).data.data as object)).toContain('ccavenue');
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await get('/api/payment-options/ZZ999')).statusCode).toBe(404);
    expect((await get('/api/payment-options/DL-01')).statusCode).toBe(400);
  });
});
