// The forgot-credentials flow (part 1 §2, §5, §7, §8): a mobile number gets an OTP and, once it is
// verified, the roll number and date of birth are shown; a roll number gets its details by SMS at
// once. Pure: the two calls, persisting otp_id and toasts are supplied by the app.
import { assign, fromPromise, setup } from 'xstate';
import type { RecoverOtpBody, RecoverOtpReply } from '../generated/api/recover-otp';
import type { RecoverVerifyBody, RecoverVerifyReply } from '../generated/api/recover-verify';
import { RESEND_DELAY_MS } from '../domain/otp-rules';
import { normaliseLoginId } from '../domain/phone';
import { canRecover } from '../domain/validation';
import { fromError, fromReply, say, type Message } from './message';
import { createVerifyMobileMachine, VERIFY_MESSAGE_KEYS } from './verify-mobile-machine';

/** The verify-mobile flow of a mobile user: its check answers with the login details. */
export const recoveryVerifyMachine = createVerifyMobileMachine<RecoverVerifyReply>();
export type RecoveryVerifyMachine = typeof recoveryVerifyMachine;

/** Every key the recovery machine may say: the screen hands the form these strings. */
export const RECOVERY_MESSAGE_KEYS = [
  'recover.invalidId',
  'recover.success',
  ...VERIFY_MESSAGE_KEYS,
] as const;
export type RecoveryMessageKey = (typeof RECOVERY_MESSAGE_KEYS)[number];
export type RecoveryMessage = Message<RecoveryMessageKey>;

export type RecoveredDetails = RecoverVerifyReply['data'];

export interface RecoveryContext {
  loginId: string;
  otp: string;
  /** From the generate-OTP reply; the app also keeps it under the local-storage key otp_id. */
  otpId: string;
  /** Masked, from the generate-OTP reply, for "OTP sent to …". */
  maskedMobile: string;
  maskedEmail: string;
  /** The code's digits, from the generate-OTP reply (absent: the spec's 4). */
  codeLength?: number;
  idError?: RecoveryMessage;
  details?: RecoveredDetails;
}

/**
 * The validate-OTP body. resendUserDetails is true once the details were shown (the detailsShown
 * state): the same verify then asks the server to SMS them again.
 */
const validateInput = (context: RecoveryContext, resendUserDetails: boolean): RecoverVerifyBody => ({
  otp_id: context.otpId,
  otp: context.otp,
  login_id: context.loginId,
  resendUserDetails,
});

export type RecoveryEvent =
  | { type: 'id.change'; value: string }
  | { type: 'id.submit' }
  | { type: 'id.edit' }
  | { type: 'details.resend' };

export interface ToastParams {
  type: 'success' | 'danger' | 'warn';
  message: RecoveryMessage;
}

const initialContext = (): RecoveryContext => ({
  loginId: '',
  otp: '',
  otpId: '',
  maskedMobile: '',
  maskedEmail: '',
});

