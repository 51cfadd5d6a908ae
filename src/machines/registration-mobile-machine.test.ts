// Model-based test of step 1 (registration-mobile-machine.ts): every state and transition, with
// the card's view asserted after every event, as the card renders it (the parent's context with
// this step's snapshot; once the step ends, the screen the real parent goes to with its output).
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { RegistrationCallerIdentityStartReply } from '../generated/api/registration-caller-identity-start';
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../generated/api/registration-caller-identity-status';
import type { LeadRecord } from '../generated/api/registration-lead-by-sf-id';
import { validateRegistrationMobile } from '../domain/validation';
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
  callerStart,
  callerStatus,
  iacst,
  lead,
  mockNeet,
  stepView,
  verified,
} from './registration-fixtures.test-support';
import {
  registrationMobileMachine,
  type MobileStepContext,
  type MobileStepInput,
  type RegistrationVerifyMachine,
  type RegistrationVerifyOutcome,
} from './registration-mobile-machine';
import {
  FOCUS_CHECK_DELAY_MS,
  initialContext,
  MAX_POLLS,
  mobileProblem,
  POLL_INTERVAL_MS,
  type RegistrationContext,
} from './registration-model';

const delays = { focusCheckDelay: FOCUS_CHECK_DELAY_MS, pollInterval: POLL_INTERVAL_MS };

const verifiedOutcome = (details: LeadRecord[]): RegistrationVerifyOutcome => ({
  status: 'verified',
  reply: verified(details),
  code: '1234',
  otpId: '',
});
const notSent: RegistrationVerifyOutcome = {
  status: 'notSent',
  error: { key: 'validation.somethingWrong', server: 'Please try again later.' },
};

/**
 * What the student must see after each event of step 1, written from the spec rather than read
 * from the machine: the card's view of the real snapshot after the event, against the event and
 * the screen before it.
 */
