// Step 1 of the registration card (part 2 §4, §5): the mobile number (or student id), verified by
// OTP through the verify-mobile flow (its child) or, on Android, by the caller-identity app. The
// parent registration machine invokes it with the number it knows and takes the verified number,
// the registration token and the earlier registration (if any) back as its output.
import { assign, fromPromise, setup } from 'xstate';
import type { RegistrationCallerIdentityStartReply } from '../generated/api/registration-caller-identity-start';
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../generated/api/registration-caller-identity-status';
import type { LeadRecord } from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationDraft } from '../generated/api/registration-draft';
import type { RegistrationOtpVerifyReply } from '../generated/api/registration-otp-verify';
import { MOBILE_LENGTH, STUDENT_ID_MAX } from '../domain/otp-rules';
import { normaliseMobile } from '../domain/phone';
import { say, type Message } from './message';
import {
  emptyStudent,
  FOCUS_CHECK_DELAY_MS,
  MAX_POLLS,
  mobileProblem,
  POLL_INTERVAL_MS,
  prefillFromLead,
  track,
  type RegistrationContext,
  type TrackParams,
} from './registration-model';
import { createVerifyMobileMachine, type VerifyOutcome } from './verify-mobile-machine';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('registration mobile step', name);

/** Step 1's verify-mobile flow: its check answers with the registration's verify reply. */
export const registrationVerifyMachine = createVerifyMobileMachine<RegistrationOtpVerifyReply>();
export type RegistrationVerifyMachine = typeof registrationVerifyMachine;
export type RegistrationVerifyOutcome = VerifyOutcome<RegistrationOtpVerifyReply>;

export type MobileStepInput = Pick<
  RegistrationContext,
  'programme' | 'registrationPage' | 'mobile' | 'notice'
>;

/** The verified number: with the OTP, its earlier registration (if any); by caller identity, a name. */
export interface MobileStepOutput {
  mobile: string;
  registrationToken?: string;
  lead?: LeadRecord;
  /** The card this number left part-way on this page, in another tab or device (the server's copy). */
  draft?: RegistrationDraft;
  /** The name the caller-identity app gave. */
  name?: string;
}

/** The verified number's registration data: an earlier registration prefilled, or the caller's name. */
export function prefillFromVerified({ mobile, registrationToken, lead, name }: MobileStepOutput) {
  const prefill = prefillFromLead(lead);
  const student = name === undefined ? prefill.student : { ...emptyStudent(), studentName: name };
  return { ...prefill, student, mobile, registrationToken };
}

export interface MobileStepContext extends MobileStepInput {
  mobileError?: Message;
  callerIdentity: { requestId: string; polls: number; pageHasFocus: boolean };
  verified?: MobileStepOutput;
}

export type MobileStepEvent =
  | { type: 'mobile.change'; value: string }
  | { type: 'mobile.blur' }
  | { type: 'mobile.edit' }
  | { type: 'otp.send' }
  | { type: 'callerIdentity.start' }
  | { type: 'callerIdentity.cancel' }
  | { type: 'page.focus' }
  | { type: 'page.blur' };

