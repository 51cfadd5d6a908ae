// Who may edit their exam, and how often (part 2 §4 "Edit-exam flow", §6): read from the profile
// by the dashboard's Edit button and by the edit-exam machine alike.
import type { Profile } from '../generated/api/profile';

/** The Edit button: hidden (remove_edit_exam_edit_profile), disabled (is_edit_allowed false) or enabled. */
export function editAvailability(profile: Profile): 'hidden' | 'disabled' | 'enabled' {
  if (profile.remove_edit_exam_edit_profile) return 'hidden';
  return profile.is_edit_allowed ? 'enabled' : 'disabled';
}

/** Dates a centre sets (offline) are not counted (part 2 §4, §6). */
export const unlimitedEdits = (profile: Profile): boolean => profile.is_offline_sf_exam_date;

/**
 * Which edit this is. The spec's rule maps max_exam_edit_allowed 2 → attempt 1, else 2: the
 * original API counted max_exam_edit_allowed down. This API keeps the maximum and counts
 * exam_attempts_left down, so the attempt is the edits used plus one (2 left of 2 → 1, 1 left → 2).
 */
export function attemptNumber(profile: Profile): number {
  const max = Math.max(1, profile.max_exam_edit_allowed);
  const used = Math.max(0, max - profile.exam_attempts_left);
  return Math.min(max, used + 1);
}

export const noEditsLeft = (profile: Profile): boolean =>
  !unlimitedEdits(profile) && profile.exam_attempts_left <= 0;

/** Online is free unless a third party registered the student (part 2 §4). */
export const onlineIsFree = (profile: Profile): boolean => !profile.register_from_third_party;
