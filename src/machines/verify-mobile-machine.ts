// One verify-mobile (OTP) flow for every screen that checks a mobile number (DESIGN.md: one of each
// mechanism): send a code, take its digits (as many as the send says: site config otp.length, 4 by
// default) and verify as soon as the last one arrives, offer a new code 45 s after the last, and on
// a wrong code (error_code 1) empty the boxes so the first takes focus again. The registration card
// (step 1) and the recovery screen invoke it as a child; what the calls are (which endpoint, for
// which purpose) is supplied with `.provide()`, so the flow itself names no screen. The default
// length and the delay come from src/domain/otp-rules.ts, which the server reads.
import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import { OTP_LENGTH, RESEND_DELAY_MS, WRONG_OTP_ERROR_CODE } from '../domain/otp-rules';
import { digitsOnly, validateOtp } from '../domain/validation';
import { fromError, type Message } from './message';
import { codeJustSent, serverErrorCode } from './server-error';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('verify-mobile', name);

/** What the flow may say: the screens hand these strings to their views. */
export const VERIFY_MESSAGE_KEYS = ['validation.otp.invalid', 'validation.somethingWrong'] as const;
export type VerifyMessageKey = (typeof VERIFY_MESSAGE_KEYS)[number];
export type VerifyMessage = Message<VerifyMessageKey>;

/** A code went out: where to (as the server shows it, perhaps masked), its id, if it has one, and
 * its digits as the server says (site config otp.length; the spec's 4 when it does not say). */
export interface SentCode {
  sentTo: string;
  otpId: string;
  codeLength?: number;
}

export interface VerifyMobileInput {
  /** The number (or student id, or login id) the code is for. */
  to: string;
  /** The page the code is for, where the API asks (the registration page); else ''. */
  page: string;
  /** A code the parent already sent (recovery learns from its send whether a code follows). */
  sent?: SentCode;
}

export interface SendCodeInput {
  to: string;
  page: string;
}

export interface CheckCodeInput extends SendCodeInput {
  code: string;
  otpId: string;
}

export interface VerifyMobileContext extends SendCodeInput {
  code: string;
  sentTo: string;
  otpId: string;
  /** The digits of the code sent. */
  codeLength: number;
  error?: VerifyMessage;
  /** Counts wrong codes: each one empties the boxes and moves focus back to the first (view key). */
  wrongCodes: number;
  /** When (epoch ms) a new code may be asked for: the wait outlives a reload (a resumed snapshot). */
  resendAt?: number;
  /** The wait the hint under the boxes names, in seconds: all of it after a send, the rest after a reload. */
  resendWaitSeconds?: number;
  /** The boxes are for a code sent moments ago elsewhere (another tab), not by this flow. */
  sentElsewhere?: boolean;
}

export type VerifyMobileEvent =
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  /** The flow was restored from a persisted snapshot (a reload): its resend wait starts again for what is left. */
  | { type: 'verify.resumed' };

/** How the flow ended: verified (with the check's reply and the code), or the first send failed. */
export type VerifyOutcome<TVerified> =
  | { status: 'verified'; reply: TVerified; code: string; otpId: string }
  | { status: 'notSent'; error: VerifyMessage };

const typed = (value: string, length: number) => digitsOnly(value, length);

/**
 * The flow for one kind of verification reply (the registration and the recovery check answer
 * differently); the parent names its reply type and the app provides `sendCode` and `checkCode`.
 */
