// What a checkout may pay by, the sample-paper pack it sells, and the orders for a course and for the
// pack (server/routes/commerce/checkout.ts takes the order posts and checks their fields).
import { servedVersion } from '../content/pins';
import type { CourseOrderBody } from '../../../src/generated/api/course-order';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext, Student } from '../../context';
import { lockStudent } from '../../db/locks';
import { openOrder, type PaymentData } from '../../payments/orders';
import { samplePackOf } from '../exams/programme';
import { loadExamContext } from '../exams/sittings';
import { offersFor } from './courses';
import { isMockPurchased } from './purchases';

/** The programme of the sample-paper pack (config/programmes/sample-pack.json). */
export function samplePack(ctx: AppContext): Programme {
  const programme = samplePackOf(ctx.site);
  if (!programme) throw new ApiError(404, message('mockPack.notOnSale'));
  return programme;
}

/**
 * The payment order for a course of the student's offer (its price, waiver and term are the
 * server's). Once is once: under the student's lock, a repeated or concurrent Pay finds the course
 * bought or its open order (the same order answered again), never a second order to pay.
 */
export function orderCourse(ctx: AppContext, student: Student, body: CourseOrderBody): Promise<PaymentData> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockStudent(trx, student.id);
    const inTrx = { ...ctx, db: trx };
    const exam = await loadExamContext(inTrx, student);
    const { courses } = await offersFor(inTrx, student, exam);
    const course = courses.find((c) => c.product_id === body.product_id);
    // The price, the waiver and the term are the server's: a tampered term finds no course.
    if (!course || course.product_course_term !== body.product_course_term)
      throw new ApiError(404, message('course.notAvailable'));
    if (course.purchased) throw new ApiError(409, message('course.alreadyBought'));
    const billing = {
      name: body.billing_name.trim(),
      father_name: body.father_name.trim(),
      address: body.billing_address.trim(),
      city: body.billing_city.trim(),
      state: body.billing_state.trim(),
      zip: body.billing_zip.trim(),
      email: body.billing_email.trim(),
    };
    const details = {
      product_title: course.product_title,
      product_course_term: course.product_course_term,
      fee_label: course.fee_label,
      billing,
    };
    // An open order of this course is answered again with the address as now given (the
    // student may have gone back and corrected it before paying).
    const { payment } = await openOrder(
      ctx,
      {
        studentId: student.id,
        purpose: 'course',
        item: course.product_id,
        amount: course.registration_fees,
        paymentMethod: body.payment_method,
        returnPath: '/dashboard',
        successQuery: { type: ctx.site.site.commerce.courseReturnType },
        failureQuery: { type: ctx.site.site.commerce.courseReturnType },
        details,
        configVersion: servedVersion(ctx, exam.programme),
      },
      trx,
    );
    return payment;
  });
}

/**
 * The payment order for the sample-paper pack. Once is once: under the student's lock, a repeated
 * or concurrent Buy now finds the pending order of the first and answers it (with this tap's
 * payment method) instead of a second one.
 */
export function orderMockPack(
  ctx: AppContext,
  student: Student,
  pack: Programme,
  method: string,
  branchCode: string | null,
): Promise<PaymentData> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockStudent(trx, student.id);
    if (await isMockPurchased(trx, student.id))
      throw new ApiError(409, message('mockPack.alreadyBought', { pack: pack.shortName.toLowerCase() }));
    const { payment } = await openOrder(
      ctx,
      {
        studentId: student.id,
        purpose: 'mock-pack',
        item: pack.id,
        amount: pack.fee.amount,
        paymentMethod: method,
        returnPath: '/dashboard',
        configVersion: servedVersion(ctx, pack),
        details: {
          programme: pack.id,
          papers: pack.fee.papers ?? null,
          branch_code: branchCode,
        },
      },
      trx,
    );
    return payment;
  });
}
