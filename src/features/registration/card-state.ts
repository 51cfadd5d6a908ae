// What the registration card's views share: the machine's snapshot and send, and the running
// step's machine. The parent keeps the data that spans the steps; each step's own state lives in
// its child machine (src/machines/registration-*-machine.ts). `stepActors` is the one place that
// reads the parent's children; `cardParts` lays the running step's data over the parent's.
import type { AnyActorRef, EventFrom, SnapshotFrom } from 'xstate';
import { confirmationView, type ConfirmationView } from '../../machines/order-confirmation-machine';
import type { RegistrationDetailsMachine } from '../../machines/registration-details-machine';
import type { RegistrationExamMachine } from '../../machines/registration-exam-machine';
import type { RegistrationMachine } from '../../machines/registration-machine';
import type {
  MobileStepContext,
  RegistrationMobileMachine,
  RegistrationVerifyMachine,
} from '../../machines/registration-mobile-machine';
import type { RegistrationContext } from '../../machines/registration-model';
import type { RegistrationSuccessMachine } from '../../machines/registration-success-machine';
import type { Translate } from '../../engine/i18n';
import type { Message } from '../../machines/message';

export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;
export type RegistrationSend = (event: EventFrom<RegistrationMachine>) => void;
export type MobileStepSnapshot = SnapshotFrom<RegistrationMobileMachine>;
export type VerifySnapshot = SnapshotFrom<RegistrationVerifyMachine>;
export type DetailsStepSnapshot = SnapshotFrom<RegistrationDetailsMachine>;
export type ExamStepSnapshot = SnapshotFrom<RegistrationExamMachine>;
export type SuccessStepSnapshot = SnapshotFrom<RegistrationSuccessMachine>;

/** The card's data: the parent's, with the running step's own (its live choices, its errors) on top. */
export type CardContext = RegistrationContext &
  Partial<Pick<MobileStepContext, 'mobileError' | 'callerIdentity'>> & { optionsError?: Message };

/** Where the parent is: a step (its machine runs), or one of its own states. */
export type CardPlace =
  | 'step1'
  | 'accountExists'
  | 'step2'
  | 'step3'
  | 'signingUp'
  | 'redirectingToPayment'
  | 'paymentFailed'
  | 'confirmingPayment'
  | 'success'
  | 'stepsNotLoaded'
  | 'loading';

export interface CardParts {
  at: CardPlace;
  /** The payment step's place while the parent confirms the order (order-confirmation-machine.ts). */
  confirmation?: ConfirmationView;
  context: CardContext;
  mobile?: MobileStepSnapshot;
  verify?: VerifySnapshot;
  details?: DetailsStepSnapshot;
  exam?: ExamStepSnapshot;
  success?: SuccessStepSnapshot;
}

/** The running steps' actors (the card sends a step's events to its machine). */
export function stepActors(state: RegistrationSnapshot) {
  const { mobileStep, detailsStep, examStep, successStep } = state.children;
  return { mobile: mobileStep, details: detailsStep, exam: examStep, success: successStep };
}

/** A machine's snapshot (a test may stand a step in with a plain call, which has none). */
function machineSnapshot<T>(actor: AnyActorRef | undefined): T | undefined {
  const snapshot: unknown = actor?.getSnapshot();
  return typeof snapshot === 'object' && snapshot !== null && 'matches' in snapshot
    ? (snapshot as T)
    : undefined;
}

const PLACES: Exclude<CardPlace, 'loading'>[] = [
  'step1',
  'accountExists',
  'step2',
  'step3',
  'signingUp',
  'redirectingToPayment',
  'paymentFailed',
  'confirmingPayment',
  'success',
  'stepsNotLoaded',
];

/** What a step's view (form-steps.tsx, success-step.tsx) takes from the card. */
export interface StepViewProps {
  /** The card's parts: the running step's snapshot and the data shown. */
  parts: CardParts;
  /** The steps' machines, to send their events to. */
  actors: ReturnType<typeof stepActors>;
  t: Translate;
  locale: string;
}

/** The running step's machine snapshot, by step (at most one runs). */
export type StepSnapshots = Pick<CardParts, 'mobile' | 'details' | 'exam' | 'success'>;

/** The parent's place, the running step's snapshot and the data the card shows. */
export function cardParts(state: RegistrationSnapshot): CardParts {
  const actors = stepActors(state);
  const at = PLACES.find((place) => state.matches(place)) ?? 'loading';
  const confirmation = confirmationView(state.children.confirmOrder);
  const parts = partsOf(at, state.context, {
    mobile: machineSnapshot<MobileStepSnapshot>(actors.mobile),
    details: machineSnapshot<DetailsStepSnapshot>(actors.details),
    exam: machineSnapshot<ExamStepSnapshot>(actors.exam),
    success: machineSnapshot<SuccessStepSnapshot>(actors.success),
  });
  return confirmation ? { ...parts, confirmation } : parts;
}

/**
 * The card's parts from the parent's place and context and the running step's snapshot: the
 * step's data laid over the parent's (each step's model test builds its view with it too).
 */
export function partsOf(at: CardPlace, parent: RegistrationContext, steps: StepSnapshots): CardParts {
  const { mobile, details, exam, success } = steps;
  const verify = machineSnapshot<VerifySnapshot>(mobile?.children.verifyMobile);
  const step = mobile ?? details ?? exam ?? success;
  const context: CardContext = { ...parent, ...step?.context };
  // The details step loads the page's classes and streams; the parent keeps them once it ends.
  if (details) context.options = { ...context.options, classStreams: details.context.classStreams };
  return { at, context, mobile, verify, details, exam, success };
}
