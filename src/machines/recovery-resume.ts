// Credential recovery that outlives the page (decision 041): the OTP step, where the student
// switches to the SMS app and the phone may discard the tab, is kept as a persisted snapshot
// without the code typed; a reload shows the box again with its resend wait. The details shown
// after the code (roll number and date of birth) are never kept: a reload after them starts again
// (a parent at a shared computer leaves nothing behind), and so does the first step.
import type { ActorRefFrom, Snapshot } from 'xstate';
import { childSnapshot, keptCodeEntry, plainSnapshot, type FlowKeeping } from './kept-flows';
import type { RecoveryMachine } from './recovery-machine';

/** Where recovery's flows are kept (one per tab). */
export const RECOVERY_FLOW = 'recovery';

export function recoveryKeeping(actor: ActorRefFrom<RecoveryMachine>): FlowKeeping {
  const snapshot = actor.getSnapshot();
  if (!snapshot.matches('otpStep')) return snapshot.matches('sendingId') ? 'leave' : 'forget';
  const persisted = plainSnapshot(actor.getPersistedSnapshot());
  const verify = childSnapshot(persisted, 'verifyMobile');
  if (!verify || !keptCodeEntry(verify)) return 'leave';
  persisted.context = { ...(persisted.context as Record<string, unknown>), otp: '' };
  return { store: persisted as Snapshot<unknown> };
}

/** What a restored recovery starts again: its code entry's resend wait (timers are not persisted). */
export function wakeResumedRecovery(actor: ActorRefFrom<RecoveryMachine>): void {
  actor.getSnapshot().children.verifyMobile?.send({ type: 'verify.resumed' });
}
