// Every demo student's dashboard, course fee breakup, course order and result page
// agree — the scholarship the banner announces is the percent the breakup applies and the order
// charges (part 2 §2 "Course flags", §3 fee breakup, §9 fee waiver; part 1 §9), and the course and
// pack flags are read from purchase rows. Real server, real SQLite, every call through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_COMPONENTS, type FeeComponent } from '../../src/domain/fees';
import { loadConfig } from '../../src/engine/node/validate-config';
import { configDir } from '../../src/engine/node/paths';
import { demoStudents } from '../seed/demo-students';
import { testApp, type TestApp } from '../../tests/support/server-harness';

// 10:00 in India: every demo state (results released, offline test windows) holds.
const START = new Date('2026-03-10T04:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
interface FeeCell {
  key: string;
  value: number;
  strike_value: number | null;
}
interface Course {
  product_id: string;
  product_course_term: string;
  purchased: number;
  amount_paid: number | null;
  registration_fees: number;
  fee_label: string;
  total_fee: number;
  list_total: number;
  total_savings: number;
  price_breakup: Record<string, FeeCell>;
}

const programmes = Object.values(loadConfig(configDir()).programmes);
const waivedBy = (examType: string): readonly FeeComponent[] =>
  programmes.find((p) => p.examType === examType)?.scholarship?.waives ?? [];

/** The list prices of a course, as seeded (the breakup's strike values hide unwaived ones). */
async function listPrices(productId: string): Promise<Partial<Record<FeeComponent, number>>> {
  const row = await t.db
    .selectFrom('commerce_courses')
    .select('price_list')
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.price_list) as Partial<Record<FeeComponent, number>>;
}

/** The key/value pairs of a result link (/iacst-result?data=<base64>), as the result page posts them. */
function pairsOf(resultUrl: string): Record<string, string> {
  const data = decodeURIComponent(resultUrl.replace(/^.*\?data=/, ''));
  return Object.fromEntries(new URLSearchParams(Buffer.from(data, 'base64').toString()));
}

interface Walk {
  roll: string;
  percent: number;
  /** What the breakup of the first course charges in all, and what its order charges now. */
  total: number;
  charged: number;
  resultPercent?: string;
  status?: string;
}

const walks: Walk[] = [];

