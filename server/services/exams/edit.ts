// The edit-exam flow (part 2 §4): dates to move to, and the change itself. Editing needs
// is_edit_allowed and an edit left (dates a centre sets are not counted); a first switch to an
// offline exam costs the programme's offlineSwitchFee, and the change waits for the payment.
import { servedVersion } from '../content/pins';
import type { Kysely, Transaction } from 'kysely';
import type { ExamEditDatesBody } from '../../../src/generated/api/exam-edit-dates';
import type { ExamEditInfoBody, ExamEditInfoReply } from '../../../src/generated/api/exam-edit-info';
import type { Programme } from '../../../src/generated/config/programme';
import type { Locale } from '../../../src/engine/config-bundle';
import { classStreamValue } from '../../../src/domain/class-stream';
import { editModes, offlineFeeDue, type ExamMode } from '../../../src/domain/exam-modes';
import { ApiError } from '../../api/errors';
import { message, stringsIn, wording, type MessageId, type MessageParams } from '../../api/messages';
import { newId } from '../../auth/tokens';
import type { AppContext, Student } from '../../context';
import { iso } from '../../timestamps';
import type { Database } from '../../db/schema';
import type { CentresTable } from '../../db/tables/master';
import { lockStudent } from '../../db/locks';
import { openOrder, type Order, type PaymentData } from '../../payments/orders';
import { centreByCode, centreValue, classStreamOf, eligible, serves } from '../master/centres';
import { datesPerCentre, openExamDates } from '../master/exam-calendar';
import { programmeOf } from './programme';
import { bookingOf, loadExamContext, type Booking } from './sittings';
import { dateLabel, istInstant } from './time';

function checkMode(student: Student, ctx: AppContext, mode: ExamMode) {
  const programme = programmeOf(ctx.site, student.exam_type);
  if (!editModes(programme).includes(mode))
    throw new ApiError(
      400,
      message(mode === 'Offline' ? 'exam.notHeldOffline' : 'exam.notHeldOnline', {
        programme: programme.shortName,
      }),
    );
  return programme;
}

async function checkClassStream(ctx: AppContext, student: Student, value: string) {
  const programme = programmeOf(ctx.site, student.exam_type);
  const row = await classStreamOf(ctx, value);
  if (!eligible(programme.eligibility, row))
    throw new ApiError(
      400,
      message('exam.classNotEligible', { class: row.class, programme: programme.shortName }),
    );
  return row;
}

export async function examDates(
  ctx: AppContext,
  student: Student,
  body: ExamEditDatesBody,
): Promise<Record<string, string>> {
  const programme = checkMode(student, ctx, body.exam_mode);
  const cs = await checkClassStream(ctx, student, body.class_and_stream);
  let centre: CentresTable | undefined;
  if (body.exam_mode === 'Offline') {
    centre = await centreByCode(ctx, body.branch_code);
    if (
      !centre ||
      centre.listed !== 1 ||
      !serves(centre, { examType: programme.examType, mode: 'Offline', stream: cs.stream })
    )
      throw new ApiError(400, message('validation.centre.required'));
  }
  const dates = await openExamDates(ctx, programme, centre);
  return Object.fromEntries(dates.map((d) => [d, dateLabel(d)]));
}

interface Change {
  booking: Omit<Booking, 'offline_fee_paid'>;
}

async function writeBooking(
  db: Kysely<Database>,
  studentId: string,
  booking: Booking,
  now: Date,
): Promise<void> {
  const values = { ...booking, exam_date: booking.exam_date ?? '', updated_at: iso(now) };
  await db
    .insertInto('exam_bookings')
    .values({ student_id: studentId, ...values })
    .onConflict((oc) => oc.column('student_id').doUpdateSet(values))
    .execute();
}

