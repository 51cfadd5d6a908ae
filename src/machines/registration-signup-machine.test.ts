// Model-based test of the signup (registration-signup-machine.ts): every state and transition,
// with the card's view asserted after every event, as the card renders it (the parent's context
// while the signup runs; once it ends, the screen the real parent goes to with its output).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, type AnyMachineSnapshot } from 'xstate';
import { answeredWith, refusal } from '../api/client.test-support';
import { signup } from '../api/endpoints/signup';
import type { RegistrationSignupReply } from '../generated/api/registration-signup';
import { fromError } from './message';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import {
  apiError,
  classStreamsReply,
  date,
  details,
  iacst,
  noExamStep,
  onlineSlot,
  paymentData,
  signedUp,
  stepView,
} from './registration-fixtures.test-support';
import {
  hasExamDetailsStep,
  initialContext,
  type RegistrationContext,
  type RegistrationInput,
  type SignupInput,
  type ToastParams,
} from './registration-model';
import { registrationSignupMachine } from './registration-signup-machine';

/** The toasts and the gateway form of the path being replayed. */
const effects = { toasts: [] as ToastParams[], gateway: [] as unknown[] };

/**
 * What the student must see after each event of the signup, written from the spec rather than
 * read from the machine: the card's view of the real snapshot after the event.
 */
const expectSignupView =
  (parent: RegistrationContext) =>
  (step: ModelStep, actual: AnyMachineSnapshot): void => {
    const after = stepView('signingUp', parent, actual, undefined);
    const event = step.event as { type: string; [key: string]: unknown };
    const withExamStep = hasExamDetailsStep(parent.programme);
    const offers = (label: string) => after.actions.some((a) => a.label === label);
    switch (event.type) {
      case 'xstate.init':
        // Signing up: the form the student came from, nothing to submit again.
        expect(after.step).toBe('signingUp');
        expect(after.heading).toBe(withExamStep ? 'registration.examHeading' : 'registration.detailsHeading');
        expect(after.actions.filter((a) => a.enabled && a.label !== 'registration.editDetails')).toEqual([]);
        break;
      case 'xstate.done.actor.signup': {
        const reply = event.output as RegistrationSignupReply;
        const toGateway = reply.data.isPaidExam && reply.data.payment_data !== null;
        expect(after.step).toBe(toGateway ? 'payment' : 'success');
        if (after.step === 'success') expect(offers('registration.goToDashboard')).toBe(true);
        if (after.step === 'payment') expect(after.messages).toEqual([{ key: 'registration.redirecting' }]);
        expect(effects.gateway).toEqual(toGateway ? [{ paymentData }] : []);
        break;
      }
      case 'xstate.error.actor.signup':
        // Back to the step the student came from, a danger toast saying why.
        expect(after.step).toBe(withExamStep ? 'exam' : 'details');
        expect(effects.toasts).toEqual([
          { type: 'danger', message: fromError(event.error, 'registration.signupFailed') },
        ]);
        break;
    }
  };

describe('registration signup step: model', () => {
  const calls = new PendingCalls();
  const machine = registrationSignupMachine.provide({
    actors: { signup: calls.actor<RegistrationSignupReply, SignupInput>('signup') },
    actions: {
      showToast: (_, params) => void effects.toasts.push(params),
      redirectToPayment: (_, params) => void effects.gateway.push(params),
    },
  });

  const events = [
    { type: 'xstate.done.actor.signup', output: signedUp(false) },
    { type: 'xstate.done.actor.signup', output: signedUp(true) },
    { type: 'xstate.error.actor.signup', error: apiError('Please select exam slot') },
    { type: 'xstate.error.actor.signup', error: new Error('offline') },
  ];

  /** The parent's data as the signup starts: details and (where there is a step 3) the exam. */
  const parentAt = (input: RegistrationInput): RegistrationContext => ({
    ...initialContext(input),
    mobile: '9000000001',
    student: details,
    exam: { courseType: 'classroom', slot: onlineSlot, date },
    options: { classStreams: classStreamsReply.data, slots: [onlineSlot], dates: [date] },
  });
  const parents = [
    parentAt({ programme: iacst, registrationPage: 'iACST' }),
    {
      ...parentAt({ programme: noExamStep, registrationPage: 'MOCK-JEE' }),
      exam: { courseType: 'classroom' },
    },
  ] satisfies RegistrationContext[];

  it('takes every transition and reaches every state; the card shows each step', async () => {
    const coverage = emptyCoverage();
    const counts: number[] = [];
    for (const parent of parents) {
      // What the parent gives the step (registration-machine.ts, signingUp's invoke).
      const input = { ...parent };
      const paths = transitionCoverPaths({ machine, input, events });
      counts.push(paths.length);
      for (const p of paths) {
        effects.toasts = [];
        effects.gateway = [];
        await replayPath(p, {
          machine,
          input,
          calls,
          delays: {},
          coverage,
          expectView: expectSignupView(parent),
        });
      }
    }
    console.log(`registration signup step: ${counts.join(' + ')} model paths`);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });

  it("takes a 200 whose body says success 'false' as a failed signup: the server msg, no thank-you", async () => {
    const toasts: ToastParams[] = [];
    const gateway: unknown[] = [];
    const refused = registrationSignupMachine.provide({
      actors: {
        signup: fromPromise<RegistrationSignupReply, SignupInput>(({ input }) =>
          answeredWith(refusal('This exam date is full. Please choose another date.'), (options) =>
            signup(input.body, input.registrationToken ?? '', options),
          ),
        ),
      },
      actions: {
        showToast: (_, params) => void toasts.push(params),
        redirectToPayment: (_, params) => void gateway.push(params),
      },
    });
    const parent = parentAt({ programme: iacst, registrationPage: 'iACST' });
    const actor = createActor(refused, { input: { ...parent, registrationToken: 'reg-token' } }).start();
    expect(await toPromise(actor)).toEqual({ status: 'failed' });
    expect(toasts).toEqual([
      {
        type: 'danger',
        message: {
          key: 'registration.signupFailed',
          server: 'This exam date is full. Please choose another date.',
        },
      },
    ]);
    expect(gateway).toEqual([]);
  });
});
