// The registration card's states for the Studio's card preview: drawn from the
// registration machines themselves, not written down by hand. The parent and its step machines run
// with canned answers (never the API); from the card's first screen, every student action a state
// accepts is tried, breadth first, and each screen the card's own view model (`cardView`) tells
// apart is kept once, with the shortest recipe that reaches it and a label a marketing person
// reads. A state added to a machine that shows a new screen appears here by itself; a new kind of
// screen (a new `CardStep`) does not compile until it has a label.
import { createActor, fromPromise, type Actor, type AnyActorRef, type AnyEventObject } from 'xstate';
import { WRONG_OTP_ERROR_CODE } from '../../domain/otp-rules';
import type { StringKey } from '../../engine/i18n';
import { cardParts, stepActors, type CardParts } from '../../features/registration/card-state';
import { viewOf, type CardStep, type CardView } from '../../features/registration/card-view';
import type { ExamSlot } from '../../generated/api/exam-slots';
import type { RegistrationCallerIdentityStatusReply } from '../../generated/api/registration-caller-identity-status';
import type { LeadRecord, RegistrationLeadBySfIdReply } from '../../generated/api/registration-lead-by-sf-id';
import type { RegistrationOtpVerifyReply } from '../../generated/api/registration-otp-verify';
import type {
  PaymentData,
  RegistrationSchedule,
  RegistrationSignupReply,
} from '../../generated/api/registration-signup';
import type { EntryQuery } from '../../machines/entry-query';
import type { CannedWorld } from './card-world';
import type { RegistrationMachine } from '../../machines/registration-machine';
import { registrationVerifyMachine } from '../../machines/registration-mobile-machine';
import {
  examChain,
  fieldsOf,
  type ExamField,
  type RegistrationInput,
  type StudentDetails,
} from '../../machines/registration-model';
import type { RegistrationImplementations } from '../../machines/registration-implementations';
import { provideRegistration } from '../../machines/registration-provide';

// ── Canned answers ────────────────────────────────────────────────────────────────────────────
/** The one world of answers, except whether any exam date is open (the dates' query cannot say). */
export interface CannedAnswers {
  /** No exam date is open: the dates list loads empty and the page says so before step 1. */
  noDates?: boolean;
}

/** The numbers and codes the canned answers tell apart. */
export const CANNED = {
  mobile: '9876543210',
  /** A number whose registrations reached the allowed count ("already registered"). */
  fullMobile: '9876543211',
  /** Too short: step 1's field error. */
  badMobile: '98765',
  rightOtp: '1234',
  wrongOtp: '0000',
  validCoupon: 'SAVE50',
  invalidCoupon: 'NOTVALID',
  discount: 50,
} as const;

/** The details a student submits in a recipe (complete, so the details step accepts them). */
export const CANNED_DETAILS: StudentDetails = {
  studentName: 'Ananya Rao',
  fatherName: 'Suresh Rao',
  email: 'ananya@example.com',
  dob: '2010-01-05',
  classStream: '11&SOM',
};

const lead = (mobile: string, count: number): LeadRecord => ({
  student_name: CANNED_DETAILS.studentName,
  father_name: CANNED_DETAILS.fatherName,
  student_dob: CANNED_DETAILS.dob,
  student_email: CANNED_DETAILS.email,
  mobile_no: mobile,
  registration_count: count,
  exam_type: '',
  class_stream: CANNED_DETAILS.classStream,
  exam_state: '',
  branch_code: '',
  exam_date: '',
  exam_slot: '',
  exam_mode: 'Offline',
  sf_id: 'sf-studio',
  registration_status: 'pending_payment',
});

const paymentData: PaymentData = {
  order_id: 'studio-preview',
  amount: 0,
  TXN_AMOUNT: 0,
  action_url: '#',
  form_action: '#',
  form_name: 'paymentForm',
  redirect_url: '#',
  fields: {},
};

