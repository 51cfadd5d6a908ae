// The registration card (part 1 §2, §4; part 2 §2–§5, §8): step 1 verifies the mobile (or student
// id), step 2 takes the details, step 3 the exam (slot → state → centre → date, coupon, payment),
// then signup leads to the gateway or the thank-you; step 0 is a failed payment. The query picks
// the entry. This parent keeps what spans the steps and invokes one machine per step (registration-
// mobile, -details, -exam, -signup, -success), input in, output back; the app gives each its calls
// through `provideRegistration`. What steps 2 to 5 show loads after step 1 (`loadingSteps`).
import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import type {
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationLeadsQuery, RegistrationLeadsReply } from '../generated/api/registration-leads';
import { say } from './message';
import { notProvided } from './not-provided';
import { orderConfirmationMachine, type OrderConfirmationOutput } from './order-confirmation-machine';
import { registrationDetailsMachine, type DetailsStepOutput } from './registration-details-machine';
import { registrationExamMachine, type ExamStepOutput } from './registration-exam-machine';
import { prefillFromVerified, registrationMobileMachine } from './registration-mobile-machine';
import {
  resumeDraft,
  entryOf,
  examStepInput,
  tracksPaymentFailure,
  initialContext,
  loginOfLeadLink,
  prefillFromLeadLink,
  type CardEntry,
  hasExamDetailsStep,
  paymentFailurePayload,
  prefillFromLead,
  examFromLead,
  resultFromQuery,
  submitDetails,
  type RegistrationContext,
  type RegistrationInput,
  type StepName,
  type TrackParams,
  type WithRegistrationToken,
} from './registration-model';
import { registrationSignupMachine, type SignupStepOutput } from './registration-signup-machine';
import { registrationSuccessMachine } from './registration-success-machine';

const missing = (name: string) => notProvided('registration', name);

/** What the student does at the parent's own states (each step's events go to its child). */
export type RegistrationEvent =
  { type: 'mobile.edit' } | { type: 'payment.retry' } | { type: 'payment.check' } | { type: 'steps.retry' };

/** A step's output, as the params of the guard or action that reads it. */
const output = <T>({ event }: { event: { output: T } }) => event.output;

const takeExamStep = { type: 'takeExamStep', params: output } as const;
const takeResult = { type: 'takeResult', params: output } as const;

