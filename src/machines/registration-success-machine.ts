// "Registration Successful" (part 2 §2): the roll number with a Copy button, the dob password, the
// exam schedule and Go to dashboard. The parent invokes it with the result of the signup (or of
// the query, back from the gateway).
import { fromPromise, setup } from 'xstate';
import { say } from './message';
import type { RegistrationResult, ToastParams } from './registration-model';

export interface SuccessStepInput {
  result?: RegistrationResult;
}

export type SuccessStepEvent = { type: 'rollNumber.copy' } | { type: 'dashboard.open' };

export const registrationSuccessMachine = setup({
  types: {
    input: {} as SuccessStepInput,
    context: {} as SuccessStepInput,
    events: {} as SuccessStepEvent,
  },
  actors: {
    copyText: fromPromise<unknown, { text: string }>(async () => {
      throw new Error('registration success step: provide the copyText actor');
    }),
  },
  actions: {
    showToast: (_, _params: ToastParams) => {},
    /** The signup's dashboard link, else the origin with roll_no and dob (part 2 §2). */
    goToDashboard: (_, _params: { dashboardLink?: string; rollNumber: string; dob: string }) => {},
  },
}).createMachine({
  id: 'registrationSuccess',
  context: ({ input }) => ({ ...input }),
  initial: 'idle',
  on: {
    'dashboard.open': {
      actions: {
        type: 'goToDashboard',
        params: ({ context }) => ({
          dashboardLink: context.result?.dashboardLink,
          rollNumber: context.result?.rollNumber ?? '',
          dob: context.result?.dob ?? '',
        }),
      },
    },
  },
  states: {
    idle: { on: { 'rollNumber.copy': 'copying' } },
    copying: {
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.result?.rollNumber ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'showToast', params: { type: 'success', message: say('registration.copied') } },
        },
        onError: {
          target: 'idle',
          actions: { type: 'showToast', params: { type: 'danger', message: say('registration.copyFailed') } },
        },
      },
    },
  },
});

export type RegistrationSuccessMachine = typeof registrationSuccessMachine;