/** The thank-you's schedule of a canned signup: the chosen slot's hours, else the first slot's. */
function cannedSchedule(slots: ExamSlot[], slotId: string | undefined): RegistrationSchedule {
  const slot = slots.find((s) => s.tid === slotId) ?? slots[0];
  return { opens_at: slot?.start ?? '09:00', closes_at: slot?.end ?? '12:00' };
}

/** A refusal shaped as the app's client throws it; no server text, so the draft's own text shows. */
const refusal = (body: Record<string, unknown> = {}) =>
  Object.assign(new Error('refused (canned answer)'), { status: 400, body: { success: 'false', ...body } });

const ok = <T>(data: T) => ({ success: 'true' as const, data });

/**
 * The card's calls answered from the canned world, and its effects (toasts, analytics, the
 * gateway, the login and dashboard redirects) doing nothing: the preview never leaves the Studio.
 */
export function cannedImplementations(
  world: CannedWorld,
  answers: CannedAnswers = {},
): RegistrationImplementations {
  const { classStreams, slots, states, centres, dates, preset } = world;
  const [firstDate] = dates;
  const noop = () => {};
  const verified = (mobile: string): RegistrationOtpVerifyReply => ({
    success: 'true',
    msg: '',
    error_code: 0,
    student_details: mobile === CANNED.fullMobile ? [lead(mobile, 99)] : [],
    allowed_registration_count: 1,
    registration_token: 'studio-preview',
    registration_token_expires_at: '2030-01-01T00:00:00.000Z',
  });
  return {
    actors: {
      verifyMobile: registrationVerifyMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => ({ sentTo: input.to, otpId: '' })),
          checkCode: fromPromise(async ({ input }) => {
            if (input.code === CANNED.wrongOtp) throw refusal({ error_code: WRONG_OTP_ERROR_CODE });
            return verified(input.to);
          }),
        },
        actions: { codeSent: noop },
      }),
      // Waits for the caller-identity app, which never answers in the preview.
      startCallerIdentity: fromPromise(async () => ({
        success: 'true' as const,
        requestId: 'studio-preview',
        ttl_ms: 24_000,
      })),
      checkCallerIdentity: fromPromise(async (): Promise<RegistrationCallerIdentityStatusReply> => ({
        status: 'pending',
        mobile: '',
        firstName: '',
        lastName: '',
        email: '',
      })),
      fetchLeadBySfId: fromPromise(async (): Promise<RegistrationLeadBySfIdReply> => ({
        success: 'true',
        student_details: [lead(CANNED.mobile, 0)],
      })),
      fetchLeadsByMobile: fromPromise(async () => ({
        success: 'true' as const,
        student_details: [lead(CANNED.mobile, 0)],
      })),
      loadClassStreams: fromPromise(async () => ok(classStreams)),
      loadSlots: fromPromise(async () => ok(slots)),
      loadStates: fromPromise(async () => ok(states)),
      loadCentres: fromPromise(async () => ok(centres)),
      loadDates: fromPromise(async () => ok(answers.noDates ? [] : dates)),
      loadOnlinePreset: fromPromise(async () => preset),
      locateNearestCentre: fromPromise(async () => preset),
      validateCoupon: fromPromise(async ({ input }) => {
        if (input.coupon_code !== CANNED.validCoupon) throw refusal();
        return {
          success: 'true' as const,
          message: '',
          msg: '',
          data: { exam_discount_amount: CANNED.discount, exam_fee: 0, amount_payable: 0 },
        };
      }),
      signup: fromPromise(async ({ input }): Promise<RegistrationSignupReply> => {
        // The body names a payment mode only when something is payable (registration-model.ts).
        const paid = input.body.payment_mode !== undefined;
        return {
          success: 'true',
          msg: '',
          data: {
            roll_number: '250000000099',
            dob: '05-01-2010',
            dashboard_link: '#',
            isPaidExam: paid,
            payment_data: paid ? paymentData : null,
            branch_phone_numbers: [],
            branch_gps: '',
            branch_address: '',
            gps_link: '',
            exam_fee: 0,
            exam_date: firstDate?.value ?? '',
            sf_id: 'sf-studio',
            psid: '',
            // Canned like the dates: the chosen slot's hours (the server's comes from the config).
            schedule: cannedSchedule(world.slots, input.body.exam_slot),
          },
        };
      }),
      copyText: fromPromise(async (): Promise<unknown> => undefined),
    },
    actions: {
      track: noop,
      showToast: noop,
      redirectToPayment: noop,
      rememberRegistration: noop,
      goToLogin: noop,
      goToDashboard: noop,
    },
  };
}

