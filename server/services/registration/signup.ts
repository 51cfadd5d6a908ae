// Signup (part 2 §3 signup payload, §4 exam details): its checks against the programme config and
// the master data, the coupon, then its writes in one transaction: the student (created or
// completed) with unique roll number and student id, the registration and, for a paid exam, the
// exam-fee order; a token's earlier signup is answered again. The reply is
// server/routes/registration/signup.ts.
import { classStreamValue, DEFAULT_SCHOOL_BOARD } from '../../../src/domain/class-stream';
import { modeAllowedInState, type ExamMode } from '../../../src/domain/exam-modes';
import { payableAfterCoupon } from '../../../src/domain/fees';
import { validateEmail, validateStudentName } from '../../../src/domain/validation';
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { parseDob, toDdMmYyyy } from '../../../src/domain/dates';
import type { PaymentData, RegistrationSignupBody } from '../../../src/generated/api/registration-signup';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import { newId, randomDigits } from '../../auth/tokens';
import type { AppContext, Student } from '../../context';
import { iso } from '../../timestamps';
import type { Database } from '../../db/schema';
import { prepared, preparedInsert } from '../../db/prepared';
import type { StudentsTable } from '../../db/tables/core';
import type { CentresTable, ClassStreamsTable, RegistrationsTable } from '../../db/tables/master';
import { openOrder, type Order } from '../../payments/orders';
import {
  forgetOrderFunnelOrigin,
  orderFunnelOrigin,
  recordServerSteps,
  signupFunnelOrigin,
} from '../funnel/events';
import { centreByCode, classStreamOf, eligible, serves } from '../master/centres';
import { istDateOf, openExamDates } from '../master/exam-calendar';
import { masterSnapshot } from '../master/master-snapshot';
import { examSlots } from '../../../src/domain/exam-slots';
import { requiredFields, type ProgrammeChoice } from '../master/programme-lookup';
import { takeCouponUse, throttledCouponDiscount, type Discount } from './coupons';
import { forgetDrafts } from './drafts';
import { accountExistsParams } from './otp';

/** Everything signup decided before writing. */
export interface Checked {
  programme: Programme;
  /** The programme config version it was checked against (null: config from files). */
  configVersion: number | null;
  registrationPath: string;
  page: string;
  firstName: string;
  lastName: string | null;
  fatherName: string | null;
  email: string;
  dob: string;
  classStream: ClassStreamsTable;
  board: string;
  centre: CentresTable;
  stateTid: string;
  examDate: string | null;
  slotId: string;
  mode: ExamMode;
  paymentMode: string;
  discount: Discount | null;
  fee: number;
  payable: number;
}

/** The India date of the client's date of birth (it sends midnight IST as T18:30Z the day before). */
function dobOf(value: string): string | undefined {
  if (/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(value)) return parseDob(value);
  const date = istDateOf(value);
  return date ? parseDob(date) : undefined;
}

/**
 * Signup's checks against the programme config and the master data, and the coupon (its wrong
 * guesses counted per address `ip`): what `signUp` writes, or a 400 naming the first problem.
 */
