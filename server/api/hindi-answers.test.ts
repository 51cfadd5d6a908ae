// Every operation a student's page calls, asked its refusals with Accept-Language: hi, answers in
// Hindi: each msg has Devanagari and no Latin word but the names the config gives (programmes,
// brand, the paper pack) and the codes the request sent. The operations come from the API's own document,
// so a new one fails here
// until its refusals are listed (or it is named as one only other systems call).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const START = new Date('2025-04-01T06:00:00Z');
const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };

/** Operations only developers and other systems call: their texts may stay English (messages.ts). */
const NOT_A_STUDENT_PAGE = new Map([
  ['POST /api/payments/callback', "the payment gateway's signed callback"],
  ['POST /api/analytics', 'sent in the background; its answer is never shown'],
  ['POST /api/funnel/events', 'funnel steps sent in the background (sendBeacon); its answer is never shown'],
  ['POST /api/caller-identity', 'caller identity (its provider)'],
  ['GET /api/caller-identity/{requestId}', 'caller identity (its provider)'],
  ['GET /api/student-result', "the test platform's call, with its own token"],
  ['GET /api/student-result/iat', "the test platform's call, with its own token"],
  ['GET /health/live', "a load balancer's or process manager's check"],
  ['GET /health/ready', "a load balancer's or process manager's check (its 503 is worded, too)"],
]);

/** Operations a student's page calls that refuse nothing it can send (no body, query or session). */
const NOTHING_TO_REFUSE = new Map([
  ['GET /api/states', 'takes nothing'],
  ['GET /api/school-boards', 'takes nothing'],
  ['GET /api/geo/ip', "answers from the caller's address, never refuses"],
]);

type Answer = Awaited<ReturnType<TestApp['call']>>;
interface Case {
  /** METHOD and path as the API document names the operation. */
  op: string;
  why: string;
  ask: () => Promise<Answer>;
}

let t: TestApp;
let allowedLatin: RegExp;
const sessions = new Map<string, Record<string, string>>();

/** A demo student's Authorization header (demo-students.json). */
async function as(roll: string, dob: string): Promise<Record<string, string>> {
  const known = sessions.get(roll);
  if (known) return known;
  const header = await t.login(roll, dob);
  sessions.set(roll, header);
  return header;
}
const upcoming = () => as('250000000001', '05/01/2008');
const today = () => as('250000000002', '14/03/2011');
const missed = () => as('250000000003', '22/07/2007');
const awaited = () => as('250000000004', '09/11/2008');
const offlineIat = () => as('250000000009', '25/06/2011');
const mockJee = () => as('250000000013', '28/10/2006');
const packBought = () => as('250000000014', '15/02/2012');

const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  session?: () => Promise<Record<string, string>>,
): Promise<Answer> =>
  t.call({ method, url, payload, headers: { ...HINDI, ...(session ? await session() : {}) } });

async function studentRow(roll: string) {
  return t.db.selectFrom('students').selectAll().where('roll_number', '=', roll).executeTakeFirstOrThrow();
}

/** A course order for demo student 250000000001 with its own details, any field overridden. */
async function courseOrder(overrides: Record<string, unknown>) {
  const s = await studentRow('250000000001');
  return {
    roll_number: s.roll_number,
    student_stream: s.class_stream.split('&')[1],
    sf_id: s.sf_id,
    payment_method: 'hdfc',
    billing_name: 'Aarav Sharma',
    billing_address: 'Flat 12, Block C, Vasant Kunj',
    billing_city: 'New Delhi',
    billing_state: 'Delhi',
    billing_zip: '110070',
    billing_email: s.email,
    product_id: 'NEET-C11-2Y',
    product_course_term: '2025-2027',
    center_code: s.branch_code,
    mobile_no: s.mobile,
    father_name: 'Rakesh Sharma',
    ...overrides,
  };
}