export const recoveryMachine = setup({
  types: {
    context: {} as RecoveryContext,
    events: {} as RecoveryEvent,
    children: {} as { verifyMobile: 'verifyMobile' },
  },
  actors: {
    generateOtp: fromPromise<RecoverOtpReply, RecoverOtpBody>(async () => {
      throw new Error('recovery: provide the generateOtp actor');
    }),
    /** The verify-mobile flow; the app provides its sendCode and checkCode (the recovery endpoints). */
    verifyMobile: recoveryVerifyMachine,
    validateOtp: fromPromise<RecoverVerifyReply, RecoverVerifyBody>(async () => {
      throw new Error('recovery: provide the validateOtp actor');
    }),
  },
  actions: {
    /** The app keeps otp_id in local storage (part 1 §3) so a reload can still verify. */
    persistOtpId: (_, _params: { otpId: string }) => {},
    showToast: (_, _params: ToastParams) => {},
  },
  guards: {
    /** The verify-mobile flow ended verified (else no code went out). */
    codeVerified: (_, params: { status: string }) => params.status === 'verified',
    /** Next is enabled only for a mobile number (10) or a roll number (12). */
    loginIdComplete: ({ context }) => canRecover(context.loginId),
    isMobileUser: (_, params: { isMobile: boolean }) => params.isMobile,
  },
  delays: {
    resendDelay: RESEND_DELAY_MS,
  },
}).createMachine({
  id: 'recovery',
  context: initialContext,
  initial: 'enteringId',
  on: {
    // Edit is offered on every step after the first and keeps what was typed.
    'id.edit': {
      target: '.enteringId',
      actions: assign({ otp: '', idError: undefined, details: undefined }),
    },
  },
  states: {
    enteringId: {
      on: {
        'id.change': {
          actions: assign({ loginId: ({ event }) => normaliseLoginId(event.value), idError: undefined }),
        },
        'id.submit': { guard: 'loginIdComplete', target: 'sendingId' },
      },
    },
    sendingId: {
      invoke: {
        id: 'generateOtp',
        src: 'generateOtp',
        input: ({ context }) => ({ login_id: context.loginId }),
        onDone: [
          {
            guard: {
              type: 'isMobileUser',
              params: ({ event }) => ({ isMobile: event.output.data.is_mobile }),
            },
            target: 'otpStep',
            actions: [
              assign({
                otp: '',
                otpId: ({ event }) => event.output.data.otp_id,
                maskedMobile: ({ event }) => event.output.data.mobile_number,
                maskedEmail: ({ event }) => event.output.data.email,
                codeLength: ({ event }) => event.output.data.otp_length,
              }),
              { type: 'persistOtpId', params: ({ event }) => ({ otpId: event.output.data.otp_id }) },
            ],
          },
          {
            target: 'detailsSent',
            actions: [
              assign({
                maskedMobile: ({ event }) => event.output.data.mobile_number,
                maskedEmail: ({ event }) => event.output.data.email,
              }),
            ],
          },
        ],
        onError: {
          target: 'enteringId',
          actions: assign({ idError: ({ event }) => fromError(event.error, 'recover.invalidId') }),
        },
      },
    },
    /**
     * A mobile user: the verify-mobile flow takes the code the send above went out with. Sending says
     * so once, on the screen beside the field ("OTP sent to …", "details sent to …"): no toast.
     */
    otpStep: {
      invoke: {
        id: 'verifyMobile',
        src: 'verifyMobile',
        input: ({ context }) => ({
          to: context.loginId,
          page: '',
          sent: { sentTo: context.maskedMobile, otpId: context.otpId, codeLength: context.codeLength },
        }),
        onDone: [
          {
            guard: { type: 'codeVerified', params: ({ event }) => ({ status: event.output.status }) },
            target: 'detailsShown',
            actions: assign(({ event }) =>
              event.output.status === 'verified'
                ? { details: event.output.reply.data, otp: event.output.code, otpId: event.output.otpId }
                : {},
            ),
          },
          {
            // No code went out: back to the field, saying why (never an empty details page).
            target: 'enteringId',
            actions: assign({
              idError: ({ event }) =>
                event.output.status === 'notSent' ? event.output.error : { key: 'validation.somethingWrong' },
            }),
          },
        ],
        // The verify flow itself failed (a bug, not a wrong code): back to the field, saying so.
        onError: { target: 'enteringId', actions: assign({ idError: say('validation.somethingWrong') }) },
      },
    },
    /** A roll number: the server sent the details by SMS; nothing to verify. */
    detailsSent: {
      initial: 'waiting',
      states: {
        waiting: { after: { resendDelay: 'ready' } },
        ready: { on: { 'details.resend': '#recovery.sendingId' } },
      },
    },
    /** A verified mobile: roll number and date of birth on screen. */
    detailsShown: {
      initial: 'waiting',
      states: {
        waiting: { after: { resendDelay: 'ready' } },
        ready: { on: { 'details.resend': 'resending' } },
        resending: {
          invoke: {
            id: 'validateOtp',
            src: 'validateOtp',
            input: ({ context }) => validateInput(context, true),
            onDone: {
              target: 'waiting',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'success',
                  message: fromReply(event.output.msg, 'recover.success'),
                }),
              },
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: fromError(event.error, 'validation.otp.invalid'),
                }),
              },
            },
          },
        },
      },
    },
  },
});

export type RecoveryMachine = typeof recoveryMachine;