export const registrationMobileMachine = setup({
  types: {
    input: {} as MobileStepInput,
    context: {} as MobileStepContext,
    events: {} as MobileStepEvent,
    output: {} as MobileStepOutput,
    /** The one child views talk to: the verify-mobile flow. */
    children: {} as { verifyMobile: 'verifyMobile' },
  },
  actors: {
    /** The verify-mobile flow; the app provides its sendCode and checkCode (the OTP endpoints). */
    verifyMobile: registrationVerifyMachine,
    /** Starts a request and opens the identity app link (the app makes the nonce). */
    startCallerIdentity: fromPromise<RegistrationCallerIdentityStartReply>(missing('startCallerIdentity')),
    checkCallerIdentity: fromPromise<RegistrationCallerIdentityStatusReply, RegistrationCallerIdentityParams>(
      missing('checkCallerIdentity'),
    ),
  },
  actions: {
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
  },
  guards: {
    mobileLongEnough: ({ context }) => context.mobile.length >= MOBILE_LENGTH,
    mobileValid: ({ context }) =>
      mobileProblem(context.mobile, context.programme.registration.acceptsStudentId) === undefined,
    codeNotSent: (_, params: { outcome: RegistrationVerifyOutcome }) => params.outcome.status === 'notSent',
    pageHasFocus: ({ context }) => context.callerIdentity.pageHasFocus,
    callerVerified: (_, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'verified' && normaliseMobile(params.reply.mobile).length === MOBILE_LENGTH,
    callerVerifiedWithBadMobile: (_, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'verified',
    callerPending: ({ context }, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'pending' && context.callerIdentity.polls < MAX_POLLS,
  },
  delays: {
    focusCheckDelay: FOCUS_CHECK_DELAY_MS,
    pollInterval: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'registrationMobile',
  context: ({ input }) => ({ ...input, callerIdentity: { requestId: '', polls: 0, pageHasFocus: true } }),
  output: ({ context }) => context.verified ?? { mobile: context.mobile },
  initial: 'enteringMobile',
  states: {
    enteringMobile: {
      id: 'enteringMobile',
      on: {
        'mobile.change': {
          actions: assign({
            mobile: ({ context, event }) =>
              normaliseMobile(event.value, {
                studentIdMax: context.programme.registration.acceptsStudentId ? STUDENT_ID_MAX : undefined,
              }),
            mobileError: undefined,
          }),
        },
        'mobile.blur': {
          actions: assign({
            mobileError: ({ context }) =>
              mobileProblem(context.mobile, context.programme.registration.acceptsStudentId),
          }),
        },
        'otp.send': [
          { guard: 'mobileValid', target: 'verifying', actions: assign({ mobileError: undefined }) },
          {
            guard: 'mobileLongEnough',
            actions: assign({
              mobileError: ({ context }) =>
                mobileProblem(context.mobile, context.programme.registration.acceptsStudentId),
            }),
          },
        ],
        'callerIdentity.start': {
          target: 'callerIdentity',
          actions: assign({
            mobileError: undefined,
            callerIdentity: { requestId: '', polls: 0, pageHasFocus: true },
          }),
        },
      },
    },
    /**
     * The verify-mobile flow as a child: it sends the code, takes it and offers a resend; the
     * view talks to it directly. Its outcome decides where the card goes.
     */
    verifying: {
      on: { 'mobile.edit': 'enteringMobile' },
      invoke: {
        id: 'verifyMobile',
        src: 'verifyMobile',
        input: ({ context }) => ({ to: context.mobile, page: context.registrationPage }),
        onDone: [
          {
            guard: { type: 'codeNotSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'enteringMobile',
            actions: assign({
              mobileError: ({ event }) =>
                event.output.status === 'notSent' ? event.output.error : undefined,
            }),
          },
          {
            target: 'done',
            actions: [
              assign({
                verified: ({ context, event }) => {
                  const reply = event.output.status === 'verified' ? event.output.reply : undefined;
                  return {
                    mobile: context.mobile,
                    lead: reply?.student_details[0],
                    registrationToken: reply?.registration_token,
                    ...(reply?.draft ? { draft: reply.draft } : {}),
                  };
                },
              }),
              track('otp_verified'),
            ],
          },
        ],
        // The verify flow itself failed (a bug, not a wrong code): back to the number, saying so.
        onError: {
          target: 'enteringMobile',
          actions: assign({ mobileError: () => say('validation.somethingWrong') }),
        },
      },
    },
    /** Android: the identity app confirms the number instead of an OTP (part 2 §4). */
    callerIdentity: {
      on: { 'callerIdentity.cancel': 'enteringMobile' },
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            id: 'startCallerIdentity',
            src: 'startCallerIdentity',
            onDone: {
              target: 'awaitingFocusCheck',
              actions: [
                assign({
                  callerIdentity: ({ event }) => ({
                    requestId: event.output.requestId,
                    polls: 0,
                    pageHasFocus: true,
                  }),
                }),
                track('caller_identity_started'),
              ],
            },
            onError: {
              target: '#enteringMobile',
              actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
            },
          },
        },
        awaitingFocusCheck: {
          on: {
            'page.blur': {
              actions: assign({
                callerIdentity: ({ context }) => ({ ...context.callerIdentity, pageHasFocus: false }),
              }),
            },
            'page.focus': {
              actions: assign({
                callerIdentity: ({ context }) => ({ ...context.callerIdentity, pageHasFocus: true }),
              }),
            },
          },
          after: {
            // Still focused after 1.5 s: the app did not open, so the student types the number.
            focusCheckDelay: [{ guard: 'pageHasFocus', target: '#enteringMobile' }, { target: 'polling' }],
          },
        },
        polling: {
          initial: 'waiting',
          states: {
            waiting: { after: { pollInterval: 'checking' } },
            checking: {
              entry: assign({
                callerIdentity: ({ context }) => ({
                  ...context.callerIdentity,
                  polls: context.callerIdentity.polls + 1,
                }),
              }),
              invoke: {
                id: 'checkCallerIdentity',
                src: 'checkCallerIdentity',
                input: ({ context }) => ({ requestId: context.callerIdentity.requestId }),
                onDone: [
                  {
                    guard: { type: 'callerVerified', params: ({ event }) => ({ reply: event.output }) },
                    target: '#registrationMobile.done',
                    actions: assign({
                      verified: ({ event }) => ({
                        mobile: normaliseMobile(event.output.mobile),
                        name: `${event.output.firstName} ${event.output.lastName}`.trim(),
                        registrationToken: event.output.registration_token,
                      }),
                    }),
                  },
                  {
                    guard: {
                      type: 'callerVerifiedWithBadMobile',
                      params: ({ event }) => ({ reply: event.output }),
                    },
                    target: '#enteringMobile',
                    actions: assign({ mobileError: say('registration.callerIdentityBadMobile') }),
                  },
                  {
                    guard: { type: 'callerPending', params: ({ event }) => ({ reply: event.output }) },
                    target: 'waiting',
                  },
                  {
                    target: '#enteringMobile',
                    actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
                  },
                ],
                onError: {
                  target: '#enteringMobile',
                  actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
                },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type RegistrationMobileMachine = typeof registrationMobileMachine;