const cases: Case[] = [
  // Login and the session
  {
    op: 'POST /api/login',
    why: 'wrong password',
    ask: () => call('POST', '/api/login', { roll_number: '250000000001', date_of_birth: '01/01/2001' }),
  },
  { op: 'POST /api/login', why: 'no password', ask: () => call('POST', '/api/login', { roll_number: 'x' }) },
  { op: 'GET /api/session', why: 'no session', ask: () => call('GET', '/api/session') },
  { op: 'POST /api/logout', why: 'no session', ask: () => call('POST', '/api/logout') },
  // Recovery
  {
    op: 'POST /api/recover/otp',
    why: 'unknown mobile',
    ask: () => call('POST', '/api/recover/otp', { login_id: '9000000000' }),
  },
  {
    op: 'POST /api/recover/otp',
    why: 'unknown roll number',
    ask: () => call('POST', '/api/recover/otp', { login_id: '259999999999' }),
  },
  {
    op: 'POST /api/recover/verify',
    why: 'no OTP asked',
    ask: () =>
      call('POST', '/api/recover/verify', {
        login_id: '9000000000',
        otp: '1234',
        otp_id: 'none',
        resendUserDetails: false,
      }),
  },
  // Registration: OTP, leads, coupon, signup
  {
    op: 'POST /api/otp/send',
    why: 'a number starting with 0',
    ask: () => call('POST', '/api/otp/send?mobile=0123456789&exam_type=MOCK-NEET'),
  },
  {
    op: 'POST /api/otp/send',
    why: 'unknown exam type',
    ask: () => call('POST', '/api/otp/send?mobile=9833300011&exam_type=NOPE'),
  },
  {
    op: 'POST /api/otp/verify',
    why: 'no OTP asked',
    ask: () => call('POST', '/api/otp/verify?mobile_no=9833300012&otp=1234&exam_type=MOCK-NEET'),
  },
  {
    op: 'GET /api/leads',
    why: 'not verified',
    ask: () => call('GET', '/api/leads?mobile_no=9833300013&exam_type=MOCK-NEET'),
  },
  {
    op: 'PUT /api/registration/draft',
    why: 'not verified',
    ask: () =>
      call('PUT', '/api/registration/draft', { registration_page: 'MOCK-NEET', draft: { student: {} } }),
  },
  {
    op: 'GET /api/leads/by-sf-id',
    why: 'unknown link',
    ask: () => call('GET', '/api/leads/by-sf-id?sf_id=no-such-link'),
  },
  {
    op: 'GET /api/leads/by-sf-id',
    why: 'a completed registration',
    ask: async () => call('GET', `/api/leads/by-sf-id?sf_id=${(await studentRow('250000000001')).sf_id}`),
  },
  {
    op: 'POST /api/coupon/validate',
    why: 'invalid coupon',
    ask: () =>
      call('POST', '/api/coupon/validate', {
        exam_type: 'MOCK-NEET',
        coupon_code: 'NOPE',
        class_stream: '12&SOM',
      }),
  },
  {
    op: 'POST /api/coupon/validate',
    why: 'empty coupon',
    ask: () =>
      call('POST', '/api/coupon/validate', {
        exam_type: 'MOCK-NEET',
        coupon_code: ' ',
        class_stream: '12&SOM',
      }),
  },
  { op: 'POST /api/signup', why: 'nothing filled', ask: () => call('POST', '/api/signup', {}) },
  {
    op: 'POST /api/signup',
    why: 'not verified',
    ask: () =>
      call('POST', '/api/signup?exam_type=MOCK-NEET', {
        student_name: 'Aarav Sharma',
        student_email: 'aarav@example.com',
        student_dob: '05/01/2008',
        student_mobile_no: '9833300014',
        class_stream: '12&SOM',
        exam_mode: 'Online',
        registration_page: 'mock-neet',
      }),
  },
  // Lists and places
  {
    op: 'GET /api/master',
    why: 'centres before the state',
    ask: () => call('GET', '/api/master?masterKey=exam_center_master&exam_mode=Online'),
  },
  {
    op: 'GET /api/master',
    why: 'centres before the slot',
    ask: () => call('GET', '/api/master?masterKey=exam_center_master&masterKeyId=9'),
  },
  { op: 'GET /api/schools/{city}', why: 'unknown city', ask: () => call('GET', '/api/schools/Atlantis') },
  {
    op: 'GET /api/class-streams',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/class-streams?registration_page=NOPE'),
  },
  {
    op: 'GET /api/exam/slots',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/exam/slots?exam_type=NOPE'),
  },
  {
    op: 'GET /api/exam/states',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/exam/states?exam_type=NOPE&exam_mode=Offline&class_stream=12%26SOM'),
  },
  {
    op: 'GET /api/exam/centres',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/exam/centres?exam_type=NOPE&state=1&mode=Offline&class_stream=12%26SOM'),
  },
  {
    op: 'GET /api/exam/open',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/exam/open?exam_type=NOPE'),
  },
  { op: 'GET /api/exam/dates', why: 'no centre', ask: () => call('GET', '/api/exam/dates?exam_type=IAT') },
  {
    op: 'GET /api/exam/dates',
    why: 'a centre without the exam',
    ask: () => call('GET', '/api/exam/dates?exam_type=IAT&centre=DL002&stream=SOM'),
  },
  { op: 'GET /api/pincode/{pincode}', why: 'unknown pincode', ask: () => call('GET', '/api/pincode/999999') },
  {
    op: 'GET /api/nearest-centre',
    why: 'unknown class & stream',
    ask: () => call('GET', '/api/nearest-centre?latitude=28.6&longitude=77.2&class_stream=SOX'),
  },
  {
    op: 'GET /api/nearest-centre',
    why: 'latitude out of range',
    ask: () => call('GET', '/api/nearest-centre?latitude=99&longitude=77.2&class_stream=12%26SOM'),
  },
  {
    op: 'GET /api/geo/reverse',
    why: 'latitude out of range',
    ask: () => call('GET', '/api/geo/reverse?latitude=99&longitude=77.2'),
  },
  // Dashboard, profile and exam edit
  { op: 'GET /api/dashboard', why: 'no session', ask: () => call('GET', '/api/dashboard') },
  { op: 'GET /api/profile', why: 'no session', ask: () => call('GET', '/api/profile') },
  {
    op: 'POST /api/profile',
    why: 'unknown city',
    ask: () =>
      call(
        'POST',
        '/api/profile',
        { student_city: 'Atlantis', school_board: 'CBSE', school_id: 'x' },
        upcoming,
      ),
  },
  {
    op: 'POST /api/exam-dates',
    why: 'no session',
    ask: () =>
      call('POST', '/api/exam-dates', {
        exam_mode: 'Online',
        branch_code: 'DL001',
        class_and_stream: '11&SOM',
      }),
  },
  {
    op: 'POST /api/exam-dates',
    why: 'no class & stream',
    ask: () => call('POST', '/api/exam-dates', { exam_mode: 'Online', branch_code: 'DL001' }, upcoming),
  },
  {
    op: 'POST /api/exam-info',
    why: 'a test already submitted',
    ask: () =>
      call(
        'POST',
        '/api/exam-info',
        {
          state_id: '',
          exam_date: '2025-04-10',
          exam_mode: 'Online',
          exam_center: '',
          class_and_stream: '11&SOE',
        },
        awaited,
      ),
  },
  {
    op: 'POST /api/exam-info',
    why: 'a mode the programme does not hold',
    ask: () =>
      call(
        'POST',
        '/api/exam-info',
        {
          state_id: '',
          exam_date: '2025-04-10',
          exam_mode: 'Online',
          exam_center: '',
          class_and_stream: '9&SOF',
        },
        offlineIat,
      ),
  },
  {
    op: 'POST /api/exam-info',
    why: 'the test already taken',
    ask: async () => {
      // Today's test, begun: its details can no longer change.
      expect((await call('POST', '/api/test-launch', await mainCard(today), today)).statusCode).toBe(200);
      const { data } = await call('GET', '/api/profile', undefined, today);
      const profile = data.data as { classtream: string };
      return call(
        'POST',
        '/api/exam-info',
        {
          state_id: '',
          exam_date: '2025-04-10',
          exam_mode: 'Online',
          exam_center: '',
          class_and_stream: profile.classtream,
        },
        today,
      );
    },
  },
  // Tests and results
  {
    op: 'POST /api/exam/start',
    why: 'not this student’s test',
    ask: () =>
      call('POST', '/api/exam/start', { test_short_code: 'NOPE', source_type: 'dashboard' }, upcoming),
  },
  {
    op: 'POST /api/test-launch',
    why: 'not on the dashboard',
    ask: () =>
      call('POST', '/api/test-launch', { exam_short_code: 'NOPE', external_schedule_id: 'NOPE' }, upcoming),
  },
  {
    op: 'POST /api/test-launch',
    why: 'a missed test',
    ask: async () => {
      const card = await mainCard(missed);
      return call('POST', '/api/test-launch', card, missed);
    },
  },
  {
    op: 'POST /api/test-launch',
    why: 'a test not started yet',
    ask: async () => call('POST', '/api/test-launch', await mainCard(upcoming), upcoming),
  },
  {
    op: 'POST /api/mock-jee/exam-link',
    why: 'not this student’s paper',
    ask: () =>
      call(
        'POST',
        '/api/mock-jee/exam-link',
        { exam_short_code: 'NOPE', external_schedule_id: 'NOPE' },
        upcoming,
      ),
  },
  {
    op: 'POST /api/mock-jee/exam-link',
    why: "a paper the platform refuses (its own words, asked in the page's language)",
    ask: async () => {
      const papers = await cards(mockJee);
      const answers = await Promise.all(
        papers.map((card) => call('POST', '/api/mock-jee/exam-link', card, mockJee)),
      );
      const refused = answers.find((a) => a.statusCode >= 400);
      if (!refused) throw new Error('no JEE mock paper was refused');
      return refused;
    },
  },
  {
    op: 'GET /api/test-platform/token',
    why: 'no session',
    ask: () => call('GET', '/api/test-platform/token'),
  },
  {
    op: 'POST /api/result',
    why: 'roll number and date of birth do not match',
    ask: () => call('POST', '/api/result', { roll_number: '250000000001', dob: '01/01/2001' }),
  },
  {
    op: 'POST /api/result',
    why: 'no result yet',
    ask: () => call('POST', '/api/result', { roll_number: '250000000001', dob: '05/01/2008' }),
  },
  // Courses, checkout and the paper pack
  {
    op: 'GET /api/courses/{class}/{stream}/{branch_code}/{roll_number}/{mobile_number}',
    why: "another student's details",
    ask: () => call('GET', '/api/courses/11/SOM/DL001/259999999999/9000000000', undefined, upcoming),
  },
  {
    op: 'GET /api/courses/{class}/{stream}/{branch_code}/{roll_number}/{mobile_number}',
    why: 'no session',
    ask: () => call('GET', '/api/courses/11/SOM/DL001/250000000001/9000000001'),
  },
  {
    op: 'GET /api/branches/{branch_code}',
    why: 'unknown branch',
    ask: () => call('GET', '/api/branches/ZZ999'),
  },
  {
    op: 'GET /api/payment-options/{branch_code}',
    why: 'unknown branch',
    ask: () => call('GET', '/api/payment-options/ZZ999'),
  },
  {
    op: 'POST /api/course-order',
    why: 'no session',
    ask: async () => call('POST', '/api/course-order', await courseOrder({})),
  },
  ...(
    [
      ['father_name', ''],
      ['father_name', 'R'],
      ['billing_address', ''],
      ['billing_address', 'x'.repeat(201)],
      ['billing_address', 'Flat <12>'],
      ['billing_zip', ''],
      ['billing_zip', '1100'],
      ['billing_zip', '11000a'],
      ['billing_city', 'x'.repeat(61)],
      ['billing_state', ''],
      ['billing_state', 'Delhi;'],
      ['billing_name', ''],
      ['billing_name', 'A1'],
      ['billing_email', 'nope'],
      ['mobile_no', '12345'],
      ['payment_method', 'cash'],
      ['roll_number', '259999999999'],
      ['product_id', 'NOPE'],
    ] as const
  ).map(([field, value]): Case => ({
    op: 'POST /api/course-order',
    why: `${field} = ${JSON.stringify(value)}`,
    ask: async () => call('POST', '/api/course-order', await courseOrder({ [field]: value }), upcoming),
  })),
  {
    op: 'GET /api/mock-payment',
    why: 'unknown payment method',
    ask: () => call('GET', '/api/mock-payment?payment_type=exam&payment_mode=cash', undefined, upcoming),
  },
  {
    op: 'GET /api/mock-payment',
    why: 'the pack already bought',
    ask: () => call('GET', '/api/mock-payment?payment_type=exam', undefined, packBought),
  },
  {
    op: 'GET /api/prospectus',
    why: 'unknown exam type',
    ask: () => call('GET', '/api/prospectus?exam_type=NOPE'),
  },
  {
    op: 'GET /api/course-content/{product_id}',
    why: 'unknown course',
    ask: () => call('GET', '/api/course-content/NOPE', undefined, upcoming),
  },
  {
    op: 'GET /api/orders/{order_id}',
    why: 'unknown order',
    ask: () => call('GET', `/api/orders/EF${'0'.repeat(20)}`),
  },
];

