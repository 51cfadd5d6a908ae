// Model-based test of step 2 (registration-details-machine.ts): every state and transition, with
// the card's view asserted after every event, as the card renders it (the parent's context with
// this step's snapshot; once the step ends, the screen the real parent goes to with its output).
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { MasterClassStreamsQuery, MasterClassStreamsReply } from '../generated/api/master-class-streams';
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
  registrationDetailsMachine,
  type DetailsStepContext,
  type DetailsStepInput,
} from './registration-details-machine';
import {
  classStreamsReply,
  details,
  iacst,
  iat,
  lead,
  noExamStep,
  stepView,
} from './registration-fixtures.test-support';
import {
  initialContext,
  prefillFromLead,
  type RegistrationContext,
  type StudentDetails,
} from './registration-model';

/**
 * What the student must see after each event of step 2, written from the spec rather than read
 * from the machine: the card's view of the real snapshot after the event, against the event and
 * the screen before it.
 */
const expectDetailsView =
  (parent: RegistrationContext) =>
  (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void => {
    const after = stepView('step2', parent, actual, 'details');
    const before = stepView('step2', parent, previous, 'details');
    const context = actual.context as DetailsStepContext;
    const event = step.event as { type: string; [key: string]: unknown };
    const offers = (label: string, enabled?: boolean) =>
      after.actions.some((a) => a.label === label && (enabled === undefined || a.enabled === enabled));
    const says = (key: string) => after.messages.some((m) => m.key === key);
    const withExamStep = context.programme.registration.steps.some((s) => s.id === 'exam-details');
    // The form's button: Next to the exam step, else the registration's own submit; enabled once
    // the classes and streams are listed.
    if (after.step === 'details') {
      const label = withExamStep ? 'form.next' : 'registration.payAndRegister';
      expect(offers(label, context.classStreams !== undefined)).toBe(true);
    }
    switch (event.type) {
      case 'xstate.done.actor.loadClassStreams':
        expect(after.step).toBe('details');
        expect(offers('registration.retry')).toBe(false);
        break;
      case 'xstate.error.actor.loadClassStreams':
        expect(after.step).toBe('details');
        expect(says('registration.optionsFailed')).toBe(true);
        expect(offers('registration.retry')).toBe(true);
        break;
      case 'classStreams.retry':
        // Loading again: no alert, no retry, and the form waits for the list.
        expect(after.step).toBe('details');
        expect(after.messages).toEqual([]);
        expect(offers('registration.retry')).toBe(false);
        break;
      case 'details.submit': {
        const complete = (event.details as StudentDetails).studentName !== '' || context.locked.length > 0;
        if (before.step !== 'details' || !complete) expect(after.step).toBe(before.step);
        else {
          // The step ends; the parent opens the exam step, or signs up where there is none.
          expect(after.step).toBe(withExamStep ? 'exam' : 'signingUp');
          expect(after.heading).toBe(
            withExamStep ? 'registration.examHeading' : 'registration.detailsHeading',
          );
        }
        break;
      }
    }
  };

describe('registration details step: model', () => {
  const calls = new PendingCalls();
  const machine = registrationDetailsMachine.provide({
    actors: {
      loadClassStreams: calls.actor<MasterClassStreamsReply, MasterClassStreamsQuery>('loadClassStreams'),
    },
  });

  const project = (c: DetailsStepContext) => ({
    lists: Boolean(c.classStreams),
    optionsError: Boolean(c.optionsError),
    submitted: Boolean(c.submitted),
    draft: Boolean(c.draft),
  });

  const events = [
    { type: 'xstate.done.actor.loadClassStreams', output: classStreamsReply },
    { type: 'xstate.error.actor.loadClassStreams', error: new Error('offline') },
    { type: 'classStreams.retry' },
    { type: 'details.draft', draft: { studentName: 'Devi' } },
    { type: 'details.submit', details },
    { type: 'details.submit', details: { ...details, studentName: '', email: '' } },
  ];

  // A new student (nothing locked), an existing one (prefilled and locked), a page whose classes
  // and streams were loaded before (coming back from step 3), and a config without step 3.
  const newStudent = initialContext({ programme: iacst, registrationPage: 'iACST' });
  const parents: RegistrationContext[] = [
    newStudent,
    { ...initialContext({ programme: iat, registrationPage: 'IAT' }), ...prefillFromLead(lead(1)) },
    { ...newStudent, options: { classStreams: classStreamsReply.data } },
    {
      ...initialContext({ programme: noExamStep, registrationPage: 'MOCK-JEE' }),
      ...prefillFromLead(lead(0)),
    },
  ];

  it('takes every transition and reaches every state; the card shows each step', async () => {
    const coverage = emptyCoverage();
    const counts: number[] = [];
    for (const parent of parents) {
      // What the parent gives the step (registration-machine.ts, step2's invoke).
      const input: DetailsStepInput = {
        programme: parent.programme,
        registrationPage: parent.registrationPage,
        student: parent.student,
        locked: parent.locked,
        classStreams: parent.options.classStreams,
      };
      const paths = transitionCoverPaths({
        machine,
        input,
        events,
        project: (c) => project(c as DetailsStepContext),
      });
      counts.push(paths.length);
      for (const p of paths)
        await replayPath(p, {
          machine,
          input,
          calls,
          delays: {},
          coverage,
          expectView: expectDetailsView(parent),
        });
    }
    console.log(`registration details step: ${counts.join(' + ')} model paths`);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });
});
