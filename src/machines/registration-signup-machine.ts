// The registration's signup (part 2 §3): the payload of the steps' data goes to the API; a paid
// exam then leaves for the payment gateway (what the return needs is stored first), a free one
// ends on the thank-you. A failed signup says why in a toast and hands the student back to the
// step they came from. The parent invokes it with its data and routes on its output.
import { DEFAULT_SCHOOL_BOARD } from '../domain/class-stream';
import { indiaInstant } from '../domain/dates';
import { assign, fromPromise, setup } from 'xstate';
import type {
  PaymentData,
  RegistrationSchedule,
  RegistrationSignupBody,
  RegistrationSignupReply,
} from '../generated/api/registration-signup';
import { fromError } from './message';
import {
  centreCode,
  examMode,
  payableAmount,
  track,
  type RegistrationResult,
  type SignupInput,
  type SignupStepInput,
  type ToastParams,
  type TrackParams,
} from './registration-model';

/** The dob as the client sends it: midnight in India, i.e. the day before at T18:30Z (part 2 §9). */
export const dobInstant = (isoDate: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? indiaInstant(isoDate).toISOString() : isoDate;

/** The signup payload of part 2 §3. */
export function buildSignupBody(context: SignupStepInput): RegistrationSignupBody {
  const { student, exam, tracking, coupon } = context;
  const body: RegistrationSignupBody = {
    student_name: student.studentName.trim(),
    student_email: student.email.trim().toLowerCase(),
    student_dob: dobInstant(student.dob),
    student_mobile_no: context.mobile,
    school_board: DEFAULT_SCHOOL_BOARD,
    class_stream: student.classStream,
    exam_mode: examMode(context),
    whatsapp_status: true,
    registration_page: context.registrationPage,
  };
  if (student.fatherName.trim()) body.father_name = student.fatherName.trim();
  if (exam.slot) body.exam_slot = exam.slot.tid;
  if (exam.state) body.exam_state = exam.state.tid;
  if (exam.centre) body.branch_code = centreCode(exam.centre);
  if (exam.date) body.exam_date = exam.date.value;
  if (payableAmount(context) > 0) body.payment_mode = context.paymentMethod;
  if (coupon.applied && coupon.discount > 0) body.coupon_code = coupon.applied;
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id', 'gclid'] as const) {
    const value = tracking[key];
    if (value) body[key] = value;
  }
  if (context.query.sf_id) body.student_sf_id = context.query.sf_id;
  return body;
}

export interface SignupStepContext extends SignupStepInput {
  outcome: SignupStepOutput;
}

/** Registered (with the thank-you's data), gone to the gateway, or failed (the toast said why). */
export type SignupStepOutput =
  { status: 'registered'; result: RegistrationResult } | { status: 'redirected' } | { status: 'failed' };

export const registrationSignupMachine = setup({
  types: {
    input: {} as SignupStepInput,
    context: {} as SignupStepContext,
    output: {} as SignupStepOutput,
  },
  actors: {
    signup: fromPromise<RegistrationSignupReply, SignupInput>(async () => {
      throw new Error('registration signup step: provide the signup actor');
    }),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    /** The app posts the gateway form (payment_data) and leaves the page. */
    redirectToPayment: (_, _params: { paymentData: PaymentData }) => {},
    /**
     * Kept for the return from the gateway: user_info, exam_info, exam_fee, user_psid (part 1 §3),
     * and with the registration token the exam choices and coupon (keptChoices) for Try Again.
     */
    rememberRegistration: (
      _,
      _params: {
        mobile: string;
        rollNumber: string;
        examDate: string;
        fee: number;
        psid: string;
        /** The exam schedule the thank-you shows on the return. */
        schedule: RegistrationSchedule;
      },
    ) => {},
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
  },
  guards: {
    paidWithPaymentData: (_, params: { reply: RegistrationSignupReply }) =>
      params.reply.data.isPaidExam && params.reply.data.payment_data !== null,
  },
}).createMachine({
  id: 'registrationSignup',
  context: ({ input }) => ({ ...input, outcome: { status: 'failed' } }),
  output: ({ context }) => context.outcome,
  initial: 'signingUp',
  states: {
    signingUp: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => ({
          body: buildSignupBody(context),
          registrationToken: context.registrationToken,
        }),
        onDone: [
          {
            guard: { type: 'paidWithPaymentData', params: ({ event }) => ({ reply: event.output }) },
            target: 'done',
            actions: [
              {
                type: 'rememberRegistration',
                params: ({ context, event }) => ({
                  mobile: context.mobile,
                  rollNumber: event.output.data.roll_number,
                  examDate: event.output.data.exam_date,
                  fee: event.output.data.exam_fee,
                  psid: event.output.data.psid,
                  schedule: event.output.data.schedule,
                }),
              },
              {
                type: 'redirectToPayment',
                // paidWithPaymentData guarantees it; the fallback only satisfies the type.
                params: ({ event }) => ({ paymentData: event.output.data.payment_data as PaymentData }),
              },
              assign({ outcome: { status: 'redirected' } }),
              track('signup_success'),
            ],
          },
          {
            target: 'done',
            actions: [
              assign({
                outcome: ({ context, event }) => ({
                  status: 'registered',
                  result: {
                    rollNumber: event.output.data.roll_number,
                    dob: event.output.data.dob,
                    examDate: event.output.data.exam_date,
                    examSlot: context.exam.slot?.name,
                    // An online test is taken at home: the thank-you names no centre for it.
                    centre: examMode(context) === 'Offline' ? context.exam.centre?.label : undefined,
                    schedule: event.output.data.schedule,
                    dashboardLink: event.output.data.dashboard_link,
                  },
                }),
              }),
              track('signup_success'),
            ],
          },
        ],
        onError: {
          target: 'done',
          actions: [
            {
              type: 'showToast',
              params: ({ event }) => ({
                type: 'danger',
                message: fromError(event.error, 'registration.signupFailed'),
              }),
            },
            track('signup_failure'),
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});

export type RegistrationSignupMachine = typeof registrationSignupMachine;
