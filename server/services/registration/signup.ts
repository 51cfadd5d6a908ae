// Signup's writes (part 2 §3 signup payload, §4 exam details): in one transaction, the student
// (created or completed) with unique roll number and student id, the registration and, for a paid
// exam, the exam-fee order; a token's earlier signup is answered again. The checks before it and
// the reply are server/routes/registration/signup.ts.
import { classStreamValue } from '../../../src/domain/class-stream';
import { type ExamMode } from '../../../src/domain/exam-modes';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { toDdMmYyyy } from '../../../src/domain/dates';
import type { PaymentData, RegistrationSignupBody } from '../../../src/generated/api/registration-signup';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import { newId, randomDigits } from '../../auth/tokens';
import type { AppContext, Student } from '../../context';
import { iso } from '../../timestamps';
import type { Database } from '../../db/schema';
import type { CentresTable, ClassStreamsTable } from '../../db/tables/master';
import { openOrder } from '../../payments/orders';
import { centreByCode } from '../master/centres';
import type { Discount } from './coupons';
import { accountExistsParams } from './otp';

/** Everything signup decided before writing. */
export interface Checked {
  programme: Programme;
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

export const clean = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');

export async function uniqueValue(
  trx: Transaction<Database>,
  column: 'roll_number' | 'psid',
  make: () => string,
) {
  for (let i = 0; i < 10; i++) {
    const value = make();
    const taken = await trx.selectFrom('students').select('id').where(column, '=', value).executeTakeFirst();
    if (!taken) return value;
  }
  throw new Error(`could not find a free ${column}`);
}

export interface Written {
  student: Student;
  payment: PaymentData | null;
  centre: CentresTable;
  /** What the student pays (after the coupon). */
  payable: number;
}

/** Two submits raced for one registration token and this one lost: run again, answer the winner. */
export class TokenClaimLost extends Error {}

/** What a registration token's signup wrote earlier, answered again (nothing is written). */
export async function earlierSignup(
  ctx: AppContext,
  trx: Transaction<Database>,
  student: Student,
): Promise<Written> {
  const centre = await centreByCode(ctx, student.branch_code, trx);
  const registration = await trx
    .selectFrom('registrations')
    .select('amount_payable')
    .where('student_id', '=', student.id)
    .executeTakeFirst();
  if (!centre || !registration) throw new Error(`registration of ${student.id} is incomplete`);
  return { student, payment: null, centre, payable: registration.amount_payable };
}

export async function write(
  ctx: AppContext,
  trx: Transaction<Database>,
  body: RegistrationSignupBody,
  c: Checked,
  tokenId: string,
): Promise<Written> {
  const now = iso(ctx.now());
  const mobile = body.student_mobile_no;
  // One row per mobile, updated first: concurrent signups of a mobile queue up behind it.
  await trx
    .insertInto('registration_mobiles')
    .values({ mobile, updated_at: now })
    .onConflict((oc) => oc.column('mobile').doUpdateSet({ updated_at: now }))
    .execute();

  // One verified mobile, one signup. A token already used answers its student again: a registered
  // one as it is; one awaiting payment is that same registration (updated, its open order reused,
  // which is also the spec's Try Again after a failed payment).
  const token = await trx
    .selectFrom('registration_tokens')
    .select('student_id')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  const bound = token.student_id
    ? await trx.selectFrom('students').selectAll().where('id', '=', token.student_id).executeTakeFirst()
    : undefined;
  if (bound && (bound.registration_status === 'registered' || bound.exam_type !== c.programme.examType))
    return earlierSignup(ctx, trx, bound);

  const counted = await trx
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('mobile', '=', mobile)
    .where('exam_type', '=', c.programme.examType)
    .where('registration_status', '=', 'registered')
    .executeTakeFirst();
  if (Number(counted?.n ?? 0) >= c.programme.registration.allowedRegistrationCount)
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
    pending = await trx
      .selectFrom('students')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('exam_type', '=', c.programme.examType)
      .where('registration_status', '=', 'pending_payment')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  const paid = c.payable === 0;
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
  };
  let studentId: string;
  if (pending) {
    studentId = pending.id;
    await trx.updateTable('students').set(details).where('id', '=', studentId).execute();
  } else {
    studentId = newId();
    const yy = String(ctx.now().getUTCFullYear() % 100).padStart(2, '0');
    await trx
      .insertInto('students')
      .values({
        id: studentId,
        roll_number: await uniqueValue(trx, 'roll_number', () => `${yy}${randomDigits(10)}`),
        psid: await uniqueValue(trx, 'psid', () => `${1 + (Number(randomDigits(1)) % 9)}${randomDigits(10)}`),
        sf_id: `SF${randomBytes(8).toString('hex').toUpperCase()}`,
        mobile,
        exam_type: c.programme.examType,
        register_from_third_party: 0,
        max_exam_edit_allowed: 2,
        exam_attempts_left: 2,
        is_edit_allowed: 1,
        remove_edit_exam_edit_profile: 0,
        created_at: now,
        ...details,
      })
      .execute();
  }
  // The claim: only the first signup of this token sets student_id. A racing submit that got here
  // too (possible where nothing else serialises them) updates no row, and its transaction rolls back.
  const claimed = await trx
    .updateTable('registration_tokens')
    .set({ student_id: studentId, used_at: now })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', studentId)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new TokenClaimLost();

  const student = await trx
    .selectFrom('students')
    .selectAll()
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();

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
          successQuery: {
            registeration: 'success',
            roll_no: student.roll_number,
            dob: toDdMmYyyy(student.dob),
            exam_date: student.exam_date ?? '',
          },
          failureQuery: { mobile, sf_id: student.sf_id },
          details: { exam_type: c.programme.examType, coupon_code: c.discount?.code ?? null },
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
  await trx
    .insertInto('registrations')
    .values({ student_id: studentId, created_at: now, ...registration })
    .onConflict((oc) => oc.column('student_id').doUpdateSet(registration))
    .execute();
  return { student, payment, centre: c.centre, payable: c.payable };
}
