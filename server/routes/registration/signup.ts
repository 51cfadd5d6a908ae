// Signup (part 2 §3 signup payload and response, §4 exam details): validates against the programme
// config and the master data and applies the coupon; the transaction that creates (or completes)
// the student and, for a paid exam, the exam-fee order is server/services/registration/signup.ts.
import { modeAllowedInState } from '../../../src/domain/exam-modes';
import { validateEmail, validateStudentName } from '../../../src/domain/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseDob, toDdMmYyyy } from '../../../src/domain/dates';
import type {
  RegistrationSignupBody,
  RegistrationSignupReply,
} from '../../../src/generated/api/registration-signup';
import { ApiError } from '../../api/errors';
import { message, say } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import type { AppContext, Student } from '../../context';
import type { CentresTable } from '../../db/tables/master';
import { onOrderPaid } from '../../payments/orders';
import { dashboardUrl } from '../auth';
import { centreByCode, centrePhones, classStreamOf, eligible, serves } from '../../services/master/centres';
import { istDateOf, openExamDates } from '../../services/master/exam-calendar';
import { examSlots } from '../../services/master/exam-options';
import { programmeFor } from '../master/programme-lookup';
import { requiredFields } from '../../services/master/programme-lookup';
import { throttledCouponDiscount } from './coupons';
import { requireVerifiedMobile } from './registration-token';
import { type Checked, clean, type Written, TokenClaimLost, write } from '../../services/registration/signup';

/** The India date of the client's date of birth (it sends midnight IST as T18:30Z the day before). */
function dobOf(value: string): string | undefined {
  if (/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(value)) return parseDob(value);
  const date = istDateOf(value);
  return date ? parseDob(date) : undefined;
}

async function check(
  ctx: AppContext,
  request: FastifyRequest,
  body: RegistrationSignupBody,
): Promise<Checked> {
  const { programme, registrationPath, page, eligibility } = programmeFor(
    ctx,
    request,
    body.registration_page,
  );
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

  const classStream = await classStreamOf(ctx, body.class_stream);
  if (!eligible(eligibility, classStream))
    throw new ApiError(400, message('signup.notEligible', { programme: programme.shortName }));
  const boardName = clean(body.school_board) || 'CBSE';
  const board = await ctx.db
    .selectFrom('exam_boards')
    .select('name')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', boardName.toLowerCase()))
    .executeTakeFirst();
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
    // Online without a chosen centre: the digital branch (the "online-only" course type).
    const rows = await ctx.db
      .selectFrom('centres')
      .selectAll()
      .where('default_online', '=', 1)
      .orderBy('id')
      .execute();
    centre = rows.find((c) => serves(c, serving));
    if (!centre) throw new ApiError(400, message('validation.centre.required'));
  }
  if (!body.exam_state && required.has('state'))
    throw new ApiError(400, message('validation.state.required'));
  if (body.exam_state && body.exam_state !== centre.state_tid)
    throw new ApiError(400, message('signup.centreNotInState'));
  // Where the programme is held only offline, and only there offline (config offlineOnlyStates).
  const state = await ctx.db
    .selectFrom('states')
    .select('short_code')
    .where('tid', '=', centre.state_tid)
    .executeTakeFirst();
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
    ? await throttledCouponDiscount(ctx, request, programme, body.coupon_code, classStream, undefined)
    : null;
  const fee = programme.fee.amount;
  return {
    programme,
    registrationPath,
    page,
    firstName,
    lastName: rest.join(' ') || null,
    fatherName,
    email,
    dob,
    classStream,
    board: board.name,
    centre,
    stateTid: centre.state_tid,
    examDate,
    slotId: slot.tid,
    mode,
    paymentMode,
    discount,
    fee,
    payable: Math.max(0, fee - (discount?.amount ?? 0)),
  };
}

/** The auto-login link on the host of the student's exam type (part 2 §2 thank-you page). */
function autoLoginLink(ctx: AppContext, request: FastifyRequest, student: Student): string {
  const dashboard = dashboardUrl(ctx, request, student);
  const query = new URLSearchParams({ roll_no: student.roll_number, dob: toDdMmYyyy(student.dob) });
  return `${dashboard.replace(/\/dashboard$/, '/')}?${query.toString()}`;
}

export function registerSignupRoutes(app: FastifyInstance): void {
  // A paid exam order completes the registration it was created for.
  onOrderPaid(app.ctx, 'exam', async (trx, order) => {
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
  });

  app.post<{ Body: RegistrationSignupBody; Reply: RegistrationSignupReply }>(
    '/api/signup',
    {
      schema: apiSchema('registration-signup', {
        summary: 'Register for an exam (needs X-Registration-Token of the mobile)',
        tags: ['registration'],
      }),
    },
    async (request) => {
      const { ctx } = app;
      const body = request.body;
      const token = await requireVerifiedMobile(ctx, request, body.student_mobile_no);
      const checked = await check(ctx, request, body);
      const attempt = () => ctx.db.transaction().execute((trx) => write(ctx, trx, body, checked, token.id));
      let written: Written;
      try {
        written = await attempt().catch((error: unknown) => {
          // Lost the race for the token: the winner has committed, so this run answers it.
          if (error instanceof TokenClaimLost) return attempt();
          throw error;
        });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        request.log.error({ err: error }, 'signup failed');
        throw new ApiError(503, message('registration.signupFailed'));
      }
      const { student, payment, centre, payable } = written;
      const gps = `${centre.latitude_e6 / 1e6},${centre.longitude_e6 / 1e6}`;
      return {
        success: 'true',
        msg: say(request, payment ? 'signup.payToFinish' : 'registration.success'),
        data: {
          roll_number: student.roll_number,
          dob: toDdMmYyyy(student.dob),
          dashboard_link: autoLoginLink(ctx, request, student),
          isPaidExam: payment !== null,
          payment_data: payment,
          branch_phone_numbers: centrePhones(centre),
          branch_gps: gps,
          branch_address: centre.address,
          gps_link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(gps)}`,
          exam_fee: payable,
          exam_date: student.exam_date ?? '',
          sf_id: student.sf_id,
          psid: student.psid,
        },
      };
    },
  );
}