export function createVerifyMobileMachine<TVerified>() {
  return setup({
    types: {
      input: {} as VerifyMobileInput,
      context: {} as VerifyMobileContext & { outcome?: VerifyOutcome<TVerified> },
      events: {} as VerifyMobileEvent,
      output: {} as VerifyOutcome<TVerified>,
    },
    actors: {
      sendCode: fromPromise<SentCode, SendCodeInput>(missing('sendCode')),
      checkCode: fromPromise<TVerified, CheckCodeInput>(missing('checkCode')),
    },
    actions: {
      /** A code went out (analytics, or keeping otp_id for a reload): the app decides. */
      codeSent: (_, _params: SentCode) => {},
      /** A new code: where it went and its id; the boxes start empty. */
      takeSentCode: assign((_, sent: SentCode) => ({
        code: '',
        error: undefined,
        sentTo: sent.sentTo,
        otpId: sent.otpId,
        codeLength: sent.codeLength ?? OTP_LENGTH,
        resendAt: Date.now() + RESEND_DELAY_MS,
        resendWaitSeconds: RESEND_DELAY_MS / 1000,
        sentElsewhere: false,
      })),
    },
    guards: {
      alreadySent: ({ context }) => context.sentTo !== '' || context.otpId !== '',
      completesCode: ({ context }, params: { value: string }) =>
        validateOtp(typed(params.value, context.codeLength), context.codeLength) === undefined,
      codeComplete: ({ context }) => validateOtp(context.code, context.codeLength) === undefined,
      wrongCode: (_, params: { error: unknown }) => serverErrorCode(params.error) === WRONG_OTP_ERROR_CODE,
      codeJustSent: (_, params: { error: unknown }) => codeJustSent(params.error) !== undefined,
    },
    // What is left of the wait: all of it after a send, the rest after a reload restored the flow.
    delays: {
      resendDelay: ({ context }) =>
        context.resendAt === undefined ? RESEND_DELAY_MS : Math.max(0, context.resendAt - Date.now()),
    },
  }).createMachine({
    id: 'verifyMobile',
    context: ({ input }) => ({
      to: input.to,
      page: input.page,
      code: '',
      sentTo: input.sent?.sentTo ?? '',
      otpId: input.sent?.otpId ?? '',
      codeLength: input.sent?.codeLength ?? OTP_LENGTH,
      wrongCodes: 0,
      // A code the parent sent a moment ago: its wait runs from now, and outlives a reload too.
      ...(input.sent
        ? { resendAt: Date.now() + RESEND_DELAY_MS, resendWaitSeconds: RESEND_DELAY_MS / 1000 }
        : {}),
    }),
    initial: 'start',
    output: ({ context }) =>
      context.outcome ?? { status: 'notSent', error: { key: 'validation.somethingWrong' } },
    states: {
      start: {
        always: [{ guard: 'alreadySent', target: 'codeEntry' }, { target: 'sending' }],
      },
      sending: {
        invoke: {
          id: 'sendCode',
          src: 'sendCode',
          input: ({ context }) => ({ to: context.to, page: context.page }),
          onDone: {
            target: 'codeEntry',
            actions: [
              { type: 'takeSentCode', params: ({ event }) => event.output },
              { type: 'codeSent', params: ({ event }) => event.output },
            ],
          },
          onError: [
            {
              // A code went to this number moments ago (another tab, a second tap): its boxes,
              // and the wait that is left, instead of a refusal.
              guard: { type: 'codeJustSent', params: ({ event }) => ({ error: event.error }) },
              target: 'codeEntry',
              actions: assign(({ context, event }) => {
                const sent = codeJustSent(event.error);
                const wait = (sent?.resendInSeconds ?? RESEND_DELAY_MS / 1000) * 1000;
                return {
                  code: '',
                  sentTo: context.to,
                  codeLength: sent?.codeLength ?? context.codeLength,
                  resendAt: Date.now() + wait,
                  resendWaitSeconds: Math.ceil(wait / 1000),
                  sentElsewhere: true,
                };
              }),
            },
            {
              target: 'notSent',
              actions: assign({
                outcome: ({ event }) => ({
                  status: 'notSent' as const,
                  error: fromError(event.error, 'validation.somethingWrong'),
                }),
              }),
            },
          ],
        },
      },
      notSent: { type: 'final' },
      /** The code boxes and the resend offer, side by side. */
      codeEntry: {
        type: 'parallel',
        states: {
          code: {
            initial: 'editing',
            states: {
              editing: {
                on: {
                  'otp.change': [
                    {
                      guard: { type: 'completesCode', params: ({ event }) => ({ value: event.value }) },
                      target: 'verifying',
                      actions: assign({
                        code: ({ context, event }) => typed(event.value, context.codeLength),
                        error: undefined,
                      }),
                    },
                    {
                      actions: assign({
                        code: ({ context, event }) => typed(event.value, context.codeLength),
                        error: undefined,
                      }),
                    },
                  ],
                  // A full code that failed for another reason (expired, offline) may be sent again.
                  'otp.submit': { guard: 'codeComplete', target: 'verifying' },
                },
              },
              verifying: {
                invoke: {
                  id: 'checkCode',
                  src: 'checkCode',
                  input: ({ context }) => ({
                    to: context.to,
                    page: context.page,
                    code: context.code,
                    otpId: context.otpId,
                  }),
                  onDone: {
                    target: '#verifyMobile.verified',
                    actions: assign({
                      outcome: ({ context, event }) => ({
                        status: 'verified' as const,
                        reply: event.output,
                        code: context.code,
                        otpId: context.otpId,
                      }),
                    }),
                  },
                  onError: [
                    {
                      // error_code 1: a wrong code; the boxes empty so the first one takes focus again.
                      guard: { type: 'wrongCode', params: ({ event }) => ({ error: event.error }) },
                      target: 'editing',
                      actions: assign({
                        code: '',
                        error: ({ event }) => fromError(event.error, 'validation.otp.invalid'),
                        wrongCodes: ({ context }) => context.wrongCodes + 1,
                      }),
                    },
                    {
                      target: 'editing',
                      actions: assign({
                        error: ({ event }) => fromError(event.error, 'validation.somethingWrong'),
                      }),
                    },
                  ],
                },
              },
            },
          },
          resend: {
            initial: 'waiting',
            states: {
              waiting: {
                after: { resendDelay: 'ready' },
                // A restored snapshot has no timer running: enter again to start one for what is left.
                on: {
                  'verify.resumed': {
                    target: 'waiting',
                    reenter: true,
                    actions: assign({
                      resendWaitSeconds: ({ context }) =>
                        Math.max(1, Math.ceil(((context.resendAt ?? 0) - Date.now()) / 1000)),
                    }),
                  },
                },
              },
              ready: {
                on: {
                  // Not while a code is being checked: leaving would drop a check the server may
                  // already have counted.
                  'otp.resend': {
                    guard: not(stateIn({ codeEntry: { code: 'verifying' } })),
                    target: '#verifyMobile.resending',
                  },
                },
              },
            },
          },
        },
      },
      resending: {
        invoke: {
          id: 'sendCode',
          src: 'sendCode',
          input: ({ context }) => ({ to: context.to, page: context.page }),
          onDone: {
            target: 'codeEntry',
            actions: [
              { type: 'takeSentCode', params: ({ event }) => event.output },
              { type: 'codeSent', params: ({ event }) => event.output },
            ],
          },
          onError: {
            target: 'codeEntry',
            actions: assign({ error: ({ event }) => fromError(event.error, 'validation.somethingWrong') }),
          },
        },
      },
      verified: { type: 'final' },
    },
  });
}