interface Card {
  exam_short_code: string;
  external_schedule_id: string;
}

/** The dashboard's test cards of a student (their launch keys). */
async function cards(session: () => Promise<Record<string, string>>): Promise<(Card & { kind?: string })[]> {
  const { data } = await call('GET', '/api/dashboard', undefined, session);
  const found: (Card & { kind?: string })[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.exam_short_code === 'string' && typeof record.external_schedule_id === 'string')
        found.push({
          exam_short_code: record.exam_short_code,
          external_schedule_id: record.external_schedule_id,
        });
      Object.values(record).forEach(walk);
    }
  };
  walk(data);
  return found;
}
async function mainCard(session: () => Promise<Record<string, string>>): Promise<Card> {
  const [first] = await cards(session);
  if (!first) throw new Error('no test card');
  return first;
}

beforeAll(async () => {
  t = await testApp({ start: START });
  const { site } = t.app.ctx;
  // The names the config gives: programmes, the brand and the paper pack (as the messages say it).
  const names = [
    site.site.brand.name,
    site.site.brand.providerName,
    ...Object.values(site.programmes).flatMap((p) => [p.shortName, p.shortName.toLowerCase(), p.name]),
    'DD/MM/YYYY',
  ];
  allowedLatin = new RegExp(
    names
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
});
afterAll(async () => t.close());

describe("every student-facing operation's refusals, asked in Hindi", () => {
  it('lists every operation of the API document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).data as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // The sandbox is developers'; the Studio is staff's, in English (decisions 048, 049).
        .filter(([, op]) => !op.tags?.includes('sandbox') && !op.tags?.includes('studio'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(40);
    const asked = new Set(cases.map((c) => c.op));
    const unlisted = operations.filter(
      (op) => !asked.has(op) && !NOT_A_STUDENT_PAGE.has(op) && !NOTHING_TO_REFUSE.has(op),
    );
    expect(unlisted).toEqual([]);
    // …and every case names an operation that exists.
    expect(
      [...asked].filter((op) => !operations.includes(op) && op !== 'GET /api/orders/{order_id}'),
    ).toEqual([]);
  });

  it('answers each refusal in Hindi', async () => {
    const notRefused: string[] = [];
    const english: string[] = [];
    for (const c of cases) {
      const answer = await c.ask();
      const label = `${c.op} (${c.why}): ${answer.statusCode} ${answer.body}`;
      // A case that stops being a refusal would prove nothing: it fails too.
      if (answer.statusCode < 400 && answer.data.success !== 'false') notRefused.push(label);
      const msg = String(answer.data.msg ?? '');
      // Codes and numbers the request named (ZZ999, DD/MM/YYYY's digits) are not words.
      const rest = msg.replace(allowedLatin, '').replace(/\b(?=[A-Za-z]*\d)[A-Za-z\d]+\b/g, '');
      if (!/[\u0900-\u097F]/.test(msg) || /[A-Za-z]{2,}/.test(rest)) english.push(label);
    }
    expect(notRefused).toEqual([]);
    expect(english).toEqual([]);
  });
});
