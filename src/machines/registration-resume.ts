// A registration that outlives the page: a reload, a tab the phone discarded while the student read
// the SMS, Back from the gateway. The card's machine is kept as XState's persisted snapshot
// (`getPersistedSnapshot`, restored with `createActor(machine, { snapshot })`) wherever the student
// waits on the card, never while a call of its own or of a step is under way (a list loading is
// the exception: it loads again), and never with a secret: the code typed is dropped. The
// registration token is kept for the tab while the card is, and forgotten with it.
import type { ActorRefFrom, Snapshot } from 'xstate';
import { childSnapshot, keptCodeEntry, plainSnapshot, type FlowKeeping } from './kept-flows';
import { showDob } from '../domain/dates';
import type { RegistrationDraft } from '../generated/api/registration-draft';
import type { RegistrationMachine } from './registration-machine';
import { keptChoices } from './registration-model';

/** The places a card resumes at: the student was reading or typing there. */
const RESUMABLE = ['step1', 'accountExists', 'step2', 'step3', 'paymentFailed', 'success'] as const;

/**
 * What the card's state asks of the tab's copy. Step 1 is kept once a code went out (the box to type
 * it, and its resend wait); a number being typed again after "Edit number" forgets it. A call under
 * way (sending, checking, signing up, the gateway) leaves the last copy: a reload then returns to the
 * screen before it.
 */
export function cardKeeping(actor: ActorRefFrom<RegistrationMachine>): FlowKeeping {
  const snapshot = actor.getSnapshot();
  if (snapshot.status !== 'active') return 'leave';
  const place = RESUMABLE.find((p) => snapshot.matches(p));
  if (!place) return 'leave';
  // A call inside a step (the nearest centre, a coupon check, the roll number's copy) would run
  // again when restored, unasked (a location prompt): the copy from before it stays.
  const { examStep, successStep } = snapshot.children;
  const exam = examStep?.getSnapshot();
  if (exam?.matches({ editing: { lists: 'locating' } }) || exam?.matches({ editing: { coupon: 'applying' } }))
    return 'leave';
  if (successStep?.getSnapshot().matches('copying')) return 'leave';
  const persisted = plainSnapshot(actor.getPersistedSnapshot());
  if (place !== 'step1') return { store: persisted as Snapshot<unknown> };
  const mobileStep = childSnapshot(persisted, 'mobileStep');
  const verify = mobileStep && childSnapshot(mobileStep, 'verifyMobile');
  if (!verify || !keptCodeEntry(verify)) return mobileStep?.value === 'enteringMobile' ? 'forget' : 'leave';
  return { store: persisted as Snapshot<unknown> };
}

/**
 * What a restored card starts again, as XState does not: the OTP step's resend wait (its timer
 * is not persisted), and a list that failed before the page went (often the page going: its calls
 * were cut), which a reload means to try again.
 */
export function wakeResumedCard(actor: ActorRefFrom<RegistrationMachine>): void {
  const { mobileStep, detailsStep, examStep } = actor.getSnapshot().children;
  mobileStep?.getSnapshot().children.verifyMobile?.send({ type: 'verify.resumed' });
  if (detailsStep?.getSnapshot().matches('failed')) detailsStep.send({ type: 'classStreams.retry' });
  if (examStep?.getSnapshot().matches({ editing: { lists: 'failed' } }))
    examStep.send({ type: 'exam.retryOptions' });
}

/**
 * How deep the card is in the browser's history (one entry per step, decision 041): step 2 is 1,
 * step 3 is 2; the number, the thank-you and every other place the student starts over from are
 * 0. Undefined while a call decides where the card goes next (loading the steps, signing up, the
 * gateway): the history is left as it is then.
 */
const HELD = [
  'entry',
  'loadingLeadBySfId',
  'loadingSteps',
  'signingUp',
  'confirmingPayment',
  'reloadingLead',
] as const;

export function cardDepth(actor: ActorRefFrom<RegistrationMachine>): number | undefined {
  const snapshot = actor.getSnapshot();
  if (snapshot.status !== 'active') return undefined;
  if (snapshot.matches('step2')) return 1;
  if (snapshot.matches('step3')) return 2;
  if (HELD.some((place) => snapshot.matches(place))) return undefined;
  return 0;
}

/**
 * Browser Back to an entry `to` deep while the card is deeper: step 3 goes back to step 2 (its
 * own "Edit details"); true. Anything further back is leaving the card: false, the caller decides.
 */
export function stepBack(actor: ActorRefFrom<RegistrationMachine>, to: number): boolean {
  const { examStep } = actor.getSnapshot().children;
  if (to !== 1 || cardDepth(actor) !== 2 || !examStep?.getSnapshot().can({ type: 'details.edit' }))
    return false;
  examStep.send({ type: 'details.edit' });
  return true;
}

/**
 * What the server keeps of the card for another tab or device of this number (decision 041): step 2
 * as typed and the exam step's choices, from the verified number on, until the signup. Undefined
 * where there is nothing of the student's to keep (the number, the thank-you) or no token yet.
 */
export function cardDraft(actor: ActorRefFrom<RegistrationMachine>): RegistrationDraft | undefined {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  if (snapshot.status !== 'active' || !context.registrationToken) return undefined;
  const asTyped = {
    studentName: context.student.studentName,
    fatherName: context.student.fatherName,
    email: context.student.email,
    dob: showDob(context.student.dob),
    classStream: context.student.classStream,
  };
  // The exam choices as the wire carries them (plain objects of the API's lists).
  const choicesOf = (from: Parameters<typeof keptChoices>[0]) =>
    keptChoices(from) as unknown as RegistrationDraft['choices'];
  if (snapshot.matches('step2')) {
    const typed = snapshot.children.detailsStep?.getSnapshot().context.draft;
    return { student: { ...asTyped, ...typed }, choices: choicesOf(context) };
  }
  if (snapshot.matches('step3')) {
    const exam = snapshot.children.examStep?.getSnapshot().context;
    return { student: asTyped, choices: choicesOf(exam ?? context) };
  }
  return undefined;
}
