import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  waitFor,
  type Actor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import type { MasterClassStreamsQuery, MasterClassStreamsReply } from '../generated/api/master-class-streams';
import type { ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamDatesQuery, ExamDatesReply } from '../generated/api/exam-dates';
import type { ExamSlotsQuery, ExamSlotsReply } from '../generated/api/exam-slots';
import type { ExamState, ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { RegistrationCallerIdentityStartReply } from '../generated/api/registration-caller-identity-start';
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../generated/api/registration-caller-identity-status';
import type { RegistrationCouponBody, RegistrationCouponReply } from '../generated/api/registration-coupon';
import type {
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationLeadsQuery, RegistrationLeadsReply } from '../generated/api/registration-leads';
import type {
  RegistrationOtpSendQuery,
  RegistrationOtpSendReply,
} from '../generated/api/registration-otp-send';
import type {
  RegistrationOtpVerifyQuery,
  RegistrationOtpVerifyReply,
} from '../generated/api/registration-otp-verify';
import type { RegistrationSignupReply } from '../generated/api/registration-signup';
import {
  cardParts,
  stepActors,
  type CardContext,
  type RegistrationSnapshot,
} from '../features/registration/card-state';
import { cardView } from '../features/registration/card-view';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type Coverage,
  type ModelStep,
} from './model-based.test-support';
import {
  apiError,
  callerStart,
  callerStatus,
  centre,
  centresReply,
  classStreamsReply,
  couponReply,
  date,
  delhi,
  details,
  iacst,
  iat,
  kept,
  laterDate,
  lead,
  leadsReply,
  mockJee,
  mockNeet,
  NEET_SCHEDULE,
  noExamStep,
  noida,
  onlineSlot,
  paymentData,
  preset,
  sent,
  sfIdCompleted,
  sfIdFound,
  signedUp,
  slot,
  slotsReply,
  statesReply,
  stored,
  testCentre,
  twoCentres,
  twoDates,
  twoStates,
  up,
  verified,
} from './registration-fixtures.test-support';
import type {
  OrderConfirmationInput,
  OrderConfirmationMachine,
  OrderConfirmationOutput,
} from './order-confirmation-machine';
import { registrationMachine } from './registration-machine';
import type { DetailsStepOutput, RegistrationDetailsMachine } from './registration-details-machine';
import type { ExamStepOutput, RegistrationExamMachine } from './registration-exam-machine';
import {
  registrationVerifyMachine,
  type MobileStepOutput,
  type RegistrationMobileMachine,
} from './registration-mobile-machine';
import {
  buildSignupBody,
  type RegistrationSignupMachine,
  type SignupStepOutput,
} from './registration-signup-machine';
import type { RegistrationSuccessMachine } from './registration-success-machine';
import {
  FOCUS_CHECK_DELAY_MS,
  payableAmount,
  POLL_INTERVAL_MS,
  emptyStudent,
  resumeDraft,
  type OnlinePreset,
  type LocateCentreInput,
  type OnlinePresetInput,
  type RegistrationContext,
  type RegistrationInput,
  type SignupInput,
  type WithRegistrationToken,
} from './registration-model';
import { provideRegistration } from './registration-provide';
import { answeredWith, refusal } from '../api/client.test-support';
import { fetchLeadBySfId } from '../api/endpoints/lead-by-sf-id';
import { fetchLeadsByMobile } from '../api/endpoints/leads-by-mobile';
import { flowToResume } from './kept-flows';
import { cardKeeping, wakeResumedCard } from './registration-resume';
import { REGISTRATION_TOKEN_TTL_MS } from '../domain/otp-rules';
import type { CheckCodeInput, SendCodeInput, SentCode } from './verify-mobile-machine';

// ── Model-based test of the parent ───────────────────────────────────────────────────────────
/**
 * What the student must see after each of the parent's events, written from the spec rather than
 * read from the machine: the card's view model of the real snapshot after the event, against the
 * event and the screen before it. The steps' machines are black boxes here (each has its own
 * model); they end with an output, and the card's screen follows it.
 */