export const registrationMachine = setup({
  types: {
    input: {} as RegistrationInput,
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    /** The step machines the card's view reads and talks to (src/features/registration/card-state.ts). */
    children: {} as { [Step in StepName]: Step } & { confirmOrder: 'confirmOrder' },
  },
  actors: {
    mobileStep: registrationMobileMachine,
    detailsStep: registrationDetailsMachine,
    examStep: registrationExamMachine,
    signupStep: registrationSignupMachine,
    successStep: registrationSuccessMachine,
    loadLaterSteps: fromPromise<undefined>(missing('loadLaterSteps')),
    /** The payment step: the order's record once the gateway has sent the browser back (decision 030). */
    confirmOrder: orderConfirmationMachine,
    fetchLeadBySfId: fromPromise<
      RegistrationLeadBySfIdReply,
      WithRegistrationToken<RegistrationLeadBySfIdQuery>
    >(missing('fetchLeadBySfId')),
    fetchLeadsByMobile: fromPromise<RegistrationLeadsReply, WithRegistrationToken<RegistrationLeadsQuery>>(
      missing('fetchLeadsByMobile'),
    ),
  },
  actions: {
    /** The details step's output: a new class & stream starts the exam step again. */
    takeDetails: assign(({ context }, output: DetailsStepOutput) => {
      const options = { ...context.options, classStreams: output.classStreams };
      return {
        options,
        ...submitDetails({ ...context, options }, output.details),
        resumedDetails: undefined,
      };
    }),
    /** The exam step's data, kept for the signup and for coming back to the step. */
    takeExamStep: assign((_, { next: _next, ...data }: ExamStepOutput) => data),
    keepResult: assign({ result: ({ context }) => resultFromQuery(context) }),
    takeResult: assign((_, output: SignupStepOutput) =>
      output.status === 'registered' ? { result: output.result } : {},
    ),
    /** A completed registration found by sf_id: the app goes to /?roll_no=…&dob=… (auto-login). */
    goToLogin: (_, _params: { rollNumber: string; dob: string }) => {},
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
  },
  guards: {
    /** Where the query enters the card (registration-model.ts entryOf); registered: the thank-you next. */
    entry: ({ context }, params: { is: CardEntry }) => entryOf(context) === params.is,
    querySaysRegistered: ({ context }) => ['gatewayReturn', 'registered'].includes(entryOf(context)),
    orderPaid: (_, params: OrderConfirmationOutput) => params.paid,
    tracksPaymentFailure: ({ context }) => tracksPaymentFailure(context),
    leadFound: (_, params: { reply: RegistrationLeadBySfIdReply }) =>
      params.reply.success === 'true' && (params.reply.student_details?.length ?? 0) > 0,
    registrationCompleted: (_, params: { reply: RegistrationLeadBySfIdReply }) =>
      params.reply.success === 'false' && Boolean(params.reply.data?.student_roll_no),
    /** The number's registration_count reached the programme's allowed count. */
    accountExists: ({ context }, { lead }: { lead?: { registration_count?: number } }) =>
      (lead?.registration_count ?? 0) >= context.programme.registration.allowedRegistrationCount,
    hasExamDetailsStep: ({ context }) => hasExamDetailsStep(context.programme),
    backToDetails: (_, output: ExamStepOutput) => output.next === 'details',
    registered: (_, output: SignupStepOutput) => output.status === 'registered',
    redirected: (_, output: SignupStepOutput) => output.status === 'redirected',
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => initialContext(input),
  initial: 'entry',
  states: {
    entry: {
      always: [
        {
          guard: { type: 'entry', params: { is: 'gatewayReturn' } },
          target: 'confirmingPayment',
          actions: 'keepResult',
        },
        {
          guard: { type: 'entry', params: { is: 'registered' } },
          target: 'loadingSteps',
          actions: 'keepResult',
        },
        {
          guard: and([{ type: 'entry', params: { is: 'paymentFailed' as const } }, 'tracksPaymentFailure']),
          target: 'paymentFailed',
          actions: {
            type: 'track',
            params: ({ context }) => ({
              event: 'payment_status_failure' as const,
              payload: paymentFailurePayload(context.stored ?? { mobile: context.mobile }),
            }),
          },
        },
        { guard: { type: 'entry', params: { is: 'paymentFailed' } }, target: 'paymentFailed' },
        { guard: { type: 'entry', params: { is: 'leadLink' } }, target: 'loadingLeadBySfId' },
        { target: 'step1' },
      ],
    },
    loadingLeadBySfId: {
      invoke: {
        id: 'fetchLeadBySfId',
        src: 'fetchLeadBySfId',
        // The login details of a paid registration come only with the mobile's registration token.
        input: ({ context }) => ({
          query: { sf_id: context.query.sf_id ?? '' },
          registrationToken: context.registrationToken,
        }),
        onDone: [
          {
            guard: { type: 'leadFound', params: ({ event }) => ({ reply: event.output }) },
            target: 'loadingSteps',
            actions: assign(({ event }) => prefillFromLeadLink(event.output)),
          },
          {
            guard: { type: 'registrationCompleted', params: ({ event }) => ({ reply: event.output }) },
            target: 'redirectingToLogin',
            actions: { type: 'goToLogin', params: ({ event }) => loginOfLeadLink(event.output) },
          },
          { target: 'step1' },
        ],
        onError: { target: 'step1' },
      },
    },
    /** What steps 2 to 5 show loads (usually there already: no "Loading…" paints), then the thank-you or step 2. */
    loadingSteps: {
      invoke: {
        id: 'loadLaterSteps',
        src: 'loadLaterSteps',
        onDone: [{ guard: 'querySaysRegistered', target: 'success' }, { target: 'step2' }],
        onError: 'stepsNotLoaded',
      },
    },
    /** The forms' code did not arrive (a flaky network): the student tries again. */
    stepsNotLoaded: {
      on: { 'steps.retry': 'loadingSteps' },
    },
    /** The number, verified by OTP or caller identity (registration-mobile-machine.ts). */
    step1: {
      invoke: {
        id: 'mobileStep',
        src: 'mobileStep',
        input: ({ context }) => ({
          programme: context.programme,
          registrationPage: context.registrationPage,
          mobile: context.mobile,
          notice: context.notice,
        }),
        onDone: [
          {
            guard: { type: 'accountExists', params: output },
            target: 'accountExists',
            actions: assign({ mobile: ({ event }) => event.output.mobile }),
          },
          {
            target: 'loadingSteps',
            actions: assign(({ context, event }) => {
              const prefilled = {
                ...context,
                ...prefillFromVerified(event.output),
                exam: examFromLead(context.exam, event.output.lead, context.programme),
              };
              return { ...prefilled, ...resumeDraft(prefilled, event.output.draft), notice: undefined };
            }),
          },
        ],
        // A step that fails (a bug, not a refusal: those it handles) starts the card again.
        onError: { target: 'step1', reenter: true },
      },
    },
    /** registration_count reached the programme's allowed count. */
    accountExists: {
      on: { 'mobile.edit': 'step1' },
    },
    /** The student's details (registration-details-machine.ts). */
    step2: {
      invoke: {
        id: 'detailsStep',
        src: 'detailsStep',
        input: ({ context }) => ({
          programme: context.programme,
          registrationPage: context.registrationPage,
          student: context.student,
          locked: context.locked,
          classStreams: context.options.classStreams,
          ...(context.resumedDetails ? { draft: context.resumedDetails } : {}),
        }),
        onDone: [
          { guard: 'hasExamDetailsStep', target: 'step3', actions: { type: 'takeDetails', params: output } },
          { target: 'signingUp', actions: { type: 'takeDetails', params: output } },
        ],
        onError: 'step1',
      },
    },
    /** The exam, the coupon and the payment method (registration-exam-machine.ts). */
    step3: {
      invoke: {
        id: 'examStep',
        src: 'examStep',
        input: ({ context }) => examStepInput(context),
        onDone: [
          { guard: { type: 'backToDetails', params: output }, target: 'step2', actions: takeExamStep },
          { target: 'signingUp', actions: takeExamStep },
        ],
        onError: 'step1',
      },
    },
    /** The signup, then the gateway or the thank-you (registration-signup-machine.ts). */
    signingUp: {
      invoke: {
        id: 'signupStep',
        src: 'signupStep',
        input: ({ context }) => ({ ...context }),
        onDone: [
          { guard: { type: 'redirected', params: output }, target: 'redirectingToPayment' },
          { guard: { type: 'registered', params: output }, target: 'success', actions: takeResult },
          { guard: 'hasExamDetailsStep', target: 'step3' },
          { target: 'step2' },
        ],
        onError: 'step1',
      },
    },
    redirectingToPayment: { type: 'final' },
    redirectingToLogin: { type: 'final' },
    /** Back from the gateway with success: the payment step waits for the order's record. */
    confirmingPayment: {
      invoke: {
        id: 'confirmOrder',
        src: 'confirmOrder',
        input: ({ context }) => ({
          orderId: context.query.order_id ?? '',
          returnToken: context.query.order_token,
          gatewaySaidPaid: true,
        }),
        onDone: [{ guard: { type: 'orderPaid', params: output }, target: 'loadingSteps' }, 'paymentFailed'],
        onError: 'step1',
      },
      on: { 'payment.check': { actions: sendTo('confirmOrder', { type: 'payment.check' }) } },
    },
    /** Step 0: back from the gateway with status=failure. */
    paymentFailed: {
      on: { 'payment.retry': 'reloadingLead' },
    },
    reloadingLead: {
      invoke: {
        id: 'fetchLeadsByMobile',
        src: 'fetchLeadsByMobile',
        input: ({ context }) => ({
          query: { mobile_no: context.mobile, exam_type: context.registrationPage },
          registrationToken: context.registrationToken,
        }),
        onDone: {
          target: 'loadingSteps',
          actions: assign(({ context, event }) => ({
            ...prefillFromLead(event.output.student_details[0]),
            exam: examFromLead(context.exam, event.output.student_details[0], context.programme),
          })),
        },
        // Without a usable registration token (Try Again in another tab or browser) the number is
        // verified again, and the card says why: the details come back once it is.
        onError: { target: 'step1', actions: assign({ notice: say('registration.verifyAgain') }) },
      },
    },
    /** "Registration Successful" (registration-success-machine.ts). */
    success: {
      invoke: {
        id: 'successStep',
        src: 'successStep',
        input: ({ context }) => ({ result: context.result }),
        onError: { target: 'success', reenter: true },
      },
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