describe('the fifteen demo students: dashboard, fee breakup, order and result agree', () => {
  it('walks every demo student from the banner to the order amount and the result page', async () => {
    expect(demoStudents).toHaveLength(15);
    for (const demo of demoStudents) {
      const roll = demo.roll_number;
      const { authorization } = await t.login(roll, demo.dob);
      const headers = { authorization };
      const dashboard = await t.call({ method: 'GET', url: '/api/dashboard', headers });
      expect(dashboard.statusCode, roll).toBe(200);
      const d = dashboard.data.data as Row & {
        class: string;
        stream: string;
        branch_code: string;
        scholarship_percentage: string;
        scholarship_msg: string;
        scholarship_offline_test_by?: string;
        digital_only: boolean;
        main_exam: Row[];
        static_data: { mock_purchased: boolean };
        course_flags: { course_purchased: number; scholarship_course_purchased_msg: string };
      };
      const percent = Number(d.scholarship_percentage);
      const profile = (await t.call({ method: 'GET', url: '/api/profile', headers })).data.data as Row;

      // Flags come from rows: a paid purchase row, never a hand-set state flag.
      const bought = await t.db
        .selectFrom('commerce_purchases')
        .innerJoin('orders', 'orders.id', 'commerce_purchases.order_id')
        .select(['commerce_purchases.kind', 'commerce_purchases.product_id', 'commerce_purchases.amount'])
        .where('commerce_purchases.student_id', '=', `demo-${roll}`)
        .where('orders.status', '=', 'paid')
        .execute();
      expect(d.course_flags.course_purchased, roll).toBe(bought.some((b) => b.kind === 'course') ? 1 : 0);
      expect(d.static_data.mock_purchased, roll).toBe(bought.some((b) => b.kind === 'mock'));
      const state = await t.db
        .selectFrom('exam_student_state')
        .select(['course_purchased', 'mock_purchased'])
        .where('student_id', '=', `demo-${roll}`)
        .executeTakeFirstOrThrow();
      expect(state, roll).toEqual({ course_purchased: 0, mock_purchased: 0 });

      // The course list: the banner's percent on every component the programme's scholarship
      // covers, price − round(price × percent); nothing struck when there is no scholarship.
      const path = [d.class, d.stream, d.branch_code, roll, String(profile.mobile_number)]
        .map(encodeURIComponent)
        .join('/');
      const list = await t.call({ method: 'GET', url: `/api/courses/${path}`, headers });
      expect(list.statusCode, roll).toBe(200);
      const courses = list.data.data as Course[];
      expect(courses.length, roll).toBeGreaterThan(0);
      const covers = waivedBy(demo.exam_type);
      for (const course of courses) {
        const prices = await listPrices(course.product_id);
        let total = 0;
        for (const key of FEE_COMPONENTS) {
          const price = prices[key];
          if (price === undefined) continue;
          const waived = percent > 0 && covers.includes(key);
          const value = waived ? price - Math.round((price * percent) / 100) : price;
          expect(course.price_breakup[key], `${roll} ${course.product_id} ${key}`).toEqual({
            key,
            value,
            strike_value: value < price ? price : null,
          });
          total += value;
        }
        expect(course.total_fee, roll).toBe(total);
        expect(course.total_savings, roll).toBe(course.list_total - total);
        expect(course.registration_fees, roll).toBe(
          d.digital_only ? total : course.price_breakup['Registration Fee']?.value,
        );
        expect(course.fee_label, roll).toBe(d.digital_only ? 'Course Fee' : 'Registration Fee');
        expect(course.purchased, roll).toBe(bought.some((b) => b.product_id === course.product_id) ? 1 : 0);
        // A bought course says what was paid (its purchase row), never an amount payable now.
        const paid = bought.find((b) => b.kind === 'course' && b.product_id === course.product_id);
        expect(course.amount_paid, roll).toBe(paid ? paid.amount : null);
      }

      // The order charges what the breakup says; a bought course was paid at that amount.
      const [course] = courses;
      if (!course) throw new Error(`${roll}: no course`);
      const order = await t.call({
        method: 'POST',
        url: '/api/course-order',
        headers,
        payload: {
          roll_number: roll,
          student_stream: d.stream,
          sf_id: String(profile.sf_id),
          payment_method: 'hdfc',
          billing_name: [profile.student_firstname, profile.student_lastname].filter(Boolean).join(' '),
          billing_address: '12 Park Street',
          billing_city: 'New Delhi',
          billing_state: 'Delhi',
          billing_zip: '110001',
          billing_email: String(profile.email),
          product_id: course.product_id,
          product_course_term: course.product_course_term,
          center_code: d.branch_code,
          mobile_no: String(profile.mobile_number),
          father_name: 'Ramesh Kumar',
        },
      });
      let charged: number;
      if (course.purchased) {
        expect(order.statusCode, roll).toBe(409);
        charged = bought.find((b) => b.product_id === course.product_id)?.amount ?? -1;
      } else {
        expect(order.statusCode, `${roll} ${order.body}`).toBe(200);
        charged = (order.data.data as { amount: number }).amount;
      }
      expect(charged, roll).toBe(course.registration_fees);

      // The result page: the same percent, status and next step as the banner.
      const main = d.main_exam[0];
      const walk: Walk = { roll, percent, total: course.total_fee, charged };
      if (main?.view_report === 1) {
        const reply = await t.call({
          method: 'POST',
          url: '/api/result',
          payload: pairsOf(String(main.report_link)),
          remoteAddress: `10.21.0.${Number(roll.slice(-2))}`,
        });
        expect(reply.statusCode, roll).toBe(200);
        const r = reply.data.data as Row;
        expect(r.ScholarshipPercentage, roll).toBe(d.scholarship_percentage);
        expect(r.scholarship_offline_test_by, roll).toBe(d.scholarship_offline_test_by);
        walk.resultPercent = String(r.ScholarshipPercentage);
        walk.status = String(r.Status);
        if (r.Status === 'Not Qualified') {
          // A Not Qualified student never reads that a scholarship applies.
          expect(percent, roll).toBe(0);
          expect(d.scholarship_msg, roll).not.toMatch(/scholarship|qualified/i);
          expect(String(r.result_message), roll).not.toMatch(/scholarship/i);
        } else {
          expect(d.scholarship_msg, roll).not.toMatch(/^Thank you/);
        }
        // The result's message speaks of the same fee as the banner (IC006: the course fee).
        if (percent > 0) {
          expect(String(r.result_message), roll).toContain(`${percent}% scholarship`);
          expect(String(r.result_message), roll).not.toMatch(/registration fee/i);
        }
      } else {
        expect(percent, roll).toBe(0);
        expect(d.scholarship_msg, roll).toBe('');
      }
      if (percent === 0) expect(d.course_flags.scholarship_course_purchased_msg, roll).toBe('');
      walks.push(walk);
    }

    // The students the issue names, by figure.
    const by = (suffix: string) => walks.find((w) => w.roll.endsWith(suffix));
    // 08, digital-only IC006, 75%: ₹45,000 by component → 1,000 + 2,000 + 7,500 + 1,500.
    expect(by('08')).toEqual({
      roll: '250000000008',
      percent: 75,
      total: 12000,
      charged: 12000,
      resultPercent: '75',
      status: 'Qualified',
    });
    // 05, 60% at a classroom branch: the breakup falls, the registration fee is paid now.
    expect(by('05')).toMatchObject({ percent: 60, total: 2000 + 6000 + 38000 + 4800 + 8000, charged: 2000 });
    // 07, 90%, course bought: paid at its registration fee.
    expect(by('07')).toMatchObject({ percent: 90, charged: 2000, resultPercent: '90' });
    // 10, IAT qualified without a scholarship programme: no percent anywhere.
    expect(by('10')).toMatchObject({ percent: 0, status: 'Qualified', resultPercent: '0' });
    expect(by('06')).toMatchObject({ percent: 0, status: 'Not Qualified' });
  });

  it('a scholarship above 80% names the offline test and its last day, on the dashboard and the result', async () => {
    const headers = await t.login('250000000007', '02/02/2008');
    const d = (await t.call({ method: 'GET', url: '/api/dashboard', headers })).data.data as Row;
    // Exam two days before the seed day (8 March 2026, India) + 15 days.
    expect(d.scholarship_offline_test_by).toBe('2026-03-23');
    const fifth = await t.login('250000000005', '30/04/2007');
    const d5 = (await t.call({ method: 'GET', url: '/api/dashboard', headers: fifth })).data.data as Row;
    expect(d5).not.toHaveProperty('scholarship_offline_test_by');
  });
});