/** The registration machine answering from the canned world. */
export const cannedRegistration = (world: CannedWorld, answers: CannedAnswers = {}): RegistrationMachine =>
  provideRegistration(cannedImplementations(world, answers), async () => undefined);

// ── Recipes ───────────────────────────────────────────────────────────────────────────────────
/** How to put the card in a state: the page's entry, the canned answers, what the student does. */
export interface CardRecipe {
  answers: CannedAnswers;
  /** The page's query (back from the gateway, a finished registration). */
  query: EntryQuery;
  /** The student's actions, each sent to the part of the card that takes it. */
  events: AnyEventObject[];
  /** Then the form's fields are left (blurred), so their errors show as they would to a student. */
  revealFieldErrors?: boolean;
}

export interface CardStateEntry {
  /** Stable within a list: the kind of screen (see `viewKind`). */
  id: string;
  label: string;
  recipe: CardRecipe;
  view: CardView;
}

/** Who takes an event: step 1's code boxes, else the running step, else the parent. */
export function sendToCard(root: AnyActorRef, event: AnyEventObject): void {
  const actors = stepActors(root.getSnapshot() as Parameters<typeof stepActors>[0]);
  const verify = actors.mobile?.getSnapshot().children.verifyMobile as AnyActorRef | undefined;
  const running = [verify, actors.mobile, actors.details, actors.exam, actors.success].find(
    (actor): actor is AnyActorRef =>
      actor !== undefined && (actor.getSnapshot() as { can: (e: AnyEventObject) => boolean }).can(event),
  );
  (running ?? root).send(event);
}

/** Canned answers resolve at once: the card is settled once its microtasks have run. */
export async function settle(turns = 30): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}

/**
 * Replays a recipe's events on a running card (the Studio's, or the exploration's own); stops
 * when `live` turns false (the card was replaced meanwhile).
 */
export async function playRecipe(
  root: AnyActorRef,
  recipe: Pick<CardRecipe, 'events'>,
  live: () => boolean = () => true,
): Promise<void> {
  await settle();
  for (const event of recipe.events) {
    if (!live()) return;
    sendToCard(root, event);
    await settle();
  }
}

// ── What tells screens apart, in words ───────────────────────────────────────────────────────
const STEP_LABELS: Record<CardStep, string> = {
  mobile: 'Step 1 – mobile number',
  sending: 'Sending the OTP',
  otp: 'OTP sent',
  callerIdentity: 'Waiting for the caller-identity app',
  accountExists: 'Already registered',
  details: 'Step 2 – student details',
  exam: 'Exam step',
  signingUp: 'Registering',
  payment: 'Going to payment',
  paymentFailed: 'Payment failed',
  confirmingPayment: 'Back from the gateway, confirming',
  paymentUnconfirmed: 'Payment being confirmed',
  success: 'Thank you',
  stepsNotLoaded: 'The next step could not load',
  loading: 'Loading',
};

/** Every kind of screen the card's view model names (a new one needs a label above). */
export const CARD_STEPS = Object.keys(STEP_LABELS) as CardStep[];

/**
 * The screens that last only while a call runs: canned answers come at once, so the card never
 * rests there and the list cannot offer them.
 */
export const PASSING_STEPS: readonly CardStep[] = ['sending', 'signingUp', 'loading', 'confirmingPayment'];

/**
 * The screens only a failing network shows (the page's own code for steps 2 to 5 did not arrive, or
 * the gateway's confirmation has not reached the server): the canned world answers every call, and
 * no text of a landing or programme appears on them.
 */
