// The forgot-credentials flow (part 1 §2, §5, §7, §8): a mobile number gets an OTP and, once it is
// verified, the roll number and date of birth are shown; a roll number gets its details by SMS at
// once. Pure: the two calls, persisting otp_id and toasts are supplied by the app.
import { assign, fromPromise, setup } from 'xstate';
import type { RecoverOtpBody, RecoverOtpReply } from '../generated/api/recover-otp';
import type { RecoverVerifyBody, RecoverVerifyReply } from '../generated/api/recover-verify';
import { serverMessage } from './server-error';

export const LOGIN_ID_MAX = 12;
export const MOBILE_LENGTH = 10;
export const ROLL_NUMBER_LENGTH = 12;
export const OTP_LENGTH = 4;
/** Resend is offered this long after a send (part 1 §9). */
export const RESEND_DELAY_MS = 45_000;
export const INVALID_ID = 'Invalid';
export const INVALID_OTP = 'Please enter a valid OTP';
export const SUCCESS = 'Success';

export type RecoveredDetails = RecoverVerifyReply['data'];

export interface RecoveryContext {
  loginId: string;
  otp: string;
  /** From the generate-OTP reply; the app also keeps it under the local-storage key otp_id. */
  otpId: string;
  /** Masked, from the generate-OTP reply, for "OTP sent to …". */
  maskedMobile: string;
  maskedEmail: string;
  idError?: string;
  otpError?: string;
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
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'details.resend' };

export interface ToastParams {
  type: 'success' | 'danger' | 'warn';
  message: string;
}

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

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
  },
  actors: {
    generateOtp: fromPromise<RecoverOtpReply, RecoverOtpBody>(async () => {
      throw new Error('recovery: provide the generateOtp actor');
    }),
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
    /** Next is enabled only for a mobile number (10) or a roll number (12). */
    loginIdComplete: ({ context }) =>
      context.loginId.length === MOBILE_LENGTH || context.loginId.length === ROLL_NUMBER_LENGTH,
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
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
      actions: assign({ otp: '', idError: undefined, otpError: undefined, details: undefined }),
    },
  },
  states: {
    enteringId: {
      on: {
        'id.change': {
          actions: assign({ loginId: ({ event }) => digits(event.value, LOGIN_ID_MAX), idError: undefined }),
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
                otpError: undefined,
                otpId: ({ event }) => event.output.data.otp_id,
                maskedMobile: ({ event }) => event.output.data.mobile_number,
                maskedEmail: ({ event }) => event.output.data.email,
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
          actions: assign({ idError: ({ event }) => serverMessage(event.error) ?? INVALID_ID }),
        },
      },
    },
    // Sending says so once, on the screen beside the field ("OTP sent to …", "details sent to …"):
    // no toast repeats it.
    otpStep: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'otp.change': {
                  actions: assign({
                    otp: ({ event }) => digits(event.value, OTP_LENGTH),
                    otpError: undefined,
                  }),
                },
                'otp.submit': { guard: 'otpComplete', target: 'verifying' },
              },
            },
            verifying: {
              invoke: {
                id: 'validateOtp',
                src: 'validateOtp',
                input: ({ context }) => validateInput(context, false),
                onDone: {
                  target: '#recovery.detailsShown',
                  actions: assign({ details: ({ event }) => event.output.data }),
                },
                onError: {
                  target: 'editing',
                  actions: assign({ otpError: ({ event }) => serverMessage(event.error) ?? INVALID_OTP }),
                },
              },
            },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: { after: { resendDelay: 'ready' } },
            ready: { on: { 'otp.resend': '#recovery.sendingId' } },
          },
        },
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
                params: ({ event }) => ({ type: 'success', message: event.output.msg || SUCCESS }),
              },
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: serverMessage(event.error) ?? INVALID_OTP,
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