export type VerifyMobileMachine<TVerified> = ReturnType<typeof createVerifyMobileMachine<TVerified>>;

/** What the student sees of the flow: the code boxes, their message, and what can be done now. */
export interface CodeEntryView {
  /** The boxes are on screen (a code went out and is not yet verified). */
  shown: boolean;
  value: string;
  /** The boxes: the code's digits. */
  length: number;
  error?: VerifyMessage;
  /** The code was sent moments ago elsewhere (another tab): the screen says so instead of "sent". */
  sentElsewhere: boolean;
  /** Checking the code or sending a new one: the boxes wait. */
  busy: boolean;
  canSubmit: boolean;
  canResend: boolean;
  /** Changes on each wrong code: the view moves focus back to the first box. */
  focusKey?: number;
}

/** The code entry of a snapshot of the flow (pure; both screens render from it). */
export function codeEntryView(snapshot: {
  context: VerifyMobileContext;
  matches: (value: 'codeEntry' | 'resending' | { codeEntry: { code: 'verifying' } }) => boolean;
  can: (event: VerifyMobileEvent) => boolean;
}): CodeEntryView {
  const { context } = snapshot;
  return {
    shown: snapshot.matches('codeEntry') || snapshot.matches('resending'),
    value: context.code,
    length: context.codeLength,
    error: context.error,
    sentElsewhere: context.sentElsewhere === true,
    busy: snapshot.matches({ codeEntry: { code: 'verifying' } }) || snapshot.matches('resending'),
    canSubmit: snapshot.can({ type: 'otp.submit' }),
    canResend: snapshot.can({ type: 'otp.resend' }),
    focusKey: context.wrongCodes || undefined,
  };
}
