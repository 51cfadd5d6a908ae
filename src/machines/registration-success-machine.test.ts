// Model-based test of "Registration Successful" (registration-success-machine.ts): every state and
// transition, with the card's view asserted after every event, as the card renders it (the
// parent's context with this step's snapshot).
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import { iacst, stepView } from './registration-fixtures.test-support';
import { initialContext, type RegistrationContext, type ToastParams } from './registration-model';
import { registrationSuccessMachine, type SuccessStepInput } from './registration-success-machine';

/** The toasts and dashboard visits of the path being replayed. */
const effects = { toasts: [] as ToastParams[], dashboard: [] as unknown[] };

/**
 * What the student must see after each event of the thank-you, written from the spec rather than
 * read from the machine: the card's view of the real snapshot after the event.
 */
const expectSuccessView =
  (parent: RegistrationContext) =>
  (step: ModelStep, actual: AnyMachineSnapshot): void => {
    const after = stepView('success', parent, actual, 'success');
    const offers = (label: string, enabled: boolean) =>
      after.actions.some((a) => a.label === label && a.enabled === enabled);
    expect(after.step).toBe('success');
    expect(after.heading).toBe('registration.success');
    expect(offers('registration.goToDashboard', true)).toBe(true);
    switch (step.event.type) {
      case 'xstate.init':
        expect(offers('registration.copy', true)).toBe(true);
        break;
      case 'rollNumber.copy':
        // Copying: the button waits for the clipboard.
        expect(offers('registration.copy', false)).toBe(true);
        break;
      case 'xstate.done.actor.copyText':
        expect(offers('registration.copy', true)).toBe(true);
        expect(effects.toasts.at(-1)).toEqual({ type: 'success', message: { key: 'registration.copied' } });
        break;
      case 'xstate.error.actor.copyText':
        expect(offers('registration.copy', true)).toBe(true);
        expect(effects.toasts.at(-1)).toEqual({
          type: 'danger',
          message: { key: 'registration.copyFailed' },
        });
        break;
      case 'dashboard.open':
        expect(effects.dashboard.at(-1)).toEqual({
          dashboardLink: parent.result?.dashboardLink,
          rollNumber: parent.result?.rollNumber,
          dob: parent.result?.dob,
        });
        break;
    }
  };

describe('registration success step: model', () => {
  const calls = new PendingCalls();
  const machine = registrationSuccessMachine.provide({
    actors: { copyText: calls.actor<unknown, { text: string }>('copyText') },
    actions: {
      showToast: (_, params) => void effects.toasts.push(params),
      goToDashboard: (_, params) => void effects.dashboard.push(params),
    },
  });

  const events = [
    { type: 'rollNumber.copy' },
    { type: 'dashboard.open' },
    { type: 'xstate.done.actor.copyText', output: undefined },
    { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  ];

  // After a signup (with its dashboard link), and back from the gateway (roll number and dob only).
  const parents: RegistrationContext[] = [
    {
      ...initialContext({ programme: iacst, registrationPage: 'iACST' }),
      result: {
        rollNumber: '250000000099',
        dob: '05-01-2008',
        examDate: '2025-04-13',
        dashboardLink: 'http://localhost:3000/?roll_no=250000000099&dob=05-01-2008',
      },
    },
    {
      ...initialContext({ programme: iacst, registrationPage: 'iACST' }),
      result: { rollNumber: '250000000001', dob: '05-01-2008', examDate: '2025-04-13' },
    },
  ];

  it('takes every transition and reaches every state; the card shows each step', async () => {
    const coverage = emptyCoverage();
    for (const parent of parents) {
      // What the parent gives the step (registration-machine.ts, success's invoke).
      const input: SuccessStepInput = { result: parent.result };
      for (const p of transitionCoverPaths({ machine, input, events })) {
        effects.toasts = [];
        effects.dashboard = [];
        await replayPath(p, {
          machine,
          input,
          calls,
          delays: {},
          coverage,
          expectView: expectSuccessView(parent),
        });
      }
    }
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });
});
