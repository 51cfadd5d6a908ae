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
  acceptedCheckoutMethods,
  checkoutErrors,
  checkoutPhoneError,
  firstInvalid,
  type CheckoutField,
} from '../../../src/domain/checkout';
import { ApiError } from '../../api/errors';
import { message, type MessageId, type MessageParams } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { requireStudent, studentOf } from '../../auth/sessions';
import { paymentOptions } from '../../services/commerce/catalogue';
import { orderCourse, orderMockPack, samplePack } from '../../services/commerce/checkout';

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
      // Once is once (the service holds the student's lock): a repeated Pay answers the same order.
      const data = await orderCourse(ctx, student, body);
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
      // Once is once, as for a course: a repeated Buy now answers the first tap's order.
      const data = await orderMockPack(ctx, student, pack, method, request.query.branch_code ?? null);
      return {
        success: 'true',
        msg: `Pay ₹${pack.fee.amount} for the ${pack.shortName.toLowerCase()}${pack.fee.papers ? ` (${pack.fee.papers} papers)` : ''}.`,
        data,
      };
    },
  );
}