const expectMobileView =
  (parent: RegistrationContext) =>
  (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void => {
    const after = stepView('step1', parent, actual, 'mobile');
    const before = stepView('step1', parent, previous, 'mobile');
    const context = actual.context as MobileStepContext;
    const event = step.event as { type: string; [key: string]: unknown };
    const offers = (label: string) => after.actions.some((a) => a.label === label);
    const acceptsId = context.programme.registration.acceptsStudentId;
    // On every screen of step 1 the number typed shows.
    if (after.mobile) expect(after.mobile.value).toBe(context.mobile);
    switch (event.type) {
      case 'mobile.change':
        expect(after.step).toBe('mobile');
        expect(after.mobile?.value).toBe(
          String(event.value)
            .replace(/\D/g, '')
            .slice(0, acceptsId ? 11 : 10),
        );
        expect(after.mobile?.error).toBeUndefined();
        break;
      case 'mobile.blur':
        expect(after.step).toBe('mobile');
        expect(after.mobile?.error?.key).toBe(validateRegistrationMobile(context.mobile, acceptsId));
        break;
      case 'otp.send': {
        // Verify sends a number that passes its rule; at the mobile length it names what is wrong.
        const problem = validateRegistrationMobile(context.mobile, acceptsId);
        expect(after.step).toBe(before.step === 'mobile' && !problem ? 'sending' : before.step);
        if (before.step === 'mobile' && problem && context.mobile.length >= 10)
          expect(after.mobile?.error?.key).toBe(problem);
        break;
      }
      case 'mobile.edit':
        expect(after.step).toBe('mobile');
        expect(after.mobile?.readOnly).toBe(false);
        expect(offers('registration.verify')).toBe(true);
        break;
      case 'xstate.done.actor.verifyMobile': {
        const outcome = event.output as RegistrationVerifyOutcome;
        if (outcome.status === 'notSent') {
          expect(after.step).toBe('mobile');
          expect(after.mobile?.error).toEqual(outcome.error);
        } else {
          // The step ends; the parent opens the account-exists note, or loads steps 2 to 5 and
          // then the details (the parent's model test covers that load).
          expect(actual.status).toBe('done');
          const count = outcome.reply.student_details[0]?.registration_count ?? 0;
          const full = count >= context.programme.registration.allowedRegistrationCount;
          expect(after.step).toBe(full ? 'accountExists' : 'loading');
          expect(after.heading).toBe('registration.heading');
          if (full) expect(offers('registration.login')).toBe(true);
        }
        break;
      }
      case 'xstate.error.actor.verifyMobile':
        expect(after.step).toBe('mobile');
        expect(after.mobile?.error?.key).toBe('validation.somethingWrong');
        break;
      case 'callerIdentity.start':
        expect(after.step).toBe('callerIdentity');
        expect(offers('registration.cancel')).toBe(true);
        break;
      case 'callerIdentity.cancel':
        expect(after.step).toBe('mobile');
        break;
      case 'xstate.error.actor.startCallerIdentity':
      case 'xstate.error.actor.checkCallerIdentity':
        expect(after.step).toBe('mobile');
        expect(after.mobile?.error?.key).toBe('registration.callerIdentityFailed');
        break;
      case 'xstate.done.actor.checkCallerIdentity': {
        const reply = event.output as RegistrationCallerIdentityStatusReply;
        if (reply.status === 'verified')
          // A good number ends the step: the parent loads steps 2 to 5, then the details.
          expect(after.step).toBe(reply.mobile.replace(/\D/g, '').length >= 10 ? 'loading' : 'mobile');
        if (reply.status === 'verified' && after.step === 'mobile')
          expect(after.mobile?.error?.key).toBe('registration.callerIdentityBadMobile');
        // Still pending: asked again, up to the last poll; then it failed, as a failed reply does.
        const lastPoll = (previous.context as MobileStepContext).callerIdentity.polls >= MAX_POLLS;
        if (reply.status === 'pending' && !lastPoll) expect(after.step).toBe('callerIdentity');
        if (reply.status === 'failed' || (reply.status === 'pending' && lastPoll)) {
          expect(after.step).toBe('mobile');
          expect(after.mobile?.error?.key).toBe('registration.callerIdentityFailed');
        }
        break;
      }
      default:
        // 1.5 s after the app link: still focused means the app did not open (the number is typed).
        if (event.type.endsWith('focusCheckDelay'))
          expect(after.step).toBe(previous.context.callerIdentity.pageHasFocus ? 'mobile' : 'callerIdentity');
    }
  };

describe('registration mobile step: model', () => {
  const calls = new PendingCalls();
  const machine = registrationMobileMachine.provide({
    actors: {
      // The verify-mobile child is a black box here (its own model covers it): it ends with an outcome.
      verifyMobile: calls.actor<RegistrationVerifyOutcome, unknown>(
        'verifyMobile',
      ) as unknown as RegistrationVerifyMachine,
      startCallerIdentity: calls.actor<RegistrationCallerIdentityStartReply, unknown>('startCallerIdentity'),
      checkCallerIdentity: calls.actor<
        RegistrationCallerIdentityStatusReply,
        RegistrationCallerIdentityParams
      >('checkCallerIdentity'),
    },
    delays,
  });

  // Coarse: what guards and views tell apart, not every value.
  const project = (c: MobileStepContext) => ({
    mobile: [
      c.mobile.length,
      mobileProblem(c.mobile, c.programme.registration.acceptsStudentId) === undefined,
    ],
    mobileError: Boolean(c.mobileError),
    caller: [c.callerIdentity.polls, c.callerIdentity.pageHasFocus],
  });

  const events = [
    { type: 'mobile.change', value: '9000000001' },
    { type: 'mobile.change', value: '0900000000' },
    { type: 'mobile.blur' },
    { type: 'otp.send' },
    { type: 'mobile.edit' },
    { type: 'xstate.done.actor.verifyMobile', output: verifiedOutcome([]) },
    { type: 'xstate.done.actor.verifyMobile', output: verifiedOutcome([lead(2)]) },
    { type: 'xstate.done.actor.verifyMobile', output: notSent },
    { type: 'xstate.error.actor.verifyMobile', error: new Error('verify flow failed') },
    { type: 'callerIdentity.start' },
    { type: 'callerIdentity.cancel' },
    { type: 'page.blur' },
    { type: 'page.focus' },
    { type: 'xstate.done.actor.startCallerIdentity', output: callerStart },
    { type: 'xstate.error.actor.startCallerIdentity', error: new Error('offline') },
    { type: 'xstate.done.actor.checkCallerIdentity', output: callerStatus('verified') },
    { type: 'xstate.done.actor.checkCallerIdentity', output: callerStatus('verified', '12345') },
    { type: 'xstate.done.actor.checkCallerIdentity', output: callerStatus('pending') },
    { type: 'xstate.done.actor.checkCallerIdentity', output: callerStatus('failed') },
    { type: 'xstate.error.actor.checkCallerIdentity', error: new Error('offline') },
  ];

  // iACST takes an 11-digit student id and allows 2 registrations; MOCK-NEET a number, 1 registration.
  const parents: RegistrationContext[] = [
    initialContext({ programme: iacst, registrationPage: 'iACST' }),
    initialContext({ programme: mockNeet, registrationPage: 'MOCK-NEET' }),
  ];

  it('takes every transition and reaches every state; the card shows each step', async () => {
    const coverage = emptyCoverage();
    const counts: number[] = [];
    for (const parent of parents) {
      // What the parent gives the step (registration-machine.ts, step1's invoke).
      const input: MobileStepInput = {
        programme: parent.programme,
        registrationPage: parent.registrationPage,
        mobile: parent.mobile,
      };
      const paths = transitionCoverPaths({
        machine,
        input,
        events,
        project: (c) => project(c as MobileStepContext),
      });
      counts.push(paths.length);
      for (const p of paths)
        await replayPath(p, {
          machine,
          input,
          calls,
          delays,
          coverage,
          expectView: expectMobileView(parent),
        });
    }
    console.log(`registration mobile step: ${counts.join(' + ')} model paths`);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });
});
