// A test platform's submit and its results: the answers of an attempt are scored and its result
// stored once, with the result delay of the programme; a submitted attempt's result, and releasing
// a student's pending results now (the sandbox test player's buttons).
import type { AppContext } from '../../context';
import type { ExamResultsTable } from '../../db/tables/exams';
import { ApiError } from '../../api/errors';
import { endStudentSessions, studentById } from '../../auth/sessions';
import { newId } from '../../auth/tokens';
import { iso } from '../../timestamps';
import { closeAttempt, type PlayerAttempt } from '../exams/launch';
import { expirePlatformTokens } from '../exams/platform-tokens';
import { maybeProgramme, resultDelayMs } from '../exams/programme';
import { paperByCode } from '../exams/sittings';
import {
  percentageOf,
  resultMessage,
  scholarshipFor,
  scoreAnswers,
  totalOf,
  type KeyedQuestion,
} from './scoring';

/**
 * Records the answers and the result, once; false when the attempt was not open any more. The
 * questions and their answer key come from the platform that set the paper (decision 039).
 */
export async function submitAttempt(
  ctx: AppContext,
  { attempt, subjects: paperSubjects }: PlayerAttempt,
  questions: readonly KeyedQuestion[],
  answers: Record<string, number>,
): Promise<boolean> {
  const now = ctx.now();
  const paper = await paperByCode(ctx, attempt.paper_code);
  const student = await studentById(ctx, attempt.student_id);
  if (!paper || !student) throw new Error(`attempt ${attempt.id}: its paper or student is gone`);
  const programme = maybeProgramme(ctx.site, paper.examType) ?? maybeProgramme(ctx.site, student.exam_type);
  if (!programme) throw new ApiError(404, 'This exam is not offered any more.');
  const subjects = scoreAnswers(paperSubjects, questions, answers);
  const total = totalOf(subjects);
  const percentage = percentageOf(total.score, total.max);
  const scholarship = scholarshipFor(programme, percentage, student.class_stream);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await closeAttempt(trx, attempt.id, answers, now))) return false;
    const earlier = await trx
      .selectFrom('exam_results')
      .select('id')
      .where('student_id', '=', attempt.student_id)
      .where('paper_code', '=', attempt.paper_code)
      .where('schedule_id', '=', attempt.schedule_id)
      .executeTakeFirst();
    if (earlier) throw new ApiError(409, 'This test has already been submitted.');
    await trx
      .insertInto('exam_results')
      .values({
        id: newId(),
        student_id: attempt.student_id,
        attempt_id: attempt.id,
        paper_code: attempt.paper_code,
        schedule_id: attempt.schedule_id,
        subjects: JSON.stringify(subjects),
        score: total.score,
        max_score: total.max,
        scholarship_percent: scholarship,
        message_html: resultMessage(programme, percentage, scholarship),
        created_at: iso(now),
        release_at: iso(new Date(now.getTime() + resultDelayMs(programme))),
      })
      .execute();
    // Submitting a test ends the student's sessions (part 1 §3, decision 001): every token issued
    // so far answers 401 from now on, and the student logs in again.
    await endStudentSessions(trx, attempt.student_id, 'test_submitted', now);
    // The test-platform tokens those sessions fetched end with them.
    await expirePlatformTokens(trx, attempt.student_id, now);
    return true;
  });
}

/** The result of a submitted attempt, if it has one. */
export const resultOfAttempt = (ctx: AppContext, attemptId: string): Promise<ExamResultsTable | undefined> =>
  ctx.db.selectFrom('exam_results').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst();

/** Makes every pending result of the student visible now; returns how many. */
export async function releasePendingResults(ctx: AppContext, studentId: string): Promise<number> {
  const now = iso(ctx.now());
  const done = await ctx.db
    .updateTable('exam_results')
    .set({ release_at: now })
    .where('student_id', '=', studentId)
    .where('release_at', '>', now)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
