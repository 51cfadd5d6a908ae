// Marks, scholarship and preparation level of a submitted paper. Computed on the server only.
import { splitClassStream } from '../../../src/domain/class-stream';
import type { Programme } from '../../../src/generated/config/programme';

/** Marking of every paper: +4 for a right answer, −1 for a wrong one, 0 when left. */
export const MARKING = { correct: 4, wrong: -1 } as const;
/** An overall percentage from which a student counts as Qualified. */
export const QUALIFYING_PERCENT = 40;
/** Scholarship by overall percentage (highest first), capped by the programme's maxPercent. */
const SCHOLARSHIP_SLABS: Array<[minPercent: number, scholarship: number]> = [
  [90, 90],
  [80, 75],
  [70, 60],
  [60, 50],
  [50, 40],
  [QUALIFYING_PERCENT, 25],
];

export interface SubjectScore {
  subject: string;
  questions: number;
  attempted: number;
  correct: number;
  wrong: number;
  score: number;
  max: number;
}

/** A question of a paper as marking sees it: its subject, its form field and the right option. */
export interface KeyedQuestion {
  subject: string;
  field: string;
  answer: number;
}

/**
 * The paper's questions with their answer key come from the test platform that set the paper (the
 * sandbox player here); answers: form field (q-<id>) → chosen option index.
 */
export function scoreAnswers(
  subjects: string[],
  questions: readonly KeyedQuestion[],
  answers: Record<string, number>,
): SubjectScore[] {
  return subjects.map((subject) => {
    const mine = questions.filter((q) => q.subject === subject);
    const row: SubjectScore = {
      subject,
      questions: mine.length,
      attempted: 0,
      correct: 0,
      wrong: 0,
      score: 0,
      max: mine.length * MARKING.correct,
    };
    for (const q of mine) {
      const chosen = answers[q.field];
      if (chosen === undefined) continue;
      row.attempted++;
      if (chosen === q.answer) row.correct++;
      else row.wrong++;
    }
    row.score = row.correct * MARKING.correct + row.wrong * MARKING.wrong;
    return row;
  });
}

export const totalOf = (rows: SubjectScore[]) => ({
  score: rows.reduce((sum, r) => sum + r.score, 0),
  max: rows.reduce((sum, r) => sum + r.max, 0),
});

export const percentageOf = (score: number, max: number): number =>
  max > 0 ? Math.max(0, (score * 100) / max) : 0;

/** The student is a repeater by the programme's scholarship rules (a class listed there). */
export function isRepeater(programme: Programme, classStream: string): boolean {
  const { klass } = splitClassStream(classStream);
  return programme.scholarship?.repeater?.classes.includes(klass) ?? false;
}

/**
 * The scholarship of a score, capped by the programme's maxPercent and, for a repeater, by the
 * repeater cap (part 1 §9: at most 60%).
 */
export function scholarshipFor(programme: Programme, percentage: number, classStream: string): number {
  const rules = programme.scholarship;
  if (!rules) return 0;
  const slab = SCHOLARSHIP_SLABS.find(([min]) => percentage >= min);
  if (!slab) return 0;
  const cap = isRepeater(programme, classStream)
    ? Math.min(rules.maxPercent, rules.repeater?.maxPercent ?? rules.maxPercent)
    : rules.maxPercent;
  return Math.min(slab[1], cap);
}

export const qualified = (percentage: number): boolean => percentage >= QUALIFYING_PERCENT;

export function preparationLevel(percentage: number): string {
  if (percentage >= 80) return 'Excellent: you are well prepared. Keep revising to stay ahead.';
  if (percentage >= 60) return 'Good: strengthen your weaker subjects to move up.';
  if (percentage >= QUALIFYING_PERCENT)
    return 'Average: regular practice with guidance will raise your score.';
  return 'Needs improvement: a structured course will help you build the basics.';
}

/** One decimal, as the charts show (part 1 §9). */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** Percentile = score × 100 / highest score (part 1 §9); 0 when nobody scored above 0. */
export const percentileOf = (score: number, highest: number): number =>
  highest > 0 ? oneDecimal(Math.max(0, (score * 100) / highest)) : 0;

/**
 * The result message stored with a result (HTML, sanitised again when sent). It names no fee and
 * no branch visit: a digital-only (IC006) student pays the whole course fee and has no branch.
 */
export function resultMessage(programme: Programme, percentage: number, scholarship: number): string {
  if (scholarship > 0 && programme.scholarship)
    return `<p>Congratulations! You have qualified for a <strong>${scholarship}% scholarship</strong> in ${programme.shortName}.</p><p>The scholarship is valid for ${programme.scholarship.validityDays} days from your exam date. It is applied to the fee of the course you choose on your dashboard.</p>`;
  if (qualified(percentage))
    return `<p>Well done! You have <strong>qualified</strong> in ${programme.shortName}.</p><p>See your score card and analysis to plan your preparation.</p>`;
  return `<p>Thank you for taking ${programme.shortName}.</p><p>Visit your nearest branch for counselling on how to improve your score.</p>`;
}