function expectCardView(step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void {
  const after = cardView(actual as RegistrationSnapshot);
  const before = cardView(previous as RegistrationSnapshot);
  const context = actual.context as RegistrationContext;
  const event = step.event as { type: string; [key: string]: unknown };
  const withExamStep = context.programme.registration.steps.some((s) => s.id === 'exam-details');
  const offers = (label: string) => after.actions.some((a) => a.label === label);
  switch (event.type) {
    case 'xstate.done.actor.mobileStep': {
      const output = event.output as MobileStepOutput;
      const full =
        (output.lead?.registration_count ?? 0) >= context.programme.registration.allowedRegistrationCount;
      // Steps 2 to 5 load first ("Loading…" only on a slow network).
      expect(after.step).toBe(full ? 'accountExists' : 'loading');
      expect(after.heading).toBe('registration.heading');
      if (full) expect(offers('registration.login')).toBe(true);
      else expect(context.mobile).toBe(output.mobile);
      break;
    }
    case 'mobile.edit':
    case 'xstate.error.actor.mobileStep':
    case 'xstate.error.actor.detailsStep':
    case 'xstate.error.actor.examStep':
    case 'xstate.error.actor.signupStep':
      expect(after.step).toBe('mobile');
      break;
    case 'xstate.done.actor.detailsStep':
      expect(after.step).toBe(withExamStep ? 'exam' : 'signingUp');
      expect(after.heading).toBe(withExamStep ? 'registration.examHeading' : 'registration.detailsHeading');
      break;
    case 'xstate.done.actor.examStep':
      expect(after.step).toBe((event.output as ExamStepOutput).next === 'details' ? 'details' : 'signingUp');
      break;
    case 'xstate.done.actor.signupStep': {
      const output = event.output as SignupStepOutput;
      const back = withExamStep ? 'exam' : 'details';
      expect(after.step).toBe({ registered: 'success', redirected: 'payment', failed: back }[output.status]);
      if (after.step === 'success') expect(offers('registration.goToDashboard')).toBe(true);
      if (after.step === 'payment') expect(after.messages).toEqual([{ key: 'registration.redirecting' }]);
      break;
    }
    case 'xstate.error.actor.successStep':
      expect(after.step).toBe('success');
      break;
    case 'xstate.done.actor.loadLaterSteps':
      expect(before.step).toBe('loading');
      expect(after.step).toBe(context.query.registeration === 'success' ? 'success' : 'details');
      break;
    case 'xstate.error.actor.loadLaterSteps':
      expect(after.step).toBe('stepsNotLoaded');
      expect(after.messages).toEqual([{ key: 'registration.scriptFailed' }]);
      expect(offers('registration.retry')).toBe(true);
      break;
    case 'steps.retry':
      expect(before.step).toBe('stepsNotLoaded');
      expect(after.step).toBe('loading');
      break;
    case 'xstate.done.actor.confirmOrder':
      // The payment step's verdict (its own model covers waiting, being confirmed and Check again):
      // paid → the thank-you (after the steps load), not paid → step 0.
      expect(before.step).toBe('confirmingPayment');
      expect(after.step).toBe((event.output as OrderConfirmationOutput).paid ? 'loading' : 'paymentFailed');
      break;
    case 'xstate.error.actor.confirmOrder':
      // A bug in the payment step (it handles every answer): the card starts again.
      expect(after.step).toBe('mobile');
      break;
    case 'payment.check':
      // Told to the payment step; the card stays where it is.
      expect(after.step).toBe(before.step);
      break;
    case 'payment.retry':
      expect(before.step).toBe('paymentFailed');
      expect(after.step).toBe('loading');
      break;
    case 'xstate.done.actor.fetchLeadsByMobile':
      expect(after.step).toBe('loading');
      break;
    case 'xstate.error.actor.fetchLeadsByMobile':
    case 'xstate.error.actor.fetchLeadBySfId':
      expect(after.step).toBe('mobile');
      break;
    case 'xstate.done.actor.fetchLeadBySfId': {
      const reply = event.output as RegistrationLeadBySfIdReply;
      const found = reply.success === 'true' && (reply.student_details?.length ?? 0) > 0;
      const done = reply.success === 'false' && Boolean(reply.data?.student_roll_no);
      expect(after.step).toBe(found || done ? 'loading' : 'mobile');
      break;
    }
  }
}

describe('registration machine: model', () => {
  const calls = new PendingCalls();
  const machine = registrationMachine.provide({
    actors: {
      // Each step's machine is a black box here (its own model covers it): it ends with an output.
      mobileStep: calls.actor<MobileStepOutput, unknown>(
        'mobileStep',
      ) as unknown as RegistrationMobileMachine,
      detailsStep: calls.actor<DetailsStepOutput, unknown>(
        'detailsStep',
      ) as unknown as RegistrationDetailsMachine,
      examStep: calls.actor<ExamStepOutput, unknown>('examStep') as unknown as RegistrationExamMachine,
      signupStep: calls.actor<SignupStepOutput, unknown>(
        'signupStep',
      ) as unknown as RegistrationSignupMachine,
      successStep: calls.actor<unknown, unknown>('successStep') as unknown as RegistrationSuccessMachine,
      loadLaterSteps: calls.actor<undefined, unknown>('loadLaterSteps'),
      fetchLeadBySfId: calls.actor<
        RegistrationLeadBySfIdReply,
        WithRegistrationToken<RegistrationLeadBySfIdQuery>
      >('fetchLeadBySfId'),
      fetchLeadsByMobile: calls.actor<RegistrationLeadsReply, WithRegistrationToken<RegistrationLeadsQuery>>(
        'fetchLeadsByMobile',
      ),
      confirmOrder: calls.actor<OrderConfirmationOutput, OrderConfirmationInput>(
        'confirmOrder',
      ) as unknown as OrderConfirmationMachine,
    },
  });

  // Coarse: what guards and views tell apart, not every value.
  const project = (c: RegistrationContext) => ({
    mobile: c.mobile,
    student: c.student.studentName !== '',
    locked: c.locked.length,
    exam: Boolean(c.exam.slot || c.exam.date),
    result: Boolean(c.result),
  });

  const examData: ExamStepOutput = {
    next: 'signup',
    exam: { courseType: 'classroom', slot, date },
    options: { slots: [slot], dates: [date] },
    coupon: { code: '', discount: 0 },
    paymentMethod: 'hdfc',
  };
  /** Steps 2 to 5 arrive, or a flaky network loses them and the student tries again. */
  const loadEvents = [
    { type: 'xstate.done.actor.loadLaterSteps', output: undefined },
    {
      type: 'xstate.error.actor.loadLaterSteps',
      error: new Error('Failed to fetch dynamically imported module'),
    },
    { type: 'steps.retry' },
  ];
  const stepEvents = [
    ...loadEvents,
    {
      type: 'xstate.done.actor.mobileStep',
      output: { mobile: '9000000001', lead: lead(0), registrationToken: 't' },
    },
    { type: 'xstate.done.actor.mobileStep', output: { mobile: '9000000001', lead: lead(2) } },
    { type: 'xstate.done.actor.mobileStep', output: { mobile: '9000000001', name: 'Asha Verma' } },
    { type: 'xstate.error.actor.mobileStep', error: new Error('bug') },
    { type: 'mobile.edit' },
    { type: 'xstate.done.actor.detailsStep', output: { details, classStreams: classStreamsReply.data } },
    { type: 'xstate.error.actor.detailsStep', error: new Error('bug') },
    { type: 'xstate.done.actor.examStep', output: { ...examData, next: 'details' } },
    { type: 'xstate.done.actor.examStep', output: examData },
    { type: 'xstate.error.actor.examStep', error: new Error('bug') },
    { type: 'xstate.done.actor.signupStep', output: { status: 'failed' } },
    { type: 'xstate.done.actor.signupStep', output: { status: 'redirected' } },
    {
      type: 'xstate.done.actor.signupStep',
      output: {
        status: 'registered',
        result: { rollNumber: '250000000001', dob: '05-01-2008', examDate: date.value },
      },
    },
    { type: 'xstate.error.actor.signupStep', error: new Error('bug') },
    { type: 'xstate.error.actor.successStep', error: new Error('bug') },
  ];
  const entryEvents = [
    ...loadEvents,
    { type: 'payment.retry' },
    { type: 'xstate.done.actor.fetchLeadBySfId', output: sfIdFound },
    { type: 'xstate.done.actor.fetchLeadBySfId', output: sfIdCompleted },
    { type: 'xstate.done.actor.fetchLeadBySfId', output: { success: 'false', msg: 'Not found' } },
    { type: 'xstate.error.actor.fetchLeadBySfId', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchLeadsByMobile', output: leadsReply },
    { type: 'xstate.error.actor.fetchLeadsByMobile', error: apiError('Registration token required') },
  ];

  // Each model starts from one entry; together they take every transition.
  const models: Array<{
    name: string;
    input: RegistrationInput;
    events: Array<{ type: string; [key: string]: unknown }>;
  }> = [
    {
      name: 'every step from step 1 (iACST)',
      input: { programme: iacst, registrationPage: 'iACST' },
      events: stepEvents,
    },
    {
      name: 'from a lead by sf_id (IAT)',
      input: { programme: iat, registrationPage: 'IAT', query: { sf_id: 'sf-1' } },
      events: entryEvents,
    },
    {
      name: 'payment failed and Try Again with the stored registration and kept choices (MOCK-NEET)',
      input: {
        programme: mockNeet,
        registrationPage: 'MOCK-NEET',
        query: { status: 'failure', mobile: '9000000001' },
        stored,
        kept,
      },
      events: entryEvents,
    },
    {
      name: 'payment failed on a free programme (no analytics)',
      input: {
        programme: iacst,
        registrationPage: 'iACST',
        query: { status: 'failure', mobile: '9000000001' },
      },
      events: [],
    },
    {
      name: 'registeration=success from the query',
      input: {
        programme: iacst,
        registrationPage: 'iACST',
        query: {
          registeration: 'success',
          roll_no: '250000000001',
          dob: '05-01-2008',
          exam_date: '2025-04-13',
        },
      },
      events: [...loadEvents, { type: 'xstate.error.actor.successStep', error: new Error('bug') }],
    },
    {
      name: 'back from the gateway with success: the payment step says paid or not',
      input: {
        programme: mockNeet,
        registrationPage: 'MOCK-NEET',
        query: {
          registeration: 'success',
          roll_no: '250000000001',
          dob: '05-01-2008',
          exam_date: '2025-04-13',
          status: 'success',
          order_id: 'EF0123456789ABCDEF0123',
        },
      },
      events: [
        ...loadEvents,
        { type: 'payment.check' },
        ...[true, false].map((paid) => ({ type: 'xstate.done.actor.confirmOrder', output: { paid } })),
        { type: 'xstate.error.actor.confirmOrder', error: new Error('bug') },
      ],
    },
    {
      name: 'a config without the exam-details step',
      input: { programme: noExamStep, registrationPage: 'MOCK-JEE', query: { sf_id: 'sf-1' } },
      events: [
        ...loadEvents,
        { type: 'xstate.done.actor.fetchLeadBySfId', output: sfIdFound },
        { type: 'xstate.done.actor.detailsStep', output: { details, classStreams: classStreamsReply.data } },
        { type: 'xstate.done.actor.signupStep', output: { status: 'failed' } },
      ],
    },
  ];

  it('takes every transition and reaches every state on the real actor with fake steps', async () => {
    const coverage: Coverage = emptyCoverage();
    const counts: string[] = [];
    for (const model of models) {
      const paths = transitionCoverPaths({
        machine,
        input: model.input,
        events: model.events,
        project: (c) => project(c as RegistrationContext),
      });
      counts.push(`${model.name}: ${paths.length}`);
      for (const p of paths)
        await replayPath(p, {
          machine,
          input: model.input,
          calls,
          delays: {},
          coverage,
          expectView: expectCardView,
        });
    }
    const total = counts.reduce((sum, c) => sum + Number(c.split(': ').pop()), 0);
    console.log(`registration machine: ${total} model paths (${counts.join('; ')})`);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
  });
});

// ── The card as one actor (the parent with its running step) ──────────────────────────────────
/** A state value of the card as a whole: the parent's, with the running step's below its step. */
type CardValue = string | { [step: string]: unknown };

interface CardSnapshot {
  /** The parent's state value and status. */
  value: unknown;
  status: string;
  context: CardContext;
  matches: (value: CardValue) => boolean;
  can: (event: AnyEventObject) => boolean;
  children: { verifyMobile?: AnyActorRef };
}

/** Where each step's machine sits below the parent's state (the exam step's regions are in `editing`). */
const STEP_OF = { step1: 'mobile', step2: 'details', step3: 'exam', success: 'success' } as const;

/**
 * The registration card as one actor for these focused rules: an event goes to the running step's
 * machine (else the parent), and `matches({ step3: { lists: 'idle' } })` asks the parent for the
 * step and the step's machine for the rest, so each rule reads as the student's flow does.
 */
function cardActor(parent: Actor<typeof registrationMachine>) {
  const running = () => {
    const actors = stepActors(parent.getSnapshot());
    return actors.mobile ?? actors.details ?? actors.exam ?? actors.success;
  };
  const getSnapshot = (): CardSnapshot => {
    const snapshot = parent.getSnapshot();
    const parts = cardParts(snapshot);
    const stepSnapshot = running()?.getSnapshot() as AnyMachineSnapshot | undefined;
    return {
      value: snapshot.value,
      status: snapshot.status,
      context: parts.context,
      matches: (value) => {
        if (typeof value === 'string') return snapshot.matches(value as never);
        return Object.entries(value).every(([step, inner]) => {
          if (!snapshot.matches(step as never)) return false;
          const key = STEP_OF[step as keyof typeof STEP_OF];
          const child = key && (parts[key] as AnyMachineSnapshot | undefined);
          if (!child) return false;
          return child.matches((step === 'step3' ? { editing: inner } : inner) as never);
        });
      },
      can: (event) => (stepSnapshot ?? (snapshot as AnyMachineSnapshot)).can(event),
      children: { verifyMobile: parts.mobile?.children.verifyMobile },
    };
  };
  return {
    getSnapshot,
    send: (event: AnyEventObject) => (running() ?? parent).send(event as never),
  };
}

// ── Focused rules ─────────────────────────────────────────────────────────────────────────────
interface Fakes {
  sendOtp: (q: RegistrationOtpSendQuery) => Promise<RegistrationOtpSendReply>;
  verifyOtp: (q: RegistrationOtpVerifyQuery) => Promise<RegistrationOtpVerifyReply>;
  startCallerIdentity: () => Promise<RegistrationCallerIdentityStartReply>;
  checkCallerIdentity: (
    q: RegistrationCallerIdentityParams,
  ) => Promise<RegistrationCallerIdentityStatusReply>;
  fetchLeadBySfId: (
    q: WithRegistrationToken<RegistrationLeadBySfIdQuery>,
  ) => Promise<RegistrationLeadBySfIdReply>;
  fetchLeadsByMobile: (q: WithRegistrationToken<RegistrationLeadsQuery>) => Promise<RegistrationLeadsReply>;
  loadClassStreams: (q: MasterClassStreamsQuery) => Promise<MasterClassStreamsReply>;
  loadSlots: (q: ExamSlotsQuery) => Promise<ExamSlotsReply>;
  loadStates: (q: ExamStatesQuery) => Promise<ExamStatesReply>;
  loadCentres: (q: ExamCentresQuery) => Promise<ExamCentresReply>;
  loadDates: (q: ExamDatesQuery) => Promise<ExamDatesReply>;
  loadOnlinePreset: (q: OnlinePresetInput) => Promise<OnlinePreset>;
  locateNearestCentre: (q: LocateCentreInput) => Promise<OnlinePreset>;
  validateCoupon: (q: RegistrationCouponBody) => Promise<RegistrationCouponReply>;
  signup: (q: SignupInput) => Promise<RegistrationSignupReply>;
  copyText: (q: { text: string }) => Promise<unknown>;
}

function start(input: RegistrationInput, overrides: Partial<Fakes> = {}, snapshot?: Snapshot<unknown>) {
  const api = {
    sendOtp: vi.fn<Fakes['sendOtp']>(async () => sent),
    verifyOtp: vi.fn<Fakes['verifyOtp']>(async () => verified([])),
    startCallerIdentity: vi.fn<Fakes['startCallerIdentity']>(async () => callerStart),
    checkCallerIdentity: vi.fn<Fakes['checkCallerIdentity']>(async () => callerStatus('verified')),
    fetchLeadBySfId: vi.fn<Fakes['fetchLeadBySfId']>(async () => sfIdFound),
    fetchLeadsByMobile: vi.fn<Fakes['fetchLeadsByMobile']>(async () => leadsReply),
    loadClassStreams: vi.fn<Fakes['loadClassStreams']>(async () => classStreamsReply),
    loadSlots: vi.fn<Fakes['loadSlots']>(async () => slotsReply([slot, onlineSlot])),
    loadStates: vi.fn<Fakes['loadStates']>(async () => twoStates),
    loadCentres: vi.fn<Fakes['loadCentres']>(async () => twoCentres),
    loadDates: vi.fn<Fakes['loadDates']>(async () => twoDates),
    loadOnlinePreset: vi.fn<Fakes['loadOnlinePreset']>(async () => preset),
    locateNearestCentre: vi.fn<Fakes['locateNearestCentre']>(async () => ({ state: delhi, centre })),
    validateCoupon: vi.fn<Fakes['validateCoupon']>(async () => couponReply(50)),
    signup: vi.fn<Fakes['signup']>(async () => signedUp(input.programme.fee.amount > 0)),
    copyText: vi.fn<Fakes['copyText']>(async () => {}),
  };
  for (const [name, impl] of Object.entries(overrides)) {
    api[name as keyof Fakes].mockImplementation(impl as never);
  }
  const effects = {
    showToast: vi.fn(),
    redirectToPayment: vi.fn(),
    rememberRegistration: vi.fn(),
    goToLogin: vi.fn(),
    goToDashboard: vi.fn(),
    track: vi.fn(),
  };
  const machine = provideRegistration(
    {
      actors: {
        // The island's wiring of step 1's verify-mobile child to the OTP endpoints.
        verifyMobile: registrationVerifyMachine.provide({
          actors: {
            sendCode: fromPromise<SentCode, SendCodeInput>(async ({ input: q }) => {
              const reply = await api.sendOtp({ mobile: q.to, exam_type: q.page });
              return { sentTo: reply.data.mobile_no, otpId: '' };
            }),
            checkCode: fromPromise<RegistrationOtpVerifyReply, CheckCodeInput>(({ input: q }) =>
              api.verifyOtp({ mobile_no: q.to, otp: q.code, exam_type: q.page }),
            ),
          },
          actions: { codeSent: () => effects.track({ event: 'otp_sent' }) },
        }),
        startCallerIdentity: fromPromise(() => api.startCallerIdentity()),
        checkCallerIdentity: fromPromise(({ input: q }) => api.checkCallerIdentity(q)),
        fetchLeadBySfId: fromPromise(({ input: q }) => api.fetchLeadBySfId(q)),
        fetchLeadsByMobile: fromPromise(({ input: q }) => api.fetchLeadsByMobile(q)),
        loadClassStreams: fromPromise(({ input: q }) => api.loadClassStreams(q)),
        loadSlots: fromPromise(({ input: q }) => api.loadSlots(q)),
        loadStates: fromPromise(({ input: q }) => api.loadStates(q)),
        loadCentres: fromPromise(({ input: q }) => api.loadCentres(q)),
        loadDates: fromPromise(({ input: q }) => api.loadDates(q)),
        loadOnlinePreset: fromPromise(({ input: q }) => api.loadOnlinePreset(q)),
        locateNearestCentre: fromPromise(({ input: q }) => api.locateNearestCentre(q)),
        validateCoupon: fromPromise(({ input: q }) => api.validateCoupon(q)),
        signup: fromPromise(({ input: q }) => api.signup(q)),
        copyText: fromPromise(({ input: q }) => api.copyText(q)),
      },
      actions: {
        showToast: (_, p) => effects.showToast(p),
        redirectToPayment: (_, p) => effects.redirectToPayment(p),
        rememberRegistration: (_, p) => effects.rememberRegistration(p),
        goToLogin: (_, p) => effects.goToLogin(p),
        goToDashboard: (_, p) => effects.goToDashboard(p),
        track: (_, p) => effects.track(p),
      },
    },
    // Steps 2 to 5 at hand (the page loads them with a dynamic import).
    async () => undefined,
  );
  const clock = new SimulatedClock();
  // A persisted snapshot is restored as the page does after a reload (registration-resume.ts).
  const root = createActor(machine, { input, clock, ...(snapshot ? { snapshot } : {}) }).start();
  const actor = cardActor(root);
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Waits (a few turns) until the card, the parent or its running step, is as the predicate says. */
  const until = async (predicate: (s: CardSnapshot) => boolean) => {
    for (let turn = 0; turn < 200; turn++) {
      if (predicate(actor.getSnapshot())) return actor.getSnapshot();
      await settle();
    }
    throw new Error('the card never got there');
  };
  /** Step 1's verify-mobile child (the view talks to it directly). */
  const child = () => {
    const ref = actor.getSnapshot().children.verifyMobile;
    if (!ref) throw new Error('no verify-mobile child: not verifying');
    return ref;
  };
  /** Sends the number and waits for the code boxes. */
  const toCodeEntry = async () => {
    actor.send({ type: 'mobile.change', value: '9000000001' });
    actor.send({ type: 'otp.send' });
    await waitFor(child(), (s) => s.matches('codeEntry'), { timeout: 1000 });
  };
  return { actor, root, api, effects, clock, settle, until, child, toCodeEntry };
}

/** Through step 1 to step 2 with a verified mobile. */
async function toStep2(input: RegistrationInput, overrides: Partial<Fakes> = {}) {
  const run = start(input, overrides);
  await run.toCodeEntry();
  run.child().send({ type: 'otp.change', value: '1234' });
  await run.until((s) => !s.matches('step1') && !s.matches('loadingSteps'));
  return run;
}

/** On to step 3 with the details submitted and the first lists loaded. */
async function toStep3(input: RegistrationInput, overrides: Partial<Fakes> = {}) {
  const run = await toStep2(input, overrides);
  run.actor.send({ type: 'details.submit', details });
  await run.until(
    (s) => s.matches({ step3: { lists: 'idle' } }) || s.matches({ step3: { lists: 'failed' } }),
  );
  return run;
}

describe('registration step 1: mobile, OTP, account exists', () => {
  it('takes digits; reads +91, 0091 and a leading 0 off a number; never cuts one into another', () => {
    const withPsid = start({ programme: iacst, registrationPage: 'iACST' });
    const mobileOf = (value: string, { actor } = withPsid) => {
      actor.send({ type: 'mobile.change', value });
      return actor.getSnapshot().context.mobile;
    };
    expect(mobileOf('12a3456789')).toBe('123456789');
    expect(mobileOf('12345678901')).toBe('12345678901'); // a student id's 11 digits
    expect(mobileOf('+919811122334')).toBe('9811122334');
    expect(mobileOf('123456789012')).toBe('123456789012');
    withPsid.actor.send({ type: 'mobile.blur' });
    expect(withPsid.actor.getSnapshot().context.mobileError).toEqual({
      key: 'validation.mobileOrId.required',
    });
    const mobileOnly = start({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    expect(mobileOf('+91 98111 22334', mobileOnly)).toBe('9811122334');
    expect(mobileOf('0091-98111-22334', mobileOnly)).toBe('9811122334');
    expect(mobileOf('09811122334', mobileOnly)).toBe('9811122334');
    expect(mobileOf('12345678901', mobileOnly)).toBe('12345678901');
    mobileOnly.actor.send({ type: 'mobile.blur' });
    expect(mobileOnly.actor.getSnapshot().context.mobileError).toEqual({ key: 'validation.phone.invalid' });
  });

  it('enables Verify at the mobile length and names what is wrong', () => {
    const { actor, api } = start({ programme: iacst, registrationPage: 'iACST' });
    actor.send({ type: 'mobile.change', value: '900000000' });
    expect(actor.getSnapshot().can({ type: 'otp.send' })).toBe(false);
    actor.send({ type: 'mobile.blur' });
    expect(actor.getSnapshot().context.mobileError).toEqual({ key: 'validation.mobileOrId.required' });
    actor.send({ type: 'mobile.change', value: '0900000000' });
    actor.send({ type: 'otp.send' });
    expect(actor.getSnapshot().context.mobileError).toEqual({ key: 'validation.mobileOrId.leadingZero' });
    expect(api.sendOtp).not.toHaveBeenCalled();
    const mobileOnly = start({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    mobileOnly.actor.send({ type: 'mobile.change', value: '90000' });
    mobileOnly.actor.send({ type: 'mobile.blur' });
    expect(mobileOnly.actor.getSnapshot().context.mobileError).toEqual({ key: 'validation.phone.invalid' });
  });

  it('accepts an 11-digit student id where the config allows one', async () => {
    const { actor, api, until, settle } = start({ programme: iacst, registrationPage: 'iACST' });
    actor.send({ type: 'mobile.change', value: '12345678901' });
    actor.send({ type: 'otp.send' });
    await until((s) => s.matches({ step1: 'verifying' }));
    await settle();
    expect(api.sendOtp).toHaveBeenCalledWith({ mobile: '12345678901', exam_type: 'iACST' });
  });

  it('shows the server msg under the number when sending fails', async () => {
    const { actor, until } = start(
      { programme: iacst, registrationPage: 'iACST' },
      {
        sendOtp: async () => {
          throw apiError('Too many OTP requests. Please try again in 10 minutes.');
        },
      },
    );
    actor.send({ type: 'mobile.change', value: '9000000001' });
    actor.send({ type: 'otp.send' });
    await until((s) => s.matches({ step1: 'enteringMobile' }) && Boolean(s.context.mobileError));
    expect(actor.getSnapshot().context.mobileError).toEqual({
      key: 'validation.somethingWrong',
      server: 'Too many OTP requests. Please try again in 10 minutes.',
    });
  });

  it('verifies automatically at the fourth digit, never before, through the verify-mobile child', async () => {
    const { actor, api, until, settle, child, toCodeEntry, effects } = start({
      programme: iacst,
      registrationPage: 'iACST',
    });
    await toCodeEntry();
    expect(effects.track).toHaveBeenCalledWith({ event: 'otp_sent' });
    child().send({ type: 'otp.change', value: '123' });
    await settle();
    expect(api.verifyOtp).not.toHaveBeenCalled();
    child().send({ type: 'otp.change', value: '1234' });
    await until((s) => s.matches('step2'));
    expect(api.verifyOtp).toHaveBeenCalledWith({ mobile_no: '9000000001', otp: '1234', exam_type: 'iACST' });
    expect(actor.getSnapshot().context.registrationToken).toBe('reg-token');
    expect(actor.getSnapshot().children.verifyMobile).toBeUndefined();
  });

  it('Edit number leaves the code entry and stops the child', async () => {
    const { actor, child, toCodeEntry } = start({ programme: iacst, registrationPage: 'iACST' });
    await toCodeEntry();
    child().send({ type: 'otp.change', value: '12' });
    actor.send({ type: 'mobile.edit' });
    expect(actor.getSnapshot().matches({ step1: 'enteringMobile' })).toBe(true);
    expect(actor.getSnapshot().children.verifyMobile).toBeUndefined();
    expect(actor.getSnapshot().context.mobile).toBe('9000000001');
  });

  it('shows account-exists when registration_count reaches the allowed count, not below it', async () => {
    const atLimit = await toStep2(
      { programme: iacst, registrationPage: 'iACST' },
      { verifyOtp: async () => verified([lead(2)]) },
    );
    expect(atLimit.actor.getSnapshot().value).toBe('accountExists');
    const below = await toStep2(
      { programme: iacst, registrationPage: 'iACST' },
      { verifyOtp: async () => verified([lead(1)]) },
    );
    expect(below.actor.getSnapshot().matches('step2')).toBe(true);
    // MOCK-NEET allows one registration per mobile.
    const neet = await toStep2(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { verifyOtp: async () => verified([lead(1)]) },
    );
    expect(neet.actor.getSnapshot().value).toBe('accountExists');
    neet.actor.send({ type: 'mobile.edit' });
    expect(neet.actor.getSnapshot().matches({ step1: 'enteringMobile' })).toBe(true);
  });

  it('a registration awaiting payment (Try Again in another browser) gets its state, centre and date again as the lists offer them', async () => {
    const awaiting = await toStep3(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { verifyOtp: async () => verified([lead(0)]) },
    );
    // Two options in every list: the lead's choice is what chose each one.
    expect(awaiting.actor.getSnapshot().context.exam).toMatchObject({
      state: delhi,
      centre,
      date,
      wanted: {},
    });
    // The student's own choice ends it: the new state's centres are theirs to choose.
    awaiting.actor.send({ type: 'field.change', field: 'state', value: up.tid });
    await awaiting.until(
      (s) => s.matches({ step3: { lists: 'idle' } }) && s.context.options.centres !== undefined,
    );
    expect(awaiting.actor.getSnapshot().context.exam).toMatchObject({
      state: up,
      centre: undefined,
      wanted: undefined,
    });

    // A completed registration, or one of another programme, chooses nothing.
    for (const other of [
      { ...lead(0), registration_status: 'registered' as const },
      { ...lead(0), exam_type: 'iACST' },
    ]) {
      const run = await toStep3(
        { programme: mockNeet, registrationPage: 'MOCK-NEET' },
        { verifyOtp: async () => verified([other]) },
      );
      const { exam } = run.actor.getSnapshot().context;
      expect([exam.state, exam.wanted]).toEqual([undefined, undefined]);
    }
    // A wanted centre the list no longer offers is dropped; the date is still for the student.
    const moved = await toStep3(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { verifyOtp: async () => verified([{ ...lead(0), branch_code: 'GONE1' }]) },
    );
    const { exam } = moved.actor.getSnapshot().context;
    expect([exam.state, exam.centre, exam.date]).toEqual([delhi, undefined, undefined]);
  });

  it("prefills and locks an existing student's name, father name, dob and e-mail", async () => {
    const { actor, until } = await toStep2(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { verifyOtp: async () => verified([lead(0)]) },
    );
    const { context } = actor.getSnapshot();
    expect(context.isNewUser).toBe(false);
    expect(context.locked).toEqual(['studentName', 'fatherName', 'dob', 'email']);
    expect(context.student).toMatchObject({
      studentName: 'Ananya Rao',
      fatherName: 'Suresh Rao',
      dob: '2008-01-05',
    });
    actor.send({
      type: 'details.submit',
      details: { ...details, studentName: 'Someone Else', email: 'x@y.com' },
    });
    await until((s) => s.matches('step3'));
    expect(actor.getSnapshot().context.student).toMatchObject({
      studentName: 'Ananya Rao',
      email: 'ananya@example.com',
      classStream: '11&SOM',
    });
  });
});

describe('registration step 1: caller identity', () => {
  const begin = async (overrides: Partial<Fakes> = {}) => {
    const run = start({ programme: iacst, registrationPage: 'iACST' }, overrides);
    run.actor.send({ type: 'callerIdentity.start' });
    await run.until((s) => s.matches({ step1: { callerIdentity: 'awaitingFocusCheck' } }));
    return run;
  };

  it('falls back to manual entry when the page still has focus after 1.5 s', async () => {
    const { actor, clock, api } = await begin();
    clock.increment(FOCUS_CHECK_DELAY_MS - 1);
    expect(actor.getSnapshot().matches({ step1: { callerIdentity: 'awaitingFocusCheck' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ step1: 'enteringMobile' })).toBe(true);
    expect(actor.getSnapshot().context.mobileError).toBeUndefined();
    expect(api.checkCallerIdentity).not.toHaveBeenCalled();
  });

  it('polls twice, 12 s apart, then says verification failed', async () => {
    const { actor, clock, api, settle } = await begin({
      checkCallerIdentity: async () => callerStatus('pending'),
    });
    actor.send({ type: 'page.blur' });
    clock.increment(FOCUS_CHECK_DELAY_MS);
    expect(api.checkCallerIdentity).not.toHaveBeenCalled();
    clock.increment(POLL_INTERVAL_MS);
    await settle();
    expect(api.checkCallerIdentity).toHaveBeenCalledTimes(1);
    expect(api.checkCallerIdentity).toHaveBeenCalledWith({ requestId: 'req-1' });
    clock.increment(POLL_INTERVAL_MS);
    await settle();
    expect(api.checkCallerIdentity).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.mobileError).toEqual({ key: 'registration.callerIdentityFailed' });
    clock.increment(POLL_INTERVAL_MS * 3);
    expect(api.checkCallerIdentity).toHaveBeenCalledTimes(2);
  });

  it('prefills phone and name and skips the OTP on success', async () => {
    const { actor, clock, api, until } = await begin();
    actor.send({ type: 'page.blur' });
    clock.increment(FOCUS_CHECK_DELAY_MS);
    clock.increment(POLL_INTERVAL_MS);
    await until((s) => s.matches('step2'));
    expect(actor.getSnapshot().context).toMatchObject({
      mobile: '9000000001',
      student: { studentName: 'Ananya Rao' },
      registrationToken: 'caller-token',
    });
    expect(api.sendOtp).not.toHaveBeenCalled();
    expect(api.verifyOtp).not.toHaveBeenCalled();
  });

  it('says "Invalid mobile number received" for a short number', async () => {
    const { actor, clock, until } = await begin({
      checkCallerIdentity: async () => callerStatus('verified', '98765'),
    });
    actor.send({ type: 'page.blur' });
    clock.increment(FOCUS_CHECK_DELAY_MS);
    clock.increment(POLL_INTERVAL_MS);
    await until((s) => s.matches({ step1: 'enteringMobile' }));
    expect(actor.getSnapshot().context.mobileError).toEqual({ key: 'registration.callerIdentityBadMobile' });
  });
});

describe('a card part-way in another tab or device (the server copy, with the verify)', () => {
  it('step 2 starts as typed there, and step 3 with the choices made there; a found registration keeps its locked fields', async () => {
    const draft = {
      student: { studentName: 'Kavya Menon', email: 'kavya@example.com', dob: '01/02/2007' },
      choices: {
        exam: { courseType: 'classroom', state: delhi, centre, date },
        coupon: { code: 'NEET50', applied: 'NEET50', discount: 50 },
        paymentMethod: 'hdfc',
      },
    };
    const run = await toStep2(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { verifyOtp: async () => ({ ...verified([]), draft }) },
    );
    const details = run.root.getSnapshot().children.detailsStep?.getSnapshot().context;
    expect(details?.draft).toEqual(draft.student);
    expect(run.root.getSnapshot().context).toMatchObject({
      exam: { state: delhi, centre, date },
      coupon: { code: 'NEET50', discount: 50 },
      paymentMethod: 'hdfc',
    });
  });

  it('changes nothing without a draft, and a method the programme does not offer is not taken', () => {
    const context = {
      programme: mockNeet,
      courseTypeFixed: false,
      exam: { courseType: 'classroom' as const },
      student: emptyStudent(),
      locked: [],
    };
    expect(resumeDraft(context, undefined)).toEqual({});
    const resumed = resumeDraft(context, {
      student: { studentName: 'Asha' },
      choices: { exam: { courseType: 'online' }, coupon: {}, paymentMethod: 'bitcoin' },
    });
    expect(resumed).not.toHaveProperty('paymentMethod');
    expect(resumed.resumedDetails).toEqual({ studentName: 'Asha' });
    // A found registration's locked fields are its own, not the draft's.
    expect(
      resumeDraft(
        { ...context, locked: ['studentName'] },
        { student: { studentName: 'Asha', email: 'a@b.in' } },
      ).resumedDetails,
    ).toEqual({ email: 'a@b.in' });
  });
});

describe('registration step 2: class & stream options', () => {
  it('loads them once for the page, keeps them when the student comes back, and retries a failure', async () => {
    let fail = true;
    const { actor, api, until } = await toStep2(
      { programme: iacst, registrationPage: 'iacst_adst' },
      {
        loadClassStreams: async () => {
          if (fail) throw new Error('offline');
          return classStreamsReply;
        },
      },
    );
    await until((s) => s.matches({ step2: 'failed' }));
    expect(actor.getSnapshot().context.optionsError).toEqual({ key: 'registration.optionsFailed' });
    fail = false;
    actor.send({ type: 'classStreams.retry' });
    await until((s) => s.matches({ step2: 'ready' }));
    expect(api.loadClassStreams).toHaveBeenLastCalledWith({ registration_page: 'iacst_adst' });
    actor.send({ type: 'details.submit', details });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    actor.send({ type: 'details.edit' });
    expect(actor.getSnapshot().matches({ step2: 'ready' })).toBe(true);
    expect(api.loadClassStreams).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.options.classStreams).toEqual(classStreamsReply.data);
  });
});

/** iACST's classroom course: the student chooses a state, then a centre (two of each listed). */
async function chooseClassroomCentre(
  actor: ReturnType<typeof start>['actor'],
  until: ReturnType<typeof start>['until'],
) {
  actor.send({ type: 'field.change', field: 'state', value: delhi.tid });
  await until((s) => s.matches({ step3: { lists: 'idle' } }));
  actor.send({ type: 'field.change', field: 'centre', value: centre.value });
  await until((s) => s.matches({ step3: { lists: 'idle' } }));
}

describe('registration step 3: exam details', () => {
  it('the cascade: a single option is chosen by itself, a choice clears what follows and loads the next', async () => {
    // IAT: slot → state → centre → date. One state and one centre: both chosen by the machine.
    const { actor, api, until } = await toStep3(
      { programme: iat, registrationPage: 'IAT' },
      { loadStates: async () => statesReply, loadCentres: async () => centresReply },
    );
    expect(actor.getSnapshot().context.exam.slot).toBeUndefined();
    expect(api.loadStates).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }) && Boolean(s.context.options.dates));
    expect(actor.getSnapshot().context.exam).toMatchObject({ slot, state: delhi, centre, date: undefined });
    expect(api.loadDates).toHaveBeenCalledWith(expect.objectContaining({ centre: 'DL001' }));
    actor.send({ type: 'field.change', field: 'examDate', value: laterDate.value });
    expect(actor.getSnapshot().context.exam.date).toEqual(laterDate);
    // A new slot drops the state, centre and date chosen after it, and the lists load again.
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    expect(actor.getSnapshot().context.options).toMatchObject({
      states: undefined,
      centres: undefined,
      dates: undefined,
    });
    await until((s) => s.matches({ step3: { lists: 'idle' } }) && Boolean(s.context.options.dates));
    expect(actor.getSnapshot().context.exam).toMatchObject({
      slot: onlineSlot,
      state: delhi,
      centre,
      date: undefined,
    });
    expect(api.loadStates).toHaveBeenCalledTimes(2);
  });

  it("picks the nearest centre and its state from the location, then lists that centre's dates", async () => {
    const { actor, api, until } = await toStep3({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    expect(actor.getSnapshot().can({ type: 'exam.locate' })).toBe(true);
    actor.send({ type: 'exam.locate' });
    await until((s) => s.matches({ step3: { lists: 'idle' } }) && Boolean(s.context.options.dates));
    expect(api.locateNearestCentre).toHaveBeenCalledWith({
      class_stream: '11&SOM',
      exam_type: 'MOCK-NEET',
      mode: 'Offline',
    });
    expect(actor.getSnapshot().context.exam).toMatchObject({ state: delhi, centre });
    expect(api.loadCentres).toHaveBeenCalledWith(expect.objectContaining({ state: delhi.tid }));
    expect(api.loadDates).toHaveBeenCalledWith(expect.objectContaining({ centre: 'DL001' }));

    const denied = await toStep3(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      { locateNearestCentre: async () => Promise.reject(new Error('denied')) },
    );
    denied.actor.send({ type: 'exam.locate' });
    await denied.until((s) => s.context.locateError !== undefined);
    expect(denied.actor.getSnapshot().context.locateError).toEqual({ key: 'registration.locateFailed' });
    expect(denied.actor.getSnapshot().context.exam.centre).toBeUndefined();
  });

  it('offers no location look-up where no centre is chosen (MOCK-JEE)', async () => {
    const { actor } = await toStep3({ programme: mockJee, registrationPage: 'MOCK-JEE' });
    expect(actor.getSnapshot().can({ type: 'exam.locate' })).toBe(false);
  });

  it('loads slot → state → centre → date lists with the earlier choices', async () => {
    const { actor, api, until } = await toStep3({ programme: iat, registrationPage: 'IAT' });
    expect(api.loadSlots).toHaveBeenCalledWith({ exam_type: 'IAT' });
    expect(api.loadStates).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(api.loadStates).toHaveBeenCalledWith({
      exam_mode: 'Offline',
      class_stream: '11&SOM',
      exam_type: 'IAT',
    });
    actor.send({ type: 'field.change', field: 'state', value: '9' });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(api.loadCentres).toHaveBeenCalledWith({
      mode: 'Offline',
      state: '9',
      class_stream: '11&SOM',
      exam_type: 'IAT',
    });
    actor.send({ type: 'field.change', field: 'centre', value: centre.value });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(api.loadDates).toHaveBeenCalledWith({ centre: 'DL001', stream: '11&SOM', exam_type: 'IAT' });
  });

  it('clears centre and date when the state changes, the date when the centre changes, all when the slot changes', async () => {
    const { actor, until } = await toStep3({ programme: iat, registrationPage: 'IAT' });
    const choose = async () => {
      actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
      await until((s) => s.matches({ step3: { lists: 'idle' } }));
      actor.send({ type: 'field.change', field: 'state', value: '9' });
      await until((s) => s.matches({ step3: { lists: 'idle' } }));
      actor.send({ type: 'field.change', field: 'centre', value: centre.value });
      await until((s) => s.matches({ step3: { lists: 'idle' } }));
      actor.send({ type: 'field.change', field: 'examDate', value: date.value });
    };
    await choose();
    expect(actor.getSnapshot().context.exam).toMatchObject({ slot, state: delhi, centre, date });

    actor.send({ type: 'field.change', field: 'centre', value: centre.value });
    expect(actor.getSnapshot().context.exam.date).toBeUndefined();
    expect(actor.getSnapshot().context.options.dates).toBeUndefined();
    expect(actor.getSnapshot().context.exam.state).toEqual(delhi);
    await until((s) => s.matches({ step3: { lists: 'idle' } }));

    actor.send({ type: 'field.change', field: 'state', value: '9' });
    expect(actor.getSnapshot().context.exam).toMatchObject({ centre: undefined, date: undefined, slot });
    expect(actor.getSnapshot().context.options).toMatchObject({ centres: undefined, dates: undefined });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));

    await choose();
    actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
    expect(actor.getSnapshot().context.exam).toMatchObject({
      state: undefined,
      centre: undefined,
      date: undefined,
    });
  });

  it('starts the exam step again when the class & stream changes, and keeps it otherwise', async () => {
    const { actor, api, until } = await toStep3({ programme: iat, registrationPage: 'IAT' });
    actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    actor.send({ type: 'details.edit' });
    actor.send({ type: 'details.submit', details });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(actor.getSnapshot().context.exam.slot).toEqual(slot);
    expect(api.loadSlots).toHaveBeenCalledTimes(1);
    actor.send({ type: 'details.edit' });
    actor.send({ type: 'details.submit', details: { ...details, classStream: '12&SOE' } });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(actor.getSnapshot().context.exam.slot).toBeUndefined();
    expect(api.loadSlots).toHaveBeenCalledTimes(2);
  });

  it('offers the course-type switch only where the config says; online presets state and centre', async () => {
    const neet = await toStep3({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    expect(neet.actor.getSnapshot().can({ type: 'courseType.change', courseType: 'online' })).toBe(false);

    const { actor, api, until } = await toStep3({ programme: iacst, registrationPage: 'iACST' });
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    actor.send({ type: 'field.change', field: 'examDate', value: date.value });
    actor.send({ type: 'courseType.change', courseType: 'online' });
    expect(actor.getSnapshot().context.exam.date).toBeUndefined();
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(api.loadOnlinePreset).toHaveBeenCalledWith({
      exam_type: 'iACST',
      class_stream: '11&SOM',
      state_code: 'DL',
    });
    expect(actor.getSnapshot().context.exam).toMatchObject({
      courseType: 'online',
      state: delhi,
      centre: testCentre,
    });
    expect(api.loadDates).toHaveBeenLastCalledWith({ centre: 'IC006', stream: '11&SOM', exam_type: 'iACST' });
    actor.send({ type: 'courseType.change', courseType: 'classroom' });
    expect(actor.getSnapshot().context.exam).toMatchObject({
      state: undefined,
      centre: undefined,
      date: undefined,
    });
  });

  it('iACST is offline-only in Gujarat (config offlineOnlyStates): each slot lists only the states its mode is held in', async () => {
    const gujarat: ExamState = { tid: '7', stateName: 'Gujarat', shortCode: 'GJ' };
    const { actor, until } = await toStep3(
      { programme: iacst, registrationPage: 'iACST' },
      { loadStates: async () => ({ success: 'true', data: [delhi, gujarat, up] }) },
    );
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(actor.getSnapshot().context.options.states).toEqual([delhi, up]);
    actor.send({ type: 'field.change', field: 'examSlot', value: slot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    // Offline: Gujarat only, so it is chosen by itself.
    expect(actor.getSnapshot().context.options.states).toEqual([gujarat]);
    expect(actor.getSnapshot().context.exam.state).toEqual(gujarat);
    // Online-only offers no offline slot: the offline one chosen is dropped.
    actor.send({ type: 'courseType.change', courseType: 'online' });
    expect(actor.getSnapshot().context.options.slots).toEqual([onlineSlot]);
  });

  it('applies a coupon: empty says so, valid lowers the payable amount, invalid says "Error: Invalid Coupon"', async () => {
    const { actor, api, until } = await toStep3({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    actor.send({ type: 'coupon.apply' });
    expect(actor.getSnapshot().context.coupon.message).toEqual({ key: 'validation.coupon.required' });
    expect(api.validateCoupon).not.toHaveBeenCalled();
    actor.send({ type: 'coupon.change', code: 'SAVE50' });
    actor.send({ type: 'coupon.apply' });
    await until((s) => s.matches({ step3: { coupon: 'idle' } }) && s.context.coupon.discount > 0);
    expect(api.validateCoupon).toHaveBeenCalledWith({
      exam_type: 'MOCK-NEET',
      coupon_code: 'SAVE50',
      class_stream: '11&SOM',
    });
    expect(actor.getSnapshot().context.coupon.message).toEqual({
      key: 'registration.couponApplied',
      server: 'Coupon applied',
    });
    expect(payableAmount(actor.getSnapshot().context)).toBe(150);
    actor.send({ type: 'coupon.change', code: 'SAVE5' });
    expect(payableAmount(actor.getSnapshot().context)).toBe(200);

    const bad = await toStep3(
      { programme: mockNeet, registrationPage: 'MOCK-NEET' },
      {
        validateCoupon: async () => {
          throw new Error('network');
        },
      },
    );
    bad.actor.send({ type: 'coupon.change', code: 'NOPE' });
    bad.actor.send({ type: 'coupon.apply' });
    await bad.until((s) => s.matches({ step3: { coupon: 'idle' } }) && Boolean(s.context.coupon.message));
    expect(bad.actor.getSnapshot().context.coupon).toMatchObject({
      discount: 0,
      message: { key: 'registration.couponInvalid' },
    });
  });

  const completeNeet = async (run: Awaited<ReturnType<typeof toStep3>>) => {
    run.actor.send({ type: 'field.change', field: 'state', value: '9' });
    await run.until((s) => s.matches({ step3: { lists: 'idle' } }));
    run.actor.send({ type: 'field.change', field: 'centre', value: centre.value });
    await run.until((s) => s.matches({ step3: { lists: 'idle' } }));
    run.actor.send({ type: 'field.change', field: 'examDate', value: date.value });
  };

  it('pays when something is payable (default method from config) and submits plainly at ≤ 0', async () => {
    const run = await toStep3({ programme: mockNeet, registrationPage: 'MOCK-NEET' });
    expect(run.actor.getSnapshot().can({ type: 'payment.submit' })).toBe(false);
    await completeNeet(run);
    expect(run.actor.getSnapshot().context.paymentMethod).toBe('paytm');
    expect(run.actor.getSnapshot().can({ type: 'payment.submit' })).toBe(true);
    expect(run.actor.getSnapshot().can({ type: 'exam.submit' })).toBe(false);
    expect(run.actor.getSnapshot().can({ type: 'payment.methodChange', method: 'bitcoin' })).toBe(false);
    run.actor.send({ type: 'payment.methodChange', method: 'hdfc' });

    run.api.validateCoupon.mockImplementation(async () => couponReply(200));
    run.actor.send({ type: 'coupon.change', code: 'FREE200' });
    run.actor.send({ type: 'coupon.apply' });
    await run.until((s) => s.context.coupon.discount === 200);
    expect(payableAmount(run.actor.getSnapshot().context)).toBe(0);
    expect(run.actor.getSnapshot().can({ type: 'exam.submit' })).toBe(true);
    expect(run.actor.getSnapshot().can({ type: 'payment.submit' })).toBe(false);
    run.actor.send({ type: 'exam.submit' });
    await run.until((s) => s.status === 'done' || s.matches('success'));
    expect(run.api.signup.mock.calls[0]?.[0].body).not.toHaveProperty('payment_mode');
    expect(run.api.signup.mock.calls[0]?.[0].body.coupon_code).toBe('FREE200');
  });

  it('sends the part 2 §3 payload and redirects a paid exam to the gateway', async () => {
    const run = await toStep3({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      tracking: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'neet', utm_id: '7', gclid: 'g-1' },
    });
    await completeNeet(run);
    run.actor.send({ type: 'payment.methodChange', method: 'hdfc' });
    run.actor.send({ type: 'payment.submit' });
    await run.until((s) => s.status === 'done');
    expect(run.api.signup).toHaveBeenCalledWith({
      registrationToken: 'reg-token',
      body: {
        student_name: 'Ananya Rao',
        student_email: 'ananya.rao@example.com',
        student_dob: '2008-01-04T18:30:00.000Z',
        student_mobile_no: '9000000001',
        school_board: 'CBSE',
        class_stream: '11&SOM',
        exam_mode: 'Offline',
        exam_state: '9',
        branch_code: 'DL001',
        exam_date: '2025-04-13',
        whatsapp_status: true,
        registration_page: 'MOCK-NEET',
        payment_mode: 'hdfc',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'neet',
        utm_id: '7',
        gclid: 'g-1',
      },
    });
    expect(run.actor.getSnapshot().value).toBe('redirectingToPayment');
    expect(run.effects.redirectToPayment).toHaveBeenCalledWith({ paymentData });
    // The server's schedule too: the thank-you after the gateway shows it (reporting time, hours).
    expect(run.effects.rememberRegistration).toHaveBeenCalledWith({
      psid: '',
      mobile: '9000000001',
      rollNumber: '250000000099',
      examDate: '2025-04-13',
      fee: 200,
      schedule: NEET_SCHEDULE,
    });
  });

  it('puts student_sf_id from the query in the payload', () => {
    const { actor } = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { sf_id: 'sf-42' },
    });
    expect(buildSignupBody(actor.getSnapshot().context).student_sf_id).toBe('sf-42');
  });

  it('tracks each step as it happens: going back to the details does not count the OTP again', async () => {
    const { actor, until, effects } = await toStep3({ programme: iacst, registrationPage: 'iACST' });
    actor.send({ type: 'details.edit' });
    actor.send({ type: 'details.submit', details });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    await chooseClassroomCentre(actor, until);
    actor.send({ type: 'field.change', field: 'examDate', value: date.value });
    actor.send({ type: 'exam.submit' });
    await until((s) => s.matches('success'));
    expect(effects.track.mock.calls.map(([p]) => (p as { event: string }).event)).toEqual([
      'otp_sent',
      'otp_verified',
      'student_details_submitted',
      'student_details_submitted',
      'exam_details_submitted',
      'signup_success',
    ]);
  });

  it('finishes a free exam on the thank-you state; copy and Go to dashboard', async () => {
    const { actor, until, effects, api } = await toStep3({ programme: iacst, registrationPage: 'iACST' });
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    await chooseClassroomCentre(actor, until);
    expect(actor.getSnapshot().can({ type: 'exam.submit' })).toBe(false);
    actor.send({ type: 'field.change', field: 'examDate', value: date.value });
    actor.send({ type: 'exam.submit' });
    await until((s) => s.matches('success'));
    // Classroom: filed under the centre the student chose (never left for the server to default).
    expect(api.signup.mock.calls[0]?.[0].body).toMatchObject({
      exam_mode: 'Online',
      exam_slot: 'slot-o',
      exam_state: '9',
      branch_code: 'DL001',
    });
    expect(actor.getSnapshot().context.result).toEqual({
      rollNumber: '250000000099',
      dob: '05-01-2008',
      examDate: '2025-04-13',
      examSlot: onlineSlot.name,
      // An online test: the branch it is filed under is no exam centre, and the thank-you names none.
      centre: undefined,
      // The schedule as the server answered it (the page words it).
      schedule: NEET_SCHEDULE,
      dashboardLink: 'http://localhost:3000/?roll_no=250000000099&dob=05-01-2008',
    });
    actor.send({ type: 'rollNumber.copy' });
    await until((s) => s.matches({ success: 'idle' }));
    expect(api.copyText).toHaveBeenCalledWith({ text: '250000000099' });
    expect(effects.showToast).toHaveBeenCalledWith({
      type: 'success',
      message: { key: 'registration.copied' },
    });
    actor.send({ type: 'dashboard.open' });
    expect(effects.goToDashboard).toHaveBeenCalledWith({
      dashboardLink: 'http://localhost:3000/?roll_no=250000000099&dob=05-01-2008',
      rollNumber: '250000000099',
      dob: '05-01-2008',
    });
  });

  it('shows a danger toast with the server msg, or the fallback, when signup fails', async () => {
    const { actor, until, effects } = await toStep3(
      { programme: iacst, registrationPage: 'iACST' },
      {
        signup: async () => {
          throw new Error('offline');
        },
      },
    );
    actor.send({ type: 'field.change', field: 'examSlot', value: onlineSlot.tid });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    await chooseClassroomCentre(actor, until);
    actor.send({ type: 'field.change', field: 'examDate', value: date.value });
    actor.send({ type: 'exam.submit' });
    await until((s) => s.matches('step3') && effects.showToast.mock.calls.length > 0);
    expect(effects.showToast).toHaveBeenCalledWith({
      type: 'danger',
      message: { key: 'registration.signupFailed' },
    });
    expect(actor.getSnapshot().context.exam.date).toEqual(date);
  });
});

describe('registration entry from the query', () => {
  it('sf_id → step 2 after fetching the lead by sf_id', async () => {
    const { actor, api, until } = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { sf_id: 'sf-1' },
    });
    expect(actor.getSnapshot().value).toBe('loadingLeadBySfId');
    await until((s) => s.matches('step2'));
    expect(api.fetchLeadBySfId).toHaveBeenCalledWith({
      query: { sf_id: 'sf-1' },
      registrationToken: undefined,
    });
    expect(actor.getSnapshot().context).toMatchObject({ mobile: '9000000001', isNewUser: false });
  });

  it('sf_id of a completed registration → goToLogin with its roll number and dob', async () => {
    const { effects, until } = start(
      { programme: mockNeet, registrationPage: 'MOCK-NEET', query: { sf_id: 'sf-1' } },
      { fetchLeadBySfId: async () => sfIdCompleted },
    );
    await until((s) => s.matches('redirectingToLogin'));
    expect(effects.goToLogin).toHaveBeenCalledWith({ rollNumber: '250000000011', dob: '19-01-2007' });
  });

  it("reads the sf_id look-up's 200 with success 'false' as the provider sends it: complete → login, else step 1", async () => {
    // The real fetcher over the provider's answer: its success 'false' with data is an answer.
    const completed = start(
      { programme: mockNeet, registrationPage: 'MOCK-NEET', query: { sf_id: 'sf-1' } },
      {
        fetchLeadBySfId: (q) =>
          answeredWith(sfIdCompleted, (o) => fetchLeadBySfId(q.query, q.registrationToken, o)),
      },
    );
    await completed.until((s) => s.matches('redirectingToLogin'));
    expect(completed.effects.goToLogin).toHaveBeenCalledWith({
      rollNumber: '250000000011',
      dob: '19-01-2007',
    });
    // success 'false' without the login details: nothing to prefill, the card starts at step 1.
    const unknown = start(
      { programme: mockNeet, registrationPage: 'MOCK-NEET', query: { sf_id: 'sf-1' } },
      {
        fetchLeadBySfId: (q) =>
          answeredWith(refusal('No registration has this id.'), (o) =>
            fetchLeadBySfId(q.query, q.registrationToken, o),
          ),
      },
    );
    await unknown.until((s) => s.matches({ step1: 'enteringMobile' }));
    expect(unknown.effects.goToLogin).not.toHaveBeenCalled();
  });

  it("takes \"Try Again\"'s lead look-up answering 200 with success 'false' as a failure: the number is verified again", async () => {
    const { actor, until } = start(
      {
        programme: mockNeet,
        registrationPage: 'MOCK-NEET',
        query: { status: 'failure', mobile: '9000000001' },
      },
      {
        fetchLeadsByMobile: (q) =>
          answeredWith(refusal('Verify your mobile number first.'), (o) =>
            fetchLeadsByMobile(q.query, q.registrationToken ?? '', o),
          ),
      },
    );
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches({ step1: 'enteringMobile' }));
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'registration.verifyAgain' });
  });

  it('status=failure with mobile → step 0; the analytics event where a fee is charged and user and exam info are stored', () => {
    const paid = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { status: 'failure', mobile: '9000000001', sf_id: 'sf-1' },
      stored,
    });
    expect(paid.actor.getSnapshot().value).toBe('paymentFailed');
    expect(paid.api.fetchLeadBySfId).not.toHaveBeenCalled();
    // The stored user and exam info; the exam date as the instant 03:30 UTC of that day.
    expect(paid.effects.track).toHaveBeenCalledWith({
      event: 'payment_status_failure',
      payload: {
        mobile_no: '9000000001',
        student_name: 'Ananya Rao',
        email: 'ananya@example.com',
        class_stream: '11&SOM',
        centre_code: 'DL001',
        centre_name: 'Delhi Central',
        exam_slot: slot.name,
        exam_date: '2025-04-13T03:30:00.000Z',
        psid: '12345678901',
      },
    });
    // Nothing stored (another browser, storage cleared): no event, as the spec says.
    const unknown = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { status: 'failure', mobile: '9000000001' },
    });
    expect(unknown.actor.getSnapshot().value).toBe('paymentFailed');
    expect(unknown.effects.track).not.toHaveBeenCalled();
    const free = start({
      programme: iacst,
      registrationPage: 'iACST',
      query: { status: 'failure', mobile: '9000000001' },
      stored,
    });
    expect(free.actor.getSnapshot().value).toBe('paymentFailed');
    expect(free.effects.track).not.toHaveBeenCalled();
  });

  it('"Try Again" offers the kept choices and coupon again: same centre and date, the same payable amount', async () => {
    const { actor, api, until } = start({
      programme: iat,
      registrationPage: 'IAT',
      query: { status: 'failure', mobile: '9000000001' },
      registrationToken: 'kept-token',
      kept: {
        exam: { courseType: 'classroom', slot, state: delhi, centre, date },
        coupon: { code: 'SAVE25', applied: 'SAVE25', discount: 25 },
        paymentMethod: 'hdfc',
      },
    });
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches({ step2: 'ready' }));
    actor.send({ type: 'details.submit', details });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    // Every list loads again with the earlier choices, and keeps them (they are still offered).
    expect(api.loadCentres).toHaveBeenCalledWith(expect.objectContaining({ state: '9' }));
    expect(api.loadDates).toHaveBeenCalledWith(expect.objectContaining({ centre: 'DL001' }));
    const { context } = actor.getSnapshot();
    expect(context.exam).toMatchObject({ slot, state: delhi, centre, date });
    expect(payableAmount(context)).toBe(iat.fee.amount - 25);
    actor.send({ type: 'payment.submit' });
    await until((s) => s.matches('redirectingToPayment'));
    expect(api.signup.mock.calls[0]?.[0].body).toMatchObject({
      exam_slot: slot.tid,
      exam_state: '9',
      branch_code: 'DL001',
      exam_date: date.value,
      coupon_code: 'SAVE25',
      payment_mode: 'hdfc',
    });
  });

  it('"Try Again" drops a kept choice the list no longer offers, and what followed it', async () => {
    const { actor, until } = start(
      {
        programme: iat,
        registrationPage: 'IAT',
        query: { status: 'failure', mobile: '9000000001' },
        kept: {
          exam: { courseType: 'classroom', slot, state: delhi, centre, date },
          coupon: { code: '', discount: 0 },
          paymentMethod: 'paytm',
        },
      },
      {
        loadCentres: async () => ({
          success: 'true',
          data: [noida, { ...noida, value: 'x-UP003-3', code: 'UP003' }],
        }),
      },
    );
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches({ step2: 'ready' }));
    actor.send({ type: 'details.submit', details });
    await until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(actor.getSnapshot().context.exam).toMatchObject({
      slot,
      state: delhi,
      centre: undefined,
      date: undefined,
    });
  });

  it('"Try Again" sends the registration token the app kept across the gateway', async () => {
    const { actor, api, until } = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { status: 'failure', mobile: '9000000001', sf_id: 'sf-1' },
      registrationToken: 'kept-token',
    });
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches('step2'));
    expect(api.fetchLeadsByMobile).toHaveBeenCalledWith({
      query: { mobile_no: '9000000001', exam_type: 'MOCK-NEET' },
      registrationToken: 'kept-token',
    });
  });

  it('"Try Again" without a token (another browser) asks for the number again and says why', async () => {
    const { actor, until } = start(
      {
        programme: mockNeet,
        registrationPage: 'MOCK-NEET',
        query: { status: 'failure', mobile: '9000000001' },
      },
      { fetchLeadsByMobile: async () => Promise.reject(apiError('Verify your mobile number first.', {})) },
    );
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches({ step1: 'enteringMobile' }));
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'registration.verifyAgain' });
  });

  it('"Try Again" refetches the lead by mobile and opens step 2', async () => {
    const { actor, api, until } = start({
      programme: mockNeet,
      registrationPage: 'MOCK-NEET',
      query: { status: 'failure', mobile: '9000000001' },
    });
    actor.send({ type: 'payment.retry' });
    await until((s) => s.matches('step2'));
    expect(api.fetchLeadsByMobile).toHaveBeenCalledWith({
      query: { mobile_no: '9000000001', exam_type: 'MOCK-NEET' },
      registrationToken: undefined,
    });
    expect(actor.getSnapshot().context.student.studentName).toBe('Ananya Rao');
  });

  it('registeration=success → the slot and centre stored before the gateway, for that exam date', () => {
    const run = (examDate: string) =>
      start({
        programme: iat,
        registrationPage: 'IAT',
        query: { registeration: 'success', roll_no: '250000000001', dob: '05-01-2008', exam_date: examDate },
        stored,
      }).actor.getSnapshot().context.result;
    expect(run('2025-04-13')).toEqual({
      rollNumber: '250000000001',
      dob: '05-01-2008',
      examDate: '2025-04-13',
      examSlot: slot.name,
      centre: centre.label,
    });
    // A stored registration of another date is not this one: only the query's facts.
    expect(run('2025-04-20')).toEqual({
      rollNumber: '250000000001',
      dob: '05-01-2008',
      examDate: '2025-04-20',
    });
  });

  it('registeration=success → the schedule the signup answered for that roll number (MOCK-JEE: no exam date)', () => {
    const tests = [
      { number: 1, date: '2027-04-29' },
      { number: 2, date: '2027-05-02' },
    ];
    const schedule = { opens_at: '09:00', open_hours: 48, tests };
    const run = (rollNumber: string) =>
      start({
        programme: mockJee,
        registrationPage: 'MOCK-JEE',
        query: { registeration: 'success', roll_no: rollNumber, dob: '05-01-2008', exam_date: '' },
        stored: {
          mobile: '9000000001',
          classStream: '12&SOE',
          booked: { rollNumber: '250000000001', schedule },
        },
      }).actor.getSnapshot().context.result;
    expect(run('250000000001')).toEqual({
      rollNumber: '250000000001',
      dob: '05-01-2008',
      examDate: '',
      schedule,
    });
    // Another registration's schedule is not this one's.
    expect(run('250000000002')).toEqual({ rollNumber: '250000000002', dob: '05-01-2008', examDate: '' });
  });

  it('registeration=success → success with roll number, dob and exam date from the query', async () => {
    const { actor, until } = start({
      programme: iacst,
      registrationPage: 'iACST',
      query: {
        registeration: 'success',
        roll_no: '250000000001',
        dob: '05-01-2008',
        exam_date: '2025-04-13',
      },
    });
    // The thank-you's machine loads first.
    expect(actor.getSnapshot().matches('loadingSteps')).toBe(true);
    await until((snapshot) => snapshot.matches('success'));
    expect(actor.getSnapshot().context.result).toEqual({
      rollNumber: '250000000001',
      dob: '05-01-2008',
      examDate: '2025-04-13',
    });
  });

  it('no entry parameters → step 1', () => {
    const { actor } = start({ programme: iacst, registrationPage: 'iACST', query: {} });
    expect(actor.getSnapshot().matches({ step1: 'enteringMobile' })).toBe(true);
  });
});

