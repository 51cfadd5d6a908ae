// The login flow (part 1 §2, §4, §5, §7, §8): roll number + date-of-birth password, auto-login
// from the query, and the effects of a successful login. Pure: the login call, storing the session,
// navigation and toasts are named actors and actions the app supplies with `.provide()`.
import { and, assign, fromPromise, setup } from 'xstate';
import { dobForLink } from '../domain/dates';
import type { LoginBody, LoginReply } from '../generated/api/login';
import type { EntryQuery } from './entry-query';
import { canLogin, normaliseRollNumber, validatePassword, validateRollNumber } from '../domain/validation';
import { fromError, say, type Message } from './message';

/** Every key the login machine may say: the screen hands the form these strings. */
export const LOGIN_MESSAGE_KEYS = [
  'validation.login.rollNumber',
  'validation.login.password',
  'login.failed',
] as const;
export type LoginMessageKey = (typeof LOGIN_MESSAGE_KEYS)[number];
export type LoginMessage = Message<LoginMessageKey>;

export interface LoginInput {
  /** The page's query: roll_no and dob log in at once unless registeration=success. */
  query?: EntryQuery;
}

export interface LoginContext {
  rollNumber: string;
  /** The date of birth as the picker gives it (DD/MM/YYYY) or as the query carries it. */
  password: string;
  errors: { rollNumber?: LoginMessage; password?: LoginMessage };
  autoLogin: boolean;
  /** The auto-login link's handoff code: this login joins the other host's (logout ends both). */
  handoff?: string;
}

export type LoginEvent =
  | { type: 'rollNumber.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'login.submit' };

export interface StoreSessionParams {
  token: string;
  rollNumber: string;
  /** DD-MM-YYYY */
  dob: string;
}

export interface GoToDashboardParams {
  /** The reply's dashboard_url: the app goes there with roll_no and dob when it is another host. */
  dashboardUrl: string;
  rollNumber: string;
  /** DD-MM-YYYY, as the other host's auto-login expects. */
  dob: string;
}

export interface ToastParams {
  type: 'success' | 'danger' | 'warn';
  message: LoginMessage;
}

/** Digits only, at most 12: what the roll number input keeps of what was typed. */
export const sanitizeRollNumber = normaliseRollNumber;

const validate = (context: LoginContext): LoginContext['errors'] => ({
  rollNumber: validateRollNumber(context.rollNumber) ? say('validation.login.rollNumber') : undefined,
  password: validatePassword(context.password) ? say('validation.login.password') : undefined,
});

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    login: fromPromise<LoginReply, LoginBody>(async () => {
      throw new Error('login: provide the login actor');
    }),
  },
  actions: {
    storeSession: (_, _params: StoreSessionParams) => {},
    goToDashboard: (_, _params: GoToDashboardParams) => {},
    showToast: (_, _params: ToastParams) => {},
  },
  guards: {
    /** The only way the login call fires: a password and exactly 12 digits. */
    credentialsComplete: ({ context }) => canLogin(context.rollNumber, context.password),
    autoLoginRequested: ({ context }) => context.autoLogin,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => {
    const query = input.query ?? {};
    const autoLogin = Boolean(query.roll_no && query.dob && query.registeration !== 'success');
    return {
      rollNumber: autoLogin ? sanitizeRollNumber(query.roll_no ?? '') : '',
      password: autoLogin ? (query.dob ?? '') : '',
      errors: {},
      autoLogin,
      handoff: autoLogin ? query.handoff : undefined,
    };
  },
  initial: 'entry',
  states: {
    entry: {
      always: [
        { guard: and(['autoLoginRequested', 'credentialsComplete']), target: 'submitting' },
        // A malformed auto-login link shows the form with its errors rather than calling the API.
        {
          guard: 'autoLoginRequested',
          target: 'editing',
          actions: assign({ errors: ({ context }) => validate(context) }),
        },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        'rollNumber.change': {
          actions: assign({
            rollNumber: ({ event }) => sanitizeRollNumber(event.value),
            errors: ({ context }) => ({ ...context.errors, rollNumber: undefined }),
          }),
        },
        'password.change': {
          actions: assign({
            password: ({ event }) => event.value,
            errors: ({ context }) => ({ ...context.errors, password: undefined }),
          }),
        },
        'login.submit': [
          { guard: 'credentialsComplete', target: 'submitting', actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => validate(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          roll_number: context.rollNumber,
          date_of_birth: context.password.trim(),
          ...(context.handoff ? { handoff: context.handoff } : {}),
        }),
        onDone: {
          target: 'loggedIn',
          actions: [
            {
              type: 'storeSession',
              params: ({ context, event }) => ({
                token: event.output.token,
                rollNumber: context.rollNumber,
                dob: dobForLink(context.password),
              }),
            },
            {
              type: 'goToDashboard',
              params: ({ context, event }) => ({
                dashboardUrl: event.output.dashboard_url,
                rollNumber: context.rollNumber,
                dob: dobForLink(context.password),
              }),
            },
          ],
        },
        onError: {
          // The form keeps what was typed so the student can correct it.
          target: 'editing',
          actions: {
            type: 'showToast',
            params: ({ event }) => ({ type: 'danger', message: fromError(event.error, 'login.failed') }),
          },
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});

export type LoginMachine = typeof loginMachine;
