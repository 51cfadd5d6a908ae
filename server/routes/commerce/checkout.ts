// Payment orders for a course (the checkout) and for the sample-paper pack (the mock payment card).
// The amount is always computed here; the client never sends one.
import type { FastifyInstance } from 'fastify';
import { splitClassStream } from '../../../src/domain/class-stream';
import type { CourseOrderBody, CourseOrderReply } from '../../../src/generated/api/course-order';
import type {
  MockPaymentDataQuery,
  MockPaymentDataReply,
} from '../../../src/generated/api/mock-payment-data';
import {
  checkoutErrors,
  checkoutPhoneError,
  firstInvalid,
  type CheckoutField,
} from '../../../src/domain/checkout';
import { ApiError } from '../../api/errors';
import { message, type MessageId, type MessageParams } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { requireStudent, studentOf } from '../../auth/sessions';
import { lockStudent } from '../../db/locks';
import { openOrder } from '../../payments/orders';
import { loadExamContext } from '../../services/exams/sittings';
import { paymentOptions } from '../../services/commerce/catalogue';
import { offersFor } from '../../services/commerce/courses';
import { isMockPurchased } from '../../services/commerce/purchases';
import { acceptedCheckoutMethods, samplePack } from '../../services/commerce/checkout';

const invalid = (field: string, id: MessageId, params?: MessageParams) =>
  new ApiError(400, message(id, params), { data: { field } });

// The billing name holds a last name with dots; the billing name and e-mail come from the
// student's profile, not the checkout form, so they are checked here only.
const BILLING_NAME = /^[A-Za-z][A-Za-z.]*(?: [A-Za-z.]+)*$/;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}$/;

/** The order post's name of each checkout form field. */
const BODY_FIELD: Record<CheckoutField, string> = {
  fatherName: 'father_name',
  billingAddress: 'billing_address',
  pincode: 'billing_zip',
  city: 'billing_city',
  state: 'billing_state',
  terms: 'terms',
};

/** The order post's billing fields as the checkout form holds them. */
export const billingFormOf = (body: CourseOrderBody) => ({
  fatherName: body.father_name,
  billingAddress: body.billing_address,
  pincode: body.billing_zip,
  city: body.billing_city,
  state: body.billing_state,
  // The form is not posted until its terms box is ticked.
  terms: true,
});

/** The checkout form's rules (part 2 §5): the client's own (src/domain/checkout.ts), worded in the request's locale. */
function checkBilling(body: CourseOrderBody): void {
  const errors = checkoutErrors(billingFormOf(body));
  const field = firstInvalid(errors);
  const key = field && errors[field];
  if (field && key) throw new ApiError(400, message(key), { data: { field: BODY_FIELD[field], key } });
  const billingName = body.billing_name.trim();
  if (!billingName) throw invalid('billing_name', 'checkout.billingNameRequired');
  if (billingName.length < 2 || billingName.length > 121 || !BILLING_NAME.test(billingName))
    throw invalid('billing_name', 'checkout.billingName');
  if (!EMAIL.test(body.billing_email.trim())) throw invalid('billing_email', 'validation.email.invalid');
}

export function registerCheckoutRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.post<{ Body: CourseOrderBody; Reply: CourseOrderReply }>(
    '/api/course-order',
    {
      schema: apiSchema('course-order', {
        summary: 'Create the payment order for a course (amount computed by the server)',
        tags: ['commerce'],
        auth: true,
      }),
      preHandler: requireStudent,
    },
    async (request) => {
      const student = studentOf(request);
      const body = request.body;
      // The checkout's phone rule (the client's, from src/domain), in the form's own words.
      const phone = checkoutPhoneError(body.mobile_no, body.country_code);
      if (phone) {
        throw new ApiError(400, message(phone), { data: { field: 'mobile_no', key: phone } });
      }
      if (
        body.roll_number !== student.roll_number ||
        body.sf_id !== student.sf_id ||
        body.mobile_no !== student.mobile ||
        body.center_code !== student.branch_code ||
        body.student_stream !== splitClassStream(student.class_stream).stream
      ) {
        throw new ApiError(403, message('course.notYours'));
      }
      checkBilling(body);
      const accepted = acceptedCheckoutMethods(await paymentOptions(ctx, student.branch_code));
      if (!accepted.has(body.payment_method)) throw invalid('payment_method', 'checkout.methodNotAtCentre');
      // Once is once: under the student's lock, a repeated or concurrent Pay finds the course
      // bought or its open order (the same order answered again), never a second order to pay.
      const data = await ctx.db.transaction().execute(async (trx) => {
        await lockStudent(trx, student.id);
        const inTrx = { ...ctx, db: trx };
        const { courses } = await offersFor(inTrx, student, await loadExamContext(inTrx, student));
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
          },
          trx,
        );
        return payment;
      });
      return { success: 'true', msg: 'Order created. Continue to payment.', data };
    },
  );

  app.get<{ Querystring: MockPaymentDataQuery; Reply: MockPaymentDataReply }>(
    '/api/mock-payment',
    {
      schema: apiSchema('mock-payment-data', {
        summary: 'Create the payment order for the sample-paper pack',
        tags: ['commerce'],
        auth: true,
      }),
      preHandler: requireStudent,
    },
    async (request) => {
      const student = studentOf(request);
      const pack = samplePack(ctx);
      const method = request.query.payment_mode ?? pack.payment.default;
      if (!pack.payment.methods.some((m) => m.value === method))
        throw invalid('payment_mode', 'signup.paymentMethod');
      // Once is once: under the student's lock, a repeated or concurrent Buy now finds the pending
      // order of the first and answers it (with this tap's payment method) instead of a second one.
      const data = await ctx.db.transaction().execute(async (trx) => {
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
            details: {
              programme: pack.id,
              papers: pack.fee.papers ?? null,
              branch_code: request.query.branch_code ?? null,
            },
          },
          trx,
        );
        return payment;
      });
      return {
        success: 'true',
        msg: `Pay ₹${pack.fee.amount} for the ${pack.shortName.toLowerCase()}${pack.fee.papers ? ` (${pack.fee.papers} papers)` : ''}.`,
        data,
      };
    },
  );
}
