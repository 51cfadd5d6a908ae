// The programme config of a student's exam type, and the rules the exam routes read from it.
import type { ConfigBundle } from '../../../src/engine/config-bundle';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { isDigitalOnly, type BranchTerms } from '../commerce/branch-terms';
import { message } from '../../api/messages';

export function programmeOf(site: ConfigBundle, examType: string): Programme {
  const programme = Object.values(site.programmes).find((p) => p.examType === examType);
  if (!programme) throw new ApiError(404, message('exam.notOffered'));
  return programme;
}

export function maybeProgramme(site: ConfigBundle, examType: string): Programme | undefined {
  return Object.values(site.programmes).find((p) => p.examType === examType);
}

/** The sample and mock paper pack: the programme the site config names (its fee and paper count). */
export const samplePackOf = (site: ConfigBundle): Programme | undefined =>
  site.programmes[site.site.commerce.samplePackProgramme];

export type Slot = Programme['schedule']['slots'][number];

export const slotOf = (programme: Programme, slotId: string | null): Slot =>
  programme.schedule.slots.find((s) => s.id === slotId) ?? programme.schedule.slots[0];

const HOUR_MS = 3_600_000;

/** How long a test stays open after it opens (windows.examValidityHours; a day unless set). */
export const examValidityHours = (programme: Programme): number => programme.windows.examValidityHours ?? 24;

/** When a result shows after submission (the lower bound of the programme's window). */
export const resultDelayMs = (programme: Programme): number =>
  programme.windows.resultDelay.min * (programme.windows.resultDelay.unit === 'days' ? 24 : 1) * HOUR_MS;

export const resultDelayText = (programme: Programme): string => {
  const { min, max, unit } = programme.windows.resultDelay;
  return min === max ? `${min} ${unit}` : `${min} to ${max} ${unit}`;
};

export const careerTypes: Record<string, string> = { SOE: 'Engineering', SOF: 'Foundation', SOM: 'Medical' };

/** Support number shown to the student: a digital-only branch (its channel) has its own. */
export function helpLine(
  site: ConfigBundle,
  programme: Programme,
  branch: Pick<BranchTerms, 'channel'>,
): string {
  return isDigitalOnly(branch) ? site.site.support.digitalPhone : programme.support.phone;
}