export async function checkSignup(
  ctx: AppContext,
  choice: ProgrammeChoice,
  ip: string,
  body: RegistrationSignupBody,
): Promise<Checked> {
  const { programme, registrationPath, page, eligibility, configVersion = null } = choice;
  const required = requiredFields(programme);

  // The client's name rule: a first name, then an optional last name that may hold initials.
  if (validateStudentName(body.student_name.trim()))
    throw new ApiError(400, message('validation.name.alphabets'));
  const [firstName = '', ...rest] = clean(body.student_name).split(' ');
  const fatherName = clean(body.father_name) || null;
  if (!fatherName && required.has('fatherName'))
    throw new ApiError(400, message('validation.fatherName.required'));
  const email = body.student_email.trim().toLowerCase();
  // The client's rule (part 2 §5), so both sides refuse the same addresses.
  if (validateEmail(email)) throw new ApiError(400, message('validation.email.invalid'));
  const dob = dobOf(body.student_dob);
  const range = programme.registration.dob;
  if (!dob || dob < range.min || dob > range.max) throw new ApiError(400, message('signup.dob'));

  const boardName = clean(body.school_board) || DEFAULT_SCHOOL_BOARD;
  const master = await masterSnapshot(ctx);
  const classStream = await classStreamOf(ctx, body.class_stream);
  if (!eligible(eligibility, classStream))
    throw new ApiError(400, message('signup.notEligible', { programme: programme.shortName }));
  const board = master.boards.get(boardName.toLowerCase());
  if (!board) throw new ApiError(400, message('signup.board'));

  const mode = body.exam_mode;
  const slots = examSlots(programme).filter((s) => s.mode === mode);
  if (slots.length === 0)
    throw new ApiError(
      400,
      message(mode === 'Online' ? 'signup.notHeldOnline' : 'signup.notHeldOffline', {
        programme: programme.shortName,
      }),
    );
  const slot = body.exam_slot
    ? slots.find((s) => s.tid === body.exam_slot)
    : slots.length === 1
      ? slots[0]
      : undefined;
  if (!slot) throw new ApiError(400, message('validation.examSlot.required'));

  const serving = { examType: programme.examType, mode, stream: classStream.stream };
  let centre: CentresTable | undefined;
  if (body.branch_code) {
    centre = await centreByCode(ctx, body.branch_code);
    const usable = centre && (centre.listed === 1 || (centre.default_online === 1 && mode === 'Online'));
    if (!centre || !usable || !serves(centre, serving))
      throw new ApiError(400, message('validation.centre.required'));
  } else if (required.has('centre') || mode === 'Offline') {
    throw new ApiError(400, message('validation.centre.required'));
  } else {
    // Online without a chosen centre (MOCK-JEE asks for none): the programme's own default
    // centre, else, or when that centre does not serve this test, the digital branch.
    const centres = [...master.centresById.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const fallback = programme.registration.defaultCentre;
    centre =
      centres.find((c) => c.code === fallback && serves(c, serving)) ??
      centres.find((c) => c.default_online === 1 && serves(c, serving));
    if (!centre) throw new ApiError(400, message('validation.centre.required'));
  }
  if (!body.exam_state && required.has('state'))
    throw new ApiError(400, message('validation.state.required'));
  if (body.exam_state && body.exam_state !== centre.state_tid)
    throw new ApiError(400, message('signup.centreNotInState'));
  // Where the programme is held only offline, and only there offline (config offlineOnlyStates).
  const state = master.statesByTid.get(centre.state_tid);
  if (state && !modeAllowedInState(programme, mode, state.short_code))
    throw new ApiError(400, message('signup.modeNotInState'));
  const open = await openExamDates(ctx, programme, centre);
  if (open.length === 0)
    throw new ApiError(400, message('signup.closed', { programme: programme.shortName }));
  let examDate: string | null = null;
  if (body.exam_date) {
    examDate = istDateOf(body.exam_date) ?? null;
    if (!examDate || !open.includes(examDate)) throw new ApiError(400, message('signup.dateNotOpen'));
  } else if (required.has('examDate')) {
    throw new ApiError(400, message('validation.examDate.required'));
  }

  const methods = programme.payment.methods.map((m) => m.value);
  const paymentMode = body.payment_mode || programme.payment.default;
  if (!methods.includes(paymentMode)) throw new ApiError(400, message('signup.paymentMethod'));
  const discount = body.coupon_code?.trim()
    ? await throttledCouponDiscount(ctx, ip, programme, body.coupon_code, classStream, undefined)
    : null;
  const fee = programme.fee.amount;
  return {
    programme,
    configVersion,
    registrationPath,
    page,
    firstName,
    lastName: rest.join(' ') || null,
    fatherName,
    email,
    dob,
    classStream,
    board,
    centre,
    stateTid: centre.state_tid,
    examDate,
    slotId: slot.tid,
    mode,
    paymentMode,
    discount,
    fee,
    payable: payableAfterCoupon(fee, discount?.amount ?? 0),
  };
}

export const clean = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');

export type NewStudent = Omit<
  Insertable<StudentsTable>,
  | 'id'
  | 'roll_number'
  | 'psid'
  | 'sf_id'
  | 'register_from_third_party'
  | 'max_exam_edit_allowed'
  | 'exam_attempts_left'
  | 'is_edit_allowed'
  | 'remove_edit_exam_edit_profile'
  | 'data_version'
>;

const STUDENT_COLUMNS = [
  'id',
  'roll_number',
  'psid',
  'sf_id',
  'mobile',
  'exam_type',
  'register_from_third_party',
  'max_exam_edit_allowed',
  'exam_attempts_left',
  'is_edit_allowed',
  'remove_edit_exam_edit_profile',
  'created_at',
  'registration_status',
  'first_name',
  'last_name',
  'father_name',
  'email',
  'dob',
  'class_stream',
  'board',
  'city',
  'pincode',
  'state',
  'branch_code',
  'exam_state_id',
  'exam_centre_code',
  'exam_centre_id',
  'exam_date',
  'exam_slot_id',
  'exam_mode',
  'is_payment_done',
  'utm',
  'data_version',
  'config_version',
] as const satisfies readonly (keyof StudentsTable)[];

/** The insert skips a row whose roll number, student id or sf_id another student has. */
const insertStudentRow = preparedInsert<Insertable<StudentsTable>, Student>(STUDENT_COLUMNS, (db, values) =>
  db
    .insertInto('students')
    .values(values as unknown as Insertable<StudentsTable>)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .compile(),
);

/**
 * A new student with a fresh roll number (YY and 10 digits), student id (psid) and sf_id, in one
 * write: the insert skips a row whose number another student has (the unique indexes decide, also
 * against a concurrent insert), and is tried again with new numbers.
 */
export async function insertStudent(
  ctx: AppContext,
  trx: Transaction<Database>,
  values: NewStudent,
): Promise<Student> {
  const yy = String(ctx.now().getUTCFullYear() % 100).padStart(2, '0');
  for (let i = 0; i < 10; i++) {
    const [row] = await insertStudentRow(trx, {
      id: newId(),
      roll_number: `${yy}${randomDigits(10)}`,
      psid: `${1 + (Number(randomDigits(1)) % 9)}${randomDigits(10)}`,
      sf_id: `SF${randomBytes(8).toString('hex').toUpperCase()}`,
      register_from_third_party: 0,
      data_version: newId(),
      max_exam_edit_allowed: 2,
      exam_attempts_left: 2,
      is_edit_allowed: 1,
      remove_edit_exam_edit_profile: 0,
      ...values,
    });
    if (row) return row;
  }
  throw new Error('could not find a free roll number');
}

/** Signup's reads and writes of the mobile, the token and the registration, compiled once. */
const touchMobile = prepared((db, arg) =>
  db
    .insertInto('registration_mobiles')
    .values({ mobile: arg(0), updated_at: arg(1) })
    .onConflict((oc) => oc.column('mobile').doUpdateSet({ updated_at: arg(1) }))
    .compile(),
);
const tokenWithStudent = prepared((db, arg) =>
  db
    .selectFrom('registration_tokens')
    .leftJoin('students', 'students.id', 'registration_tokens.student_id')
    .selectAll('students')
    .where('registration_tokens.id', '=', arg(0))
    .compile(),
);
const registrationsOfMobile = prepared((db, arg) =>
  db
    .selectFrom('students')
    .selectAll()
    .where('mobile', '=', arg(0))
    .where('exam_type', '=', arg(1))
    .where('registration_status', 'in', ['registered', 'pending_payment'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .compile(),
);
const claimToken = prepared((db, arg) =>
  db
    .updateTable('registration_tokens')
    .set({ student_id: arg(0), used_at: arg(1) })
    .where('id', '=', arg(2))
    .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', arg(0))]))
    .returning('id')
    .compile(),
);
const REGISTRATION_COLUMNS = [
  'student_id',
  'created_at',
  'registration_page',
  'whatsapp_opt_in',
  'gclid',
  'payment_mode',
  'coupon_code',
  'exam_fee',
  'discount_amount',
  'amount_payable',
  'order_id',
  'paid_at',
  'updated_at',
] as const satisfies readonly (keyof Insertable<RegistrationsTable>)[];
/** The registration of a student, written again by a repeated signup (all but when it was created). */
const upsertRegistration = preparedInsert<Insertable<RegistrationsTable>>(
  REGISTRATION_COLUMNS,
  (db, values) => {
    const { student_id: _student, created_at: _created, ...again } = values;
    return db
      .insertInto('registrations')
      .values(values as unknown as Insertable<RegistrationsTable>)
      .onConflict((oc) => oc.column('student_id').doUpdateSet(again as Partial<RegistrationsTable>))
      .compile();
  },
);

export interface Written {
  student: Student;
  payment: PaymentData | null;
  centre: CentresTable;
  /** What the student pays (after the coupon). */
  payable: number;
  /**
   * This write registered the student (nothing to pay): the only one that did, since a repeat of
   * the token answers the earlier signup instead. Its login details go out after the commit.
   */
  completed: boolean;
}

/** Two submits raced for one registration token and this one lost: run again, answer the winner. */
export class TokenClaimLost extends Error {}

/** What a registration token's signup wrote earlier, answered again (nothing is written). */
export async function earlierSignup(
  ctx: AppContext,
  trx: Transaction<Database>,
  student: Student,
): Promise<Written> {
  const centre = await centreByCode(ctx, student.branch_code);
  const registration = await trx
    .selectFrom('registrations')
    .select('amount_payable')
    .where('student_id', '=', student.id)
    .executeTakeFirst();
  if (!centre || !registration) throw new Error(`registration of ${student.id} is incomplete`);
  return { student, payment: null, centre, payable: registration.amount_payable, completed: false };
}

export async function write(
  ctx: AppContext,
  trx: Transaction<Database>,
  body: RegistrationSignupBody,
  c: Checked,
  tokenId: string,
  loginUrl: string,
): Promise<Written> {
  const now = iso(ctx.now());
  const mobile = body.student_mobile_no;
  // One row per mobile, updated first: concurrent signups of a mobile queue up behind it.
  await touchMobile(trx, mobile, now);

  // One verified mobile, one signup. A token already used answers its student again: a registered
  // one as it is; one awaiting payment is that same registration (updated, its open order reused,
  // which is also the spec's Try Again after a failed payment). The token and its student in one read.
  const [token] = await tokenWithStudent(trx, tokenId);
  if (!token) throw new Error(`registration token ${tokenId} is gone`);
  const bound = token.id ? (token as Student) : undefined;
  if (bound && (bound.registration_status === 'registered' || bound.exam_type !== c.programme.examType))
    return earlierSignup(ctx, trx, bound);

  // The mobile's registrations of this exam type, registered or awaiting payment, in one read.
  const ofMobile = await registrationsOfMobile(trx, mobile, c.programme.examType);
  const registered = ofMobile.filter((s) => s.registration_status === 'registered').length;
  if (registered >= c.programme.registration.allowedRegistrationCount)
    throw new ApiError(409, message('registration.accountExists', accountExistsParams(ctx)));

  // A token already used is its own registration, whatever sf_id the repeat carries.
  let pending: Student | undefined = bound;
  if (!pending && body.student_sf_id) {
    pending = await trx
      .selectFrom('students')
      .selectAll()
      .where('sf_id', '=', body.student_sf_id)
      .executeTakeFirst();
    if (!pending || pending.mobile !== mobile || pending.exam_type !== c.programme.examType)
      throw new ApiError(404, message('signup.noPendingForLink'));
    if (pending.registration_status !== 'pending_payment')
      throw new ApiError(409, message('signup.alreadyComplete'));
  } else if (!pending) {
    pending = ofMobile.find((s) => s.registration_status === 'pending_payment');
  }

  const paid = c.payable === 0;
  // The funnel's registered step: now when nothing is to pay, else when the order is paid (kept on it).
  const funnel = signupFunnelOrigin(ctx.site, c.programme.id, body);
  const utm = Object.fromEntries(
    (['utm_source', 'utm_medium', 'utm_campaign', 'utm_id'] as const).flatMap((k) =>
      body[k] ? [[k, body[k]]] : [],
    ),
  );
  const details = {
    registration_status: paid ? ('registered' as const) : ('pending_payment' as const),
    first_name: c.firstName,
    last_name: c.lastName,
    father_name: c.fatherName,
    email: c.email,
    dob: c.dob,
    class_stream: classStreamValue(c.classStream.class, c.classStream.stream),
    board: c.board,
    city: clean(body.student_city) || null,
    pincode: body.student_pincode || null,
    state: clean(body.student_state) || null,
    branch_code: c.centre.code,
    exam_state_id: c.stateTid,
    exam_centre_code: c.centre.code,
    exam_centre_id: c.centre.id,
    exam_date: c.examDate,
    exam_slot_id: c.slotId,
    exam_mode: c.mode,
    // A fee fully covered by a coupon counts as paid; a free exam has nothing paid.
    is_payment_done: paid && c.fee > 0 ? 1 : 0,
    utm: Object.keys(utm).length ? JSON.stringify(utm) : null,
    config_version: c.configVersion,
  };
  const student = pending
    ? await trx
        .updateTable('students')
        .set(details)
        .where('id', '=', pending.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await insertStudent(ctx, trx, { ...details, mobile, exam_type: c.programme.examType, created_at: now });
  const studentId = student.id;
  // The claim: only the first signup of this token sets student_id. A racing submit that got here
  // too (possible where nothing else serialises them) updates no row, and its transaction rolls back.
  const claimed = await claimToken(trx, studentId, now, tokenId);
  if (claimed.length !== 1) throw new TokenClaimLost();
  // A coupon with a limited number of uses takes one, with the registration (rolled back with it).
  if (c.discount) await takeCouponUse(ctx, trx, c.programme, c.discount.code);

  // A repeat awaiting payment answers its open order again (openOrder's once-is-once rule).
  const opened = paid
    ? null
    : await openOrder(
        ctx,
        {
          studentId,
          purpose: 'registration',
          item: null,
          amount: c.payable,
          paymentMethod: c.paymentMode,
          returnPath: c.registrationPath,
          configVersion: c.configVersion,
          successQuery: {
            registeration: 'success',
            roll_no: student.roll_number,
            dob: toDdMmYyyy(student.dob),
            exam_date: student.exam_date ?? '',
          },
          failureQuery: { mobile, sf_id: student.sf_id },
          // Where to log in, for the login details the payment sends (login-details.ts).
          details: {
            exam_type: c.programme.examType,
            coupon_code: c.discount?.code ?? null,
            funnel,
            login_url: loginUrl,
          },
          newStudent: !pending,
        },
        trx,
      );
  const payment = opened?.payment ?? null;
  const registration = {
    registration_page: c.page,
    whatsapp_opt_in: body.whatsapp_status === false ? 0 : 1,
    gclid: body.gclid || null,
    payment_mode: paid ? null : c.paymentMode,
    coupon_code: c.discount?.code ?? null,
    exam_fee: c.fee,
    discount_amount: c.discount?.amount ?? 0,
    amount_payable: c.payable,
    order_id: payment?.order_id ?? null,
    paid_at: null,
    updated_at: now,
  };
  await upsertRegistration(trx, { student_id: studentId, created_at: now, ...registration });
  if (paid && funnel) await recordServerSteps(trx, funnel, ['registered'], ctx.now());
  return { student, payment, centre: c.centre, payable: c.payable, completed: paid };
}

/**
 * Signup's transaction; a run that lost the race for its token runs again and answers the winner.
 * `loginUrl` is where the student logs in (kept on a paid exam's order for its login details SMS).
 */
export function signUp(
  ctx: AppContext,
  body: RegistrationSignupBody,
  checked: Checked,
  tokenId: string,
  loginUrl: string,
): Promise<Written> {
  const attempt = () =>
    ctx.db.transaction().execute(async (trx) => {
      const written = await write(ctx, trx, body, checked, tokenId, loginUrl);
      // Signed up (or a repeat of it): no other tab or device resumes this number's card part-way
      // any more. After the token's claim in write(), so a draft save racing this signup either
      // committed first and is deleted here, or waits for this commit and keeps nothing
      // (drafts.ts).
      await forgetDrafts(trx, written.student.mobile);
      return written;
    });
  return attempt().catch((error: unknown) => {
    // Lost the race for the token: the winner has committed, so this run answers it.
    if (error instanceof TokenClaimLost) return attempt();
    throw error;
  });
}

/** A paid exam order completes the registration it was created for (an effect of the order). */
export async function completePaidRegistration(trx: Kysely<Database>, order: Order): Promise<void> {
  await trx
    .updateTable('students')
    .set({ registration_status: 'registered', is_payment_done: 1 })
    .where('id', '=', order.student_id)
    .execute();
  await trx
    .updateTable('registrations')
    .set({ paid_at: order.confirmed_at ?? order.created_at, order_id: order.id })
    .where('student_id', '=', order.student_id)
    .execute();
  // The funnel: the registration is complete and paid, on the variant the signup came from. Then the
  // order forgets the visitor: a visitor id sits beside a student only while a payment may complete.
  const funnel = orderFunnelOrigin(order.details);
  if (funnel) {
    await recordServerSteps(
      trx,
      funnel,
      ['registered', 'paid'],
      new Date(order.confirmed_at ?? order.created_at),
    );
    await forgetOrderFunnelOrigin(trx, order.id);
  }
}