describe('registration: a reload goes on where the card was (persisted snapshots)', () => {
  const input = { programme: iacst, registrationPage: 'iACST' } as const;
  /** What the tab keeps (JSON through sessionStorage) and the card restored from it. */
  const reload = (run: ReturnType<typeof start>, overrides: Partial<Fakes> = {}) => {
    const keeping = cardKeeping(run.root);
    if (typeof keeping === 'string') throw new Error(`nothing kept: ${keeping}`);
    run.root.stop();
    return start(input, overrides, JSON.parse(JSON.stringify(keeping.store)) as Snapshot<unknown>);
  };

  it('at the OTP step: the code box again, without the digits typed, and no new send', async () => {
    const run = start(input);
    await run.toCodeEntry();
    run.child().send({ type: 'otp.change', value: '12' });
    const again = reload(run);
    expect(again.actor.getSnapshot().matches({ step1: 'verifying' })).toBe(true);
    const code = again.child().getSnapshot() as SnapshotFrom<typeof registrationVerifyMachine>;
    expect(code.matches({ codeEntry: { code: 'editing' } })).toBe(true);
    expect(code.context.code).toBe('');
    expect(again.api.sendOtp).not.toHaveBeenCalled();
    // The code received before the reload verifies, and the card goes on to step 2.
    again.child().send({ type: 'otp.change', value: '1234' });
    await again.until((s) => s.matches('step2'));
    expect(again.api.verifyOtp).toHaveBeenCalledWith({
      mobile_no: '9000000001',
      otp: '1234',
      exam_type: 'iACST',
    });
  });

  it('the resend wait goes on for what was left of it, not from the start and not never', async () => {
    const run = start(input);
    await run.toCodeEntry();
    const keeping = cardKeeping(run.root);
    if (typeof keeping === 'string') throw new Error(`nothing kept: ${keeping}`);
    run.root.stop();
    // As if the page came back 40 s after the send: 5 s of the wait are left.
    const kept = JSON.parse(JSON.stringify(keeping.store)) as {
      children: {
        mobileStep: {
          snapshot: { children: { verifyMobile: { snapshot: { context: { resendAt: number } } } } };
        };
      };
    };
    kept.children.mobileStep.snapshot.children.verifyMobile.snapshot.context.resendAt = Date.now() + 5_000;
    const again = start(input, {}, kept as unknown as Snapshot<unknown>);
    const verify = () => again.child().getSnapshot() as SnapshotFrom<typeof registrationVerifyMachine>;
    wakeResumedCard(again.root);
    expect(verify().context.resendWaitSeconds).toBe(5);
    expect(verify().can({ type: 'otp.resend' })).toBe(false);
    again.clock.increment(4_000);
    expect(verify().can({ type: 'otp.resend' })).toBe(false);
    again.clock.increment(1_100);
    expect(verify().can({ type: 'otp.resend' })).toBe(true);
  });

  it('a call inside a step (a coupon being checked) is not kept: the copy from before it stays', async () => {
    const run = await toStep3(
      { programme: iat, registrationPage: 'IAT' },
      { validateCoupon: () => new Promise(() => undefined) },
    );
    expect(typeof cardKeeping(run.root)).toBe('object');
    run.actor.send({ type: 'coupon.change', code: 'IAT25' });
    run.actor.send({ type: 'coupon.apply' });
    await run.until((s) => s.matches({ step3: { coupon: 'applying' } } as never));
    expect(cardKeeping(run.root)).toBe('leave');
  });

  it('a check under way is not kept: the reload shows the box, never the code', async () => {
    const run = start(input, { verifyOtp: () => new Promise(() => undefined) });
    await run.toCodeEntry();
    run.child().send({ type: 'otp.change', value: '1234' });
    await waitFor(run.child(), (s: SnapshotFrom<typeof registrationVerifyMachine>) =>
      s.matches({ codeEntry: { code: 'verifying' } }),
    );
    const kept = JSON.stringify(cardKeeping(run.root));
    expect(kept).not.toContain('1234');
    const again = reload(run);
    expect(
      (again.child().getSnapshot() as SnapshotFrom<typeof registrationVerifyMachine>).matches({
        codeEntry: { code: 'editing' },
      }),
    ).toBe(true);
  });

  it('at step 3 with the details typed at step 2: the same step with the same details and token', async () => {
    const run = await toStep3(input);
    const again = reload(run);
    expect(again.actor.getSnapshot().matches('step3')).toBe(true);
    expect(again.actor.getSnapshot().context.student.studentName).toBe(details.studentName);
    expect(again.actor.getSnapshot().context.registrationToken).toBe('reg-token');
    // The exam step's lists load again (a GET), and its choices go on.
    await again.until((s) => s.matches({ step3: { lists: 'idle' } }));
    expect(again.api.verifyOtp).not.toHaveBeenCalled();
  });

  it('leaves the last copy while a call is under way, and forgets it when the number is typed again', async () => {
    const run = start(input, { sendOtp: () => new Promise(() => undefined) });
    run.actor.send({ type: 'mobile.change', value: '9000000001' });
    expect(cardKeeping(run.root)).toBe('forget');
    run.actor.send({ type: 'otp.send' });
    expect(cardKeeping(run.root)).toBe('leave');
  });

  it('a list that failed before the reload (its call cut by the page going) loads again once woken', async () => {
    const run = await toStep2(input, { loadClassStreams: () => Promise.reject(new Error('cut')) });
    await run.until((s) => s.matches({ step2: 'failed' }));
    const again = reload(run);
    expect(again.actor.getSnapshot().matches({ step2: 'failed' })).toBe(true);
    wakeResumedCard(again.root);
    await again.until((s) => s.matches({ step2: 'ready' }));
    expect(again.api.loadClassStreams).toHaveBeenCalledTimes(1);
  });

  it("resumes only the same page and entry, within the registration token's life", () => {
    const kept = {
      page: 'iACST',
      search: '',
      savedAt: 1_000,
      snapshot: { status: 'active' } as Snapshot<unknown>,
    };
    const at = { page: 'iACST', search: '', now: 2_000 };
    expect(flowToResume(kept, at)).toBe(kept.snapshot);
    expect(flowToResume(kept, { ...at, page: 'MOCK-NEET' })).toBeUndefined();
    expect(flowToResume(kept, { ...at, search: '?status=failure' })).toBeUndefined();
    expect(flowToResume(kept, { ...at, now: 1_000 + REGISTRATION_TOKEN_TTL_MS + 1 })).toBeUndefined();
    expect(flowToResume(undefined, at)).toBeUndefined();
  });
});
