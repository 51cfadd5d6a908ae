// A registration that outlives the page: a reload, a tab the phone discarded while the student read
// the SMS, Back from the gateway. The card's machine is kept as XState's persisted snapshot
// (`getPersistedSnapshot`, restored with `createActor(machine, { snapshot })`) wherever the student
// waits on the card, never while a call is under way, and never with a secret: the code typed is
// dropped (the registration token is kept, as the session already holds it for Try Again).
import type { ActorRefFrom, Snapshot } from 'xstate';
import { REGISTRATION_TOKEN_TTL_MS } from '../domain/otp-rules';
import type { RegistrationMachine } from './registration-machine';

/** The places a card resumes at: the student was reading or typing there. */
const RESUMABLE = ['step1', 'accountExists', 'step2', 'step3', 'paymentFailed', 'success'] as const;

/** What the tab keeps of one card. */
export interface KeptCard {
  /** The page's registration (a card on another programme's page never resumes this one). */
  page: string;
  /** The address's query when it was kept: a different entry (back from the gateway) starts as its query says. */
  search: string;
  savedAt: number;
  snapshot: Snapshot<unknown>;
}

/** What to do with the kept card after the machine moved: store this, forget it, or leave it. */
export type CardKeeping = { store: Snapshot<unknown> } | 'forget' | 'leave';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const child = (snapshot: Json, id: string): Json | undefined => {
  const children = snapshot.children;
  const entry = isRecord(children) ? children[id] : undefined;
  return isRecord(entry) && isRecord(entry.snapshot) ? entry.snapshot : undefined;
};

/**
 * What the card's state asks of the tab's copy. Step 1 is kept once a code went out (the box to type
 * it, and its resend wait); a number being typed again after "Edit number" forgets it. A call under
 * way (sending, checking, signing up, the gateway) leaves the last copy: a reload then returns to the
 * screen before it.
 */
export function cardKeeping(actor: ActorRefFrom<RegistrationMachine>): CardKeeping {
  const snapshot = actor.getSnapshot();
  if (snapshot.status !== 'active') return 'leave';
  const place = RESUMABLE.find((p) => snapshot.matches(p));
  if (!place) return 'leave';
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as Json;
  if (place !== 'step1') return { store: persisted as Snapshot<unknown> };
  const mobileStep = child(persisted, 'mobileStep');
  const verify = mobileStep && child(mobileStep, 'verifyMobile');
  const value = verify?.value;
  if (!verify || !isRecord(value) || !isRecord(value.codeEntry)) {
    return mobileStep?.value === 'enteringMobile' ? 'forget' : 'leave';
  }
  // The code typed so far is a secret: the box starts empty, and a check under way is not resumed.
  verify.context = { ...(verify.context as Json), code: '', error: undefined };
  if (value.codeEntry.code === 'verifying') {
    value.codeEntry = { ...value.codeEntry, code: 'editing' };
    const { checkCode: _, ...others } = verify.children as Json;
    verify.children = others;
  }
  return { store: persisted as Snapshot<unknown> };
}

/** The kept card to resume on this page now, or undefined (another page, another entry, too old). */
export function cardToResume(
  kept: KeptCard | undefined,
  { page, search, now }: { page: string; search: string; now: number },
): Snapshot<unknown> | undefined {
  if (!kept || kept.page !== page || kept.search !== search) return undefined;
  if (now - kept.savedAt > REGISTRATION_TOKEN_TTL_MS || now < kept.savedAt) return undefined;
  return kept.snapshot;
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
