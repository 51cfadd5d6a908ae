// Model-based test of step 3 (registration-exam-machine.ts): every state and transition, with the
// card's view asserted after every event, as the card renders it (the parent's context with this
// step's snapshot; once the step ends, the screen the real parent goes to with its output).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { answeredWith, refusal } from '../api/client.test-support';
import { validateCoupon } from '../api/endpoints/coupon-validate';
import { fetchExamSlots } from '../api/endpoints/exam-slots';
import type { ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamDatesQuery, ExamDatesReply } from '../generated/api/exam-dates';
import type { ExamSlotsQuery, ExamSlotsReply } from '../generated/api/exam-slots';
import type { ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { RegistrationCouponBody, RegistrationCouponReply } from '../generated/api/registration-coupon';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import { registrationExamMachine, type ExamStepContext } from './registration-exam-machine';
import { examStepInput } from './registration-model';
import {
  apiError,
  centre,
  centresReply,
  classStreamsReply,
  couponReply,
  date,
  datesReply,
  delhi,
  details,
  iacst,
  iat,
  mockJee,
  onlineSlot,
  preset,
  slot,
  slotsReply,
  statesReply,
  stepView,
} from './registration-fixtures.test-support';
import {
  initialContext,
  isFree,
  type LocateCentreInput,
  type OnlinePreset,
  type OnlinePresetInput,
  type RegistrationContext,
  type RegistrationInput,
} from './registration-model';

/**
 * What the student must see after each event of step 3, written from the spec rather than read
 * from the machine: the card's view of the real snapshot after the event, against the event and
 * the screen before it.
 */
const expectExamView =
  (parent: RegistrationContext) =>
  (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void => {
    const after = stepView('step3', parent, actual, 'exam');
    const before = stepView('step3', parent, previous, 'exam');
    const context = actual.context as ExamStepContext;
    const event = step.event as { type: string; [key: string]: unknown };
    const offers = (label: string) => after.actions.some((a) => a.label === label);
    const says = (key: string) => after.messages.some((m) => m.key === key);
    // The cascade as the student sees it, in every state of step 3: nothing is chosen or listed
    // after an empty select, and once the lists settle a select with a single option shows it chosen.
    if (after.exam) {
      const firstEmpty = after.exam.findIndex((f) => f.value === undefined);
      if (firstEmpty !== -1)
        for (const later of after.exam.slice(firstEmpty + 1))
          expect(later).toMatchObject({ value: undefined, options: undefined });
      // Once the lists settle, the next select to choose lists its options.
      if (actual.matches({ editing: { lists: 'idle' } })) {
        for (const select of after.exam) if (select.options === 1) expect(select.value).toBeDefined();
        if (firstEmpty !== -1) expect(after.exam[firstEmpty]?.options).toBeGreaterThan(0);
      }
    }
    switch (event.type) {
      case 'details.edit':
        // The step ends; the parent opens the details again.
        expect(after.step).toBe('details');
        break;
      case 'field.change': {
        // The student's choice shows in its select (when the list offered it).
        const [field, value] = [String(event.field), String(event.value)];
        const offered = before.exam?.find((f) => f.field === field);
        if (after.step === 'exam' && offered?.options)
          expect(after.exam?.find((f) => f.field === field)?.value).toBe(value);
        break;
      }
      case 'courseType.change':
        expect(after.step).toBe('exam');
        break;
      case 'xstate.error.actor.loadSlots':
      case 'xstate.error.actor.loadStates':
      case 'xstate.error.actor.loadCentres':
      case 'xstate.error.actor.loadDates':
      case 'xstate.error.actor.loadOnlinePreset':
        expect(after.step).toBe('exam');
        expect(says('registration.optionsFailed')).toBe(true);
        expect(offers('registration.retry')).toBe(true);
        break;
      case 'exam.retryOptions':
        expect(says('registration.optionsFailed')).toBe(false);
        expect(offers('registration.retry')).toBe(false);
        break;
      case 'xstate.error.actor.locateNearestCentre':
        expect(says('registration.locateFailed')).toBe(true);
        break;
      case 'coupon.apply':
        if ((previous.context as ExamStepContext).coupon.code.trim() === '')
          expect(says('validation.coupon.required')).toBe(true);
        break;
      case 'xstate.done.actor.validateCoupon':
        expect(says('registration.couponApplied')).toBe(true);
        break;
      case 'xstate.error.actor.validateCoupon':
        expect(says('registration.couponInvalid')).toBe(true);
        break;
      case 'exam.submit':
      case 'payment.submit':
        // The enabled submit the student saw (Submit when free, else Pay and Register) signs up.
        expect(after.step).toBe(
          before.actions.some(
            (a) => a.enabled && (a.label === 'form.submit' || a.label === 'registration.payAndRegister'),
          ) && (event.type === 'exam.submit') === isFree(context)
            ? 'signingUp'
            : before.step,
        );
        break;
    }
  };

describe('registration exam step: model', () => {
  const calls = new PendingCalls();
  const machine = registrationExamMachine.provide({
    actors: {
      loadSlots: calls.actor<ExamSlotsReply, ExamSlotsQuery>('loadSlots'),
      loadStates: calls.actor<ExamStatesReply, ExamStatesQuery>('loadStates'),
      loadCentres: calls.actor<ExamCentresReply, ExamCentresQuery>('loadCentres'),
      loadDates: calls.actor<ExamDatesReply, ExamDatesQuery>('loadDates'),
      loadOnlinePreset: calls.actor<OnlinePreset, OnlinePresetInput>('loadOnlinePreset'),
      locateNearestCentre: calls.actor<OnlinePreset, LocateCentreInput>('locateNearestCentre'),
      validateCoupon: calls.actor<RegistrationCouponReply, RegistrationCouponBody>('validateCoupon'),
    },
  });

  // Coarse: what guards and views tell apart, not every value.
  const project = (c: ExamStepContext) => ({
    exam: [
      c.exam.courseType,
      Boolean(c.exam.slot),
      Boolean(c.exam.state),
      Boolean(c.exam.centre),
      Boolean(c.exam.date),
    ],
    lists: [
      Boolean(c.options.slots),
      Boolean(c.options.states),
      Boolean(c.options.centres),
      Boolean(c.options.dates),
    ],
    optionsError: Boolean(c.optionsError),
    locateError: Boolean(c.locateError),
    coupon: [Boolean(c.coupon.code), c.coupon.discount, Boolean(c.coupon.message)],
    paymentMethod: c.paymentMethod,
    next: c.next,
  });

  const examEvents = [
    { type: 'details.edit' },
    { type: 'field.change', field: 'examSlot', value: slot.tid },
    { type: 'field.change', field: 'state', value: delhi.tid },
    { type: 'field.change', field: 'centre', value: centre.value },
    { type: 'field.change', field: 'examDate', value: date.value },
    { type: 'exam.retryOptions' },
    { type: 'xstate.done.actor.loadSlots', output: slotsReply([slot]) },
    { type: 'xstate.error.actor.loadSlots', error: new Error('offline') },
    { type: 'xstate.done.actor.loadStates', output: statesReply },
    { type: 'xstate.error.actor.loadStates', error: new Error('offline') },
    { type: 'xstate.done.actor.loadCentres', output: centresReply },
    { type: 'xstate.error.actor.loadCentres', error: new Error('offline') },
    { type: 'xstate.done.actor.loadDates', output: datesReply },
    { type: 'xstate.error.actor.loadDates', error: new Error('offline') },
  ];
  const locateEvents = [
    { type: 'exam.locate' },
    { type: 'xstate.done.actor.locateNearestCentre', output: { state: delhi, centre } },
    { type: 'xstate.error.actor.locateNearestCentre', error: new Error('denied') },
  ];
  const switchEvents = [
    { type: 'courseType.change', courseType: 'online' },
    { type: 'courseType.change', courseType: 'classroom' },
    { type: 'xstate.done.actor.loadOnlinePreset', output: preset },
    { type: 'xstate.error.actor.loadOnlinePreset', error: new Error('offline') },
  ];
  const couponEvents = [
    { type: 'coupon.change', code: 'SAVE50' },
    { type: 'coupon.change', code: '' },
    { type: 'coupon.apply' },
    { type: 'xstate.done.actor.validateCoupon', output: couponReply(50) },
    { type: 'xstate.done.actor.validateCoupon', output: couponReply(mockJee.fee.amount) },
    { type: 'xstate.error.actor.validateCoupon', error: apiError('Invalid coupon') },
  ];
  const submitEvents = [
    { type: 'payment.methodChange', method: 'hdfc' },
    { type: 'exam.submit' },
    { type: 'payment.submit' },
  ];

  /** The parent's data as step 3 starts: the student's details submitted, classes listed. */
  const parentAt = (input: RegistrationInput): RegistrationContext => ({
    ...initialContext(input),
    mobile: '9000000001',
    student: details,
    options: { classStreams: classStreamsReply.data },
  });

  // Each model takes the events of the parts its programme has; together they take every transition.
  const models: Array<{ name: string; parent: RegistrationContext; events: Array<{ type: string }> }> = [
    {
      name: 'a free exam by slot and date with the course-type switch (iACST)',
      parent: parentAt({ programme: iacst, registrationPage: 'iACST' }),
      events: [
        // iACST's online slot; the classroom course's single state and centre are chosen by themselves.
        ...examEvents
          .filter(
            (e) => !/"field":"(state|centre)"|error\.actor\.load(States|Centres)/.test(JSON.stringify(e)),
          )
          .map((e) =>
            e.type === 'field.change' && e.field === 'examSlot'
              ? { ...e, value: onlineSlot.tid }
              : e.type === 'xstate.done.actor.loadSlots'
                ? { ...e, output: slotsReply([onlineSlot]) }
                : e,
          ),
        ...switchEvents,
        { type: 'exam.submit' },
      ],
    },
    {
      name: 'a paid exam by slot, state, centre and date (IAT)',
      parent: parentAt({ programme: iat, registrationPage: 'IAT' }),
      events: [...examEvents, ...locateEvents, ...submitEvents],
    },
    {
      name: 'coupon and payment without exam selects (MOCK-JEE)',
      parent: parentAt({ programme: mockJee, registrationPage: 'MOCK-JEE' }),
      events: [{ type: 'details.edit' }, ...couponEvents, ...submitEvents],
    },
  ];

  it('takes every transition and reaches every state; the card shows each step', async () => {
    const coverage = emptyCoverage();
    const counts: string[] = [];
    for (const { name, parent, events } of models) {
      // What the parent gives the step (registration-machine.ts, step3's invoke).
      const input = examStepInput(parent);
      const paths = transitionCoverPaths({
        machine,
        input,
        events,
        project: (c) => project(c as ExamStepContext),
      });
      counts.push(`${name}: ${paths.length}`);
      for (const p of paths)
        await replayPath(p, {
          machine,
          input,
          calls,
          delays: {},
          coverage,
          expectView: expectExamView(parent),
        });
    }
    console.log(`registration exam step: ${counts.join('; ')} model paths`);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });

  it("takes a 200 whose body says success 'false' as a failure: the coupon and the lists say the server's msg", async () => {
    const refused = machine.provide({
      actors: {
        loadSlots: fromPromise<ExamSlotsReply, ExamSlotsQuery>(({ input }) =>
          answeredWith(refusal('No exam slots are open for this class.'), (o) => fetchExamSlots(input, o)),
        ),
        validateCoupon: fromPromise<RegistrationCouponReply, RegistrationCouponBody>(({ input }) =>
          answeredWith(refusal('Error: Coupon Expired'), (o) => validateCoupon(input, o)),
        ),
      },
    });
    // The coupon (MOCK-JEE): not applied, no discount, the server's sentence.
    const jee = createActor(refused, {
      input: examStepInput(parentAt({ programme: mockJee, registrationPage: 'MOCK-JEE' })),
    }).start();
    jee.send({ type: 'coupon.change', code: 'SAVE50' });
    jee.send({ type: 'coupon.apply' });
    await waitFor(jee, (s) => Boolean(s.context.coupon.message));
    expect(jee.getSnapshot().context.coupon).toEqual({
      code: 'SAVE50',
      discount: 0,
      message: { key: 'registration.couponInvalid', server: 'Error: Coupon Expired' },
    });
    // A list (IAT's slots): the options failed, with the server's sentence, and Retry is offered.
    const iatStep = createActor(refused, {
      input: examStepInput(parentAt({ programme: iat, registrationPage: 'IAT' })),
    }).start();
    await waitFor(iatStep, (s) => Boolean(s.context.optionsError));
    expect(iatStep.getSnapshot().context.optionsError).toEqual({
      key: 'registration.optionsFailed',
      server: 'No exam slots are open for this class.',
    });
    expect(iatStep.getSnapshot().can({ type: 'exam.retryOptions' })).toBe(true);
  });
});