export const NETWORK_ONLY_STEPS: readonly CardStep[] = ['stepsNotLoaded', 'paymentUnconfirmed'];

/** What a screen says beyond its step, in words (messages and field errors by their key). */
const MESSAGE_LABELS: Partial<Record<StringKey, string>> = {
  'validation.otp.invalid': 'Wrong OTP',
  'validation.somethingWrong': 'OTP could not be checked',
  'registration.couponApplied': 'Coupon applied',
  'registration.couponInvalid': 'Coupon not valid',
  'registration.optionsFailed': 'lists could not load',
  'registration.locateFailed': 'nearest centre not found',
};

const EXAM_FIELD_WORDS: Record<ExamField, string> = {
  examSlot: 'slot',
  state: 'state',
  centre: 'centre',
  examDate: 'exam date',
};

const STEP_MESSAGES = new Set<StringKey>([
  'registration.accountExists',
  'registration.paymentFailedText',
  'registration.redirecting',
  'payment.confirming',
  'payment.unconfirmed',
]);

interface ViewFeatures {
  step: CardStep;
  mobileError: boolean;
  codeError?: StringKey;
  messages: StringKey[];
  /** An exam list that loaded empty (nothing open to choose). */
  empty?: ExamField;
  /** The page says before anything that no exam date is open (step 1, canned `noDates`). */
  closed: boolean;
  fieldErrors: boolean;
}

function featuresOf(view: CardView, recipe: Pick<CardRecipe, 'answers' | 'revealFieldErrors'>): ViewFeatures {
  const empty = view.exam?.find((field) => field.options === 0)?.field;
  return {
    step: view.step,
    mobileError: view.mobile?.error !== undefined,
    codeError: view.code?.error?.key,
    messages: view.messages
      .map((m) => m.key)
      // The messages a step always shows are the step itself.
      .filter((key) => !STEP_MESSAGES.has(key))
      .sort(),
    ...(empty ? { empty } : {}),
    closed: view.step === 'mobile' && view.mobile?.error === undefined && Boolean(recipe.answers.noDates),
    fieldErrors: Boolean(recipe.revealFieldErrors),
  };
}

