// Which exam modes a programme offers, and where (part 2 §1: "iACST … is offline-only for
// Gujarati"; §4 the edit-exam flow's mode choice). Pure, shared by the client (the registration's
// exam step, the edit-exam machine) and the server (signup, exam edit): one rule, read from the
// programme config.

export type ExamMode = 'Online' | 'Offline';

export interface ModeRule {
  /** The programme's own mode: an online programme is held offline only where it must be. */
  mode: 'online' | 'offline';
  registration: { offlineOnlyStates?: string[] };
}

/**
 * Whether an exam in `mode` may be taken in the state with this short code: in an offline-only
 * state only offline; elsewhere an online programme with offline-only states keeps its offline
 * slots for those states. Programmes without offline-only states allow every pairing.
 */
export function modeAllowedInState(rule: ModeRule, mode: ExamMode, stateCode: string): boolean {
  const offlineOnly = rule.registration.offlineOnlyStates ?? [];
  if (offlineOnly.length === 0) return true;
  if (offlineOnly.includes(stateCode)) return mode === 'Offline';
  return rule.mode === 'online' ? mode === 'Online' : true;
}

/** The programme config's part the edit-exam mode rule reads. */
export interface EditModeRule {
  mode: 'online' | 'offline';
  fee: { offlineSwitchFee?: number };
}

/**
 * The modes a student may choose in the edit-exam flow (part 2 §4): an offline programme only
 * offline; an online one may switch to offline only when the config prices that switch.
 */
export function editModes(rule: EditModeRule): ExamMode[] {
  if (rule.mode === 'offline') return ['Offline'];
  return rule.fee.offlineSwitchFee !== undefined ? ['Online', 'Offline'] : ['Online'];
}

/**
 * The booking as the fee rule reads it, in the wire's names: the profile carries exactly these
 * (`exam_mode`, `offline_fee_paid`), and the server fills them from the booking row it decides by.
 * `offline_fee_paid` is the one field that says the fee is paid (not `is_payment_done`, the
 * registration's payment).
 */
export interface BookedForFee {
  exam_mode: ExamMode;
  offline_fee_paid: boolean;
}

/**
 * What a switch to offline costs a student with this booking now (part 2 §4 and "Fees": the
 * offline fee is non-refundable, and switching back to offline after paying is not charged again):
 * the config's offlineSwitchFee, 0 when already offline or paid. The client passes the profile,
 * the server its booking.
 */
export function offlineFeeDue(rule: EditModeRule, booked: BookedForFee): number {
  if (booked.exam_mode === 'Offline' || booked.offline_fee_paid) return 0;
  return rule.fee.offlineSwitchFee ?? 0;
}
