// Where a programme is held in which mode (part 2 §1: "iACST … is offline-only for Gujarati").
// Pure, shared by the registration's exam step (which states a slot lists) and the server's signup
// (which pairing it accepts): one rule, read from the programme config.

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