/** The kind of screen: what a marketing person would call a different state of the card. */
export function viewKind(view: CardView, recipe: Pick<CardRecipe, 'answers' | 'revealFieldErrors'>): string {
  const f = featuresOf(view, recipe);
  return [
    f.step,
    f.mobileError && 'mobile-error',
    f.codeError && `code:${f.codeError}`,
    ...f.messages.map((key) => `message:${key}`),
    f.empty && `empty:${f.empty}`,
    f.closed && 'closed',
    f.fieldErrors && 'field-errors',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The screen in words: "Wrong OTP", "Exam step – coupon applied", "No exam date open" … */
export function labelOf(view: CardView, recipe: Pick<CardRecipe, 'answers' | 'revealFieldErrors'>): string {
  const f = featuresOf(view, recipe);
  if (f.closed) return 'No exam date open (said on step 1)';
  if (f.step === 'mobile' && f.mobileError) return 'Step 1 – mobile number not valid';
  if (f.step === 'otp' && f.codeError) return MESSAGE_LABELS[f.codeError] ?? 'OTP not accepted';
  if (f.step === 'details' && f.fieldErrors) return 'Details with errors';
  const notes = [
    ...(f.empty === 'examDate'
      ? ['no exam date open']
      : f.empty
        ? [`no ${EXAM_FIELD_WORDS[f.empty]} open`]
        : []),
    ...f.messages.map((key) => MESSAGE_LABELS[key] ?? key),
  ];
  if (f.step === 'exam' && notes.length === 1 && f.empty === 'examDate') return 'No exam date open';
  const [only] = notes;
  if (f.step === 'exam' && only !== undefined && notes.length === 1 && f.messages.length === 1) return only;
  const base = STEP_LABELS[f.step];
  return notes.length > 0 ? `${base} – ${notes.join(', ').toLowerCase()}` : base;
}

// ── The exploration ───────────────────────────────────────────────────────────────────────────
/** What the student may do on a screen: the sample events tried there (the ones it accepts count). */
function studentEvents(parts: CardParts): AnyEventObject[] {
  const { at, context } = parts;
  if (at === 'step1' && parts.verify?.matches('codeEntry'))
    return [
      { type: 'otp.change', value: CANNED.rightOtp },
      { type: 'otp.change', value: CANNED.wrongOtp },
    ];
  if (at === 'step1')
    return context.mobile === ''
      ? [
          { type: 'mobile.change', value: CANNED.mobile },
          { type: 'mobile.change', value: CANNED.fullMobile },
          { type: 'mobile.change', value: CANNED.badMobile },
          // Offered on Android where the site links a caller-identity app: the card waits for it.
          { type: 'callerIdentity.start' },
        ]
      : [{ type: 'otp.send' }, { type: 'mobile.blur' }];
  if (at === 'step2') {
    // The page's first class and stream: a page for class 12 medical is sent class 12 medical.
    const classStream = context.options.classStreams?.[0]?.stream ?? CANNED_DETAILS.classStream;
    return [{ type: 'details.submit', details: { ...CANNED_DETAILS, classStream } }];
  }
  if (at === 'step3') {
    const values = {
      examSlot: context.exam.slot,
      state: context.exam.state,
      centre: context.exam.centre,
      examDate: context.exam.date,
    };
    const lists = {
      examSlot: context.options.slots?.map((s) => s.tid),
      state: context.options.states?.map((s) => s.tid),
      centre: context.options.centres?.map((c) => c.value),
      examDate: context.options.dates?.map((d) => d.value),
    };
    // The first open choice of the cascade, as a student makes them in order.
    const next = examChain(context).find((field) => values[field] === undefined);
    const first = next ? lists[next]?.[0] : undefined;
    // The card offers a coupon only where the programme charges a fee and its form has the field.
    const coupon =
      context.programme.fee.amount > 0 &&
      fieldsOf(context.programme, 'exam-details').some((f) => f.name === 'coupon');
    return [
      ...(next && first ? [{ type: 'field.change', field: next, value: first }] : []),
      ...(!coupon
        ? []
        : context.coupon.code === ''
          ? [
              { type: 'coupon.change', code: CANNED.validCoupon },
              { type: 'coupon.change', code: CANNED.invalidCoupon },
            ]
          : context.coupon.message === undefined
            ? [{ type: 'coupon.apply' }]
            : []),
      { type: 'exam.submit' },
      { type: 'payment.submit' },
    ];
  }
  if (at === 'paymentFailed') return [{ type: 'payment.retry' }];
  return [];
}

/** Whether the part of the card that would take the event accepts it now. */
function accepts(root: AnyActorRef, event: AnyEventObject): boolean {
  const actors = stepActors(root.getSnapshot() as Parameters<typeof stepActors>[0]);
  const verify = actors.mobile?.getSnapshot().children.verifyMobile as AnyActorRef | undefined;
  return [verify, actors.mobile, actors.details, actors.exam, actors.success, root].some(
    (actor) =>
      actor !== undefined && (actor.getSnapshot() as { can: (e: AnyEventObject) => boolean }).can(event),
  );
}

/** Where the card is, coarsely: what the search must not visit twice. */
function placeKey(parts: CardParts): string {
  const { context } = parts;
  return JSON.stringify({
    at: parts.at,
    steps: [parts.mobile, parts.verify, parts.details, parts.exam, parts.success].map((s) => s?.value),
    mobile: context.mobile,
    mobileError: context.mobileError?.key,
    code: parts.verify?.context.error?.key,
    exam: [context.exam.slot, context.exam.state, context.exam.centre, context.exam.date].map(Boolean),
    coupon: [context.coupon.code, context.coupon.applied, context.coupon.message?.key],
  });
}

export interface ExploreOptions {
  /** The card's input as the page gives it (programme, registration page, a fixed course type). */
  input: Omit<RegistrationInput, 'query'>;
  /** The made-up answers drawn from the page's own programme (card-world.ts). */
  world: CannedWorld;
  /** Student actions per path at most (the search stops deeper). */
  maxDepth?: number;
}

/**
 * The entries the page may start from (its query), each with its canned answers. Back from the
 * gateway with a failed payment only where the programme charges a fee: a free programme never
 * sends a student to the gateway, so its card never shows that screen.
 */
function rootsOf({
  input,
  world,
}: Omit<ExploreOptions, 'maxDepth'>): Array<Pick<CardRecipe, 'answers' | 'query'>> {
  const paid = input.programme.fee.amount > 0;
  return [
    { answers: {}, query: {} },
    { answers: { noDates: true }, query: {} },
    ...(paid ? [{ answers: {}, query: { status: 'failure', mobile: CANNED.mobile } }] : []),
    {
      answers: {},
      query: {
        registeration: 'success',
        roll_no: '250000000099',
        dob: '05-01-2010',
        exam_date: world.dates[0]?.value ?? '',
      },
    },
  ];
}

async function run(
  { input, world }: Omit<ExploreOptions, 'maxDepth'>,
  recipe: Pick<CardRecipe, 'answers' | 'query' | 'events'>,
): Promise<Actor<RegistrationMachine>> {
  const actor = createActor(cannedRegistration(world, recipe.answers), {
    input: { ...input, query: recipe.query },
  }).start();
  await playRecipe(actor, recipe);
  return actor;
}

/**
 * The card's states for a page: every screen its machines reach with the canned answers, once
 * each, in the order a student meets them, with the shortest recipe to it.
 */
export async function exploreCardStates({
  input,
  world,
  maxDepth = 12,
}: ExploreOptions): Promise<CardStateEntry[]> {
  const found = new Map<string, CardStateEntry>();
  for (const root of rootsOf({ input, world })) {
    const seen = new Set<string>();
    let frontier: CardRecipe[] = [{ ...root, events: [] }];
    for (let depth = 0; depth <= maxDepth && frontier.length > 0; depth++) {
      const next: CardRecipe[] = [];
      for (const recipe of frontier) {
        const actor = await run({ input, world }, recipe);
        try {
          const parts = cardParts(actor.getSnapshot());
          const place = placeKey(parts);
          if (seen.has(place)) continue;
          seen.add(place);
          const view = viewOf(parts);
          const kind = viewKind(view, recipe);
          if (!found.has(kind)) found.set(kind, { id: kind, label: labelOf(view, recipe), recipe, view });
          // The details form's own errors (fields left empty or wrong) show once its fields are left.
          const withErrors = { ...recipe, revealFieldErrors: true };
          const errorsKind = viewKind(view, withErrors);
          if (view.step === 'details' && !found.has(errorsKind))
            found.set(errorsKind, {
              id: errorsKind,
              label: labelOf(view, withErrors),
              recipe: withErrors,
              view,
            });
          for (const event of studentEvents(parts))
            if (accepts(actor, event)) next.push({ ...recipe, events: [...recipe.events, event] });
        } finally {
          actor.stop();
        }
      }
      frontier = next;
    }
  }
  // Two screens with the same words (say, the same step with another combination of notes) are
  // told apart by a number, so the list never shows one label twice.
  const counts = new Map<string, number>();
  return [...found.values()].map((entry) => {
    const n = (counts.get(entry.label) ?? 0) + 1;
    counts.set(entry.label, n);
    return n === 1 ? entry : { ...entry, label: `${entry.label} (${n})` };
  });
}

/** Replays a recipe on a fresh canned card and returns the card's view there (for checks). */
export async function viewAfter(
  page: Omit<ExploreOptions, 'maxDepth'>,
  recipe: CardRecipe,
): Promise<CardView> {
  const actor = await run(page, recipe);
  try {
    return viewOf(cardParts(actor.getSnapshot()));
  } finally {
    actor.stop();
  }
}