/** Applies the edit a paid offline-switch order was for (once). For the paid-order hook. */
export async function applyPaidExamEdit(db: Kysely<Database>, order: Order, now: Date): Promise<boolean> {
  const request = await db
    .selectFrom('exam_edit_requests')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (!request || request.status !== 'pending' || order.status !== 'paid') return false;
  const done = await db
    .updateTable('exam_edit_requests')
    .set({ status: 'applied' })
    .where('id', '=', request.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  const change = JSON.parse(request.change) as Change;
  await writeBooking(db, request.student_id, { ...change.booking, offline_fee_paid: 1 }, now);
  return true;
}

export async function updateExamInfo(
  ctx: AppContext,
  student: Student,
  body: ExamEditInfoBody,
  /** The page's locale: the answer's msg is shown to the student. */
  locale: Locale = 'en',
): Promise<ExamEditInfoReply> {
  const say = (id: MessageId, params: MessageParams) =>
    wording(message(id, params), stringsIn(ctx.site, locale));
  const programme = checkMode(student, ctx, body.exam_mode);
  if (student.is_edit_allowed !== 1 || student.remove_edit_exam_edit_profile === 1)
    throw new ApiError(403, message('exam.editNotAllowed'));
  const ec = await loadExamContext(ctx, student);
  if (programme.schedule.papers || !ec.main)
    throw new ApiError(400, message('exam.scheduleFixed', { programme: programme.shortName }));
  if (ec.main.result || ec.main.attempt) throw new ApiError(409, message('exam.alreadyTaken'));
  const cs = await checkClassStream(ctx, student, body.class_and_stream);
  const offline = body.exam_mode === 'Offline';

  let centre: CentresTable | undefined;
  let stateId: string | null = null;
  if (offline) {
    const state = body.state_id
      ? await ctx.db.selectFrom('states').select('tid').where('tid', '=', body.state_id).executeTakeFirst()
      : undefined;
    if (!state) throw new ApiError(400, message('validation.state.required'));
    stateId = state.tid;
    const [, code = '', id = ''] = /^.+-([A-Za-z]{2}\d{3})-([A-Za-z0-9]{1,10})$/.exec(body.exam_center) ?? [];
    centre = id
      ? await ctx.db.selectFrom('centres').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (
      !centre ||
      centreValue(centre) !== body.exam_center ||
      centre.code !== code.toUpperCase() ||
      centre.listed !== 1 ||
      centre.state_tid !== stateId ||
      !serves(centre, { examType: programme.examType, mode: 'Offline', stream: cs.stream })
    )
      throw new ApiError(400, message('validation.centre.required'));
  } else if (body.state_id) {
    const state = await ctx.db
      .selectFrom('states')
      .select('tid')
      .where('tid', '=', body.state_id)
      .executeTakeFirst();
    if (!state) throw new ApiError(400, message('validation.state.required'));
    stateId = state.tid;
  }
  const dates = await openExamDates(ctx, programme, centre);
  if (!dates.includes(body.exam_date)) throw new ApiError(400, message('validation.examDate.required'));

  const perCentre = offline && Boolean(await datesPerCentre(ctx, programme));
  const updated: ExamEditInfoReply = {
    success: 'true',
    msg: say('exam.updated', { date: dateLabel(body.exam_date, locale) }),
  };
  // Once is once: the booking is read again under the student's lock, so a repeated or concurrent
  // submit of the same edit finds it done (or its order pending) and changes nothing more.
  return ctx.db.transaction().execute(async (trx) => {
    await lockStudent(trx, student.id);
    const current = await bookingOf(trx, student);
    const slotId = editSlot(programme, body, current, ctx.now());
    const next: Change['booking'] = {
      class_stream: classStreamValue(cs.class, cs.stream),
      exam_mode: body.exam_mode,
      exam_state_id: stateId,
      exam_centre_code: centre?.code ?? null,
      exam_centre_id: centre?.id ?? null,
      exam_date: body.exam_date,
      exam_slot_id: slotId ?? current.exam_slot_id,
      exam_attempts_left: current.exam_attempts_left,
      is_offline_sf_exam_date: perCentre ? 1 : 0,
    };
    const changed = (
      ['class_stream', 'exam_mode', 'exam_state_id', 'exam_centre_id', 'exam_date', 'exam_slot_id'] as const
    ).some((k) => (next[k] ?? null) !== (current[k] ?? null));
    // Already the booking (a repeat of an edit that went through): the same answer, no attempt used.
    if (!changed) return updated;
    // Dates a centre sets (offline) are unrestricted; any other edit uses one attempt.
    if (!next.is_offline_sf_exam_date) {
      if (current.exam_attempts_left <= 0) throw new ApiError(403, message('exam.noEditsLeft'));
      next.exam_attempts_left = current.exam_attempts_left - 1;
    }

    const fee = offline
      ? offlineFeeDue(programme, {
          exam_mode: current.exam_mode,
          offline_fee_paid: current.offline_fee_paid === 1,
        })
      : 0;
    if (fee <= 0) {
      await writeBooking(trx, student.id, { ...next, offline_fee_paid: current.offline_fee_paid }, ctx.now());
      return updated;
    }
    const method = body.payment_mode ?? programme.payment.default;
    if (!programme.payment.methods.some((m) => m.value === method))
      throw new ApiError(400, message('signup.paymentMethod'));
    const data = await pendingEditOrder(ctx, trx, student, { booking: next }, method, fee, programme);
    return {
      success: 'true',
      msg: say('exam.payToSwitch', { fee }),
      payment_required: true,
      data,
    };
  });
}

/**
 * The slot of the edited booking (part 2 §4: the form has the slot). The booked slot is kept unless
 * the student chose another; a slot must be one the date has: one of the programme's slots of the
 * chosen mode, and on the exam day itself one that has not ended yet. A mode without slots of its
 * own in the config (iACST's offline switch) keeps the booking's slot as before (undefined here).
 */
export function editSlot(
  programme: Programme,
  body: Pick<ExamEditInfoBody, 'exam_slot' | 'exam_mode' | 'exam_date'>,
  current: Pick<Booking, 'exam_slot_id'>,
  now: Date,
): string | undefined {
  const slots = programme.schedule.slots.filter((s) => s.mode === body.exam_mode);
  if (slots.length === 0) {
    if (body.exam_slot) throw new ApiError(400, message('validation.examSlot.required'));
    return undefined;
  }
  const wanted =
    body.exam_slot ??
    (slots.some((s) => s.id === current.exam_slot_id) ? current.exam_slot_id : undefined) ??
    (slots.length === 1 ? slots[0]?.id : undefined);
  const slot = slots.find((s) => s.id === wanted);
  if (!slot) throw new ApiError(400, message('validation.examSlot.required'));
  if (istInstant(body.exam_date, slot.end) <= now)
    throw new ApiError(400, message('validation.examSlot.required'));
  return slot.id;
}

/**
 * The one open payment of a student's offline switch: the student's open edit order (openOrder's
 * once-is-once rule) carries this submit's change and payment method, so repeats create no second
 * order; a pending request whose order failed, was abandoned or is at an old fee is closed.
 */
async function pendingEditOrder(
  ctx: AppContext,
  trx: Transaction<Database>,
  student: Student,
  change: Change,
  method: string,
  fee: number,
  programme: Programme,
): Promise<PaymentData> {
  const { payment } = await openOrder(
    ctx,
    {
      studentId: student.id,
      purpose: 'exam-edit',
      item: null,
      amount: fee,
      paymentMethod: method,
      returnPath: '/dashboard',
      successQuery: { editExam: 'true' },
      failureQuery: { editExam: 'true' },
      details: { exam_type: programme.examType },
      configVersion: servedVersion(ctx, programme),
    },
    trx,
  );
  await trx
    .updateTable('exam_edit_requests')
    .set({ status: 'closed' })
    .where('student_id', '=', student.id)
    .where('status', '=', 'pending')
    .where('order_id', '!=', payment.order_id)
    .execute();
  // The order's own request carries this change (one request per order: the paid effect reads it,
  // so a request closed while its order was at an old fee is opened again, not doubled).
  const updated = await trx
    .updateTable('exam_edit_requests')
    .set({ change: JSON.stringify(change), status: 'pending' })
    .where('order_id', '=', payment.order_id)
    .where('status', 'in', ['pending', 'closed'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto('exam_edit_requests')
      .values({
        id: newId(),
        student_id: student.id,
        order_id: payment.order_id,
        change: JSON.stringify(change),
        status: 'pending',
        created_at: iso(ctx.now()),
      })
      .execute();
  return payment;
}
