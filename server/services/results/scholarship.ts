// The student's scholarship, from their released main result and the programme's rules (part 1
// §9, part 2 §2-§3): one answer the dashboard banner, the result page, the fee breakup and the
// course order all read, so what the portal announces is what the order charges.
import { scholarshipWaiver, type WaiverRecord } from '../../../src/domain/fees';
import { percentageOf, qualified } from './scoring';
import type { ExamContext } from '../exams/sittings';
import { addDays } from '../exams/time';

export interface ScholarshipAward {
  /** The overall score, 0–100. */
  percentage: number;
  qualified: boolean;
  /** The scholarship percent, 0 when none. */
  percent: number;
  /** The last day it can be used (exam date + validityDays), ISO date. */
  validUntil?: string;
  /**
   * Above the programme's offlineTest.abovePercent: the last day (ISO date) of the offline test at
   * the branch that confirms it (exam date + withinDays).
   */
  offlineTestBy?: string;
}

/** The released main result's award; undefined before a result is out. */
export function scholarshipOf(ec: ExamContext): ScholarshipAward | undefined {
  const main = ec.main;
  const result = main?.state === 'released' ? main.result : undefined;
  if (!main || !result) return undefined;
  const rules = ec.programme.scholarship;
  const percentage = percentageOf(result.score, result.max_score);
  const percent = rules ? result.scholarship_percent : 0;
  const award: ScholarshipAward = { percentage, qualified: qualified(percentage), percent };
  if (percent > 0 && rules) {
    award.validUntil = addDays(main.examDate, rules.validityDays);
    if (rules.offlineTest && percent > rules.offlineTest.abovePercent)
      award.offlineTestBy = addDays(main.examDate, rules.offlineTest.withinDays);
  }
  return award;
}

/** The fee waiver the award stands for (programme.scholarship.waives), or null without one. */
export function scholarshipWaiverOf(ec: ExamContext): WaiverRecord | null {
  const award = scholarshipOf(ec);
  const covers = ec.programme.scholarship?.waives;
  return award && award.percent > 0 && covers ? scholarshipWaiver(award.percent, covers) : null;
}
