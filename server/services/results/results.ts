// The result page's data (part 1 §3 "Result response", §7, §9) and the dashboard's result
// summary for the test platform's calls.
import { classInWords, splitClassStream } from '../../../src/domain/class-stream';
import type { ResultData } from '../../../src/generated/api/result';
import type { StudentResultReply } from '../../../src/generated/api/result-student';
import type { AppContext } from '../../context';
import { isDigitalOnly } from '../commerce/branch-terms';
import { centrePhones } from '../master/centres';
import { resultUrl } from '../exams/launch';
import { careerTypes, helpLine } from '../exams/programme';
import { sanitizeHtml } from '../exams/sanitize-html';
import { scholarshipOf } from './scholarship';
import {
  oneDecimal,
  percentageOf,
  percentileOf,
  preparationLevel,
  qualified,
  type SubjectScore,
} from './scoring';
import { allSittings, programmeOfPaper, type ExamContext, type Sitting } from '../exams/sittings';
import { istDate, istInstant } from '../exams/time';

/** The sitting a result call is about: the one named, else the main exam, else the latest test taken. */
export function sittingForResult(ec: ExamContext, code?: string, scheduleId?: string): Sitting | undefined {
  const all = allSittings(ec);
  if (code || scheduleId) return all.find((s) => s.paper.code === code && s.scheduleId === scheduleId);
  if (ec.main) return ec.main;
  return all
    .filter((s) => s.result && s.kind === 'series')
    .sort((a, b) => (a.result?.created_at ?? '').localeCompare(b.result?.created_at ?? ''))
    .pop();
}

const fixed1 = (n: number) => oneDecimal(n).toFixed(1);

export async function resultData(ctx: AppContext, ec: ExamContext, sitting: Sitting): Promise<ResultData> {
  const result = sitting.result;
  if (!result || sitting.state !== 'released')
    return {
      result_page_status: false,
      analysis_tab_status: false,
      result_expected_at: sitting.resultAt.toISOString(),
    };
  const { student, booking } = ec;
  const programme = programmeOfPaper(ctx, ec, sitting.paper);
  const now = ctx.now();
  const others = await ctx.db
    .selectFrom('exam_results')
    .select(['score', 'subjects'])
    .where('paper_code', '=', result.paper_code)
    .where('release_at', '<=', now.toISOString())
    .execute();
  const subjects = JSON.parse(result.subjects) as SubjectScore[];
  const highestBySubject = new Map<string, number>();
  for (const row of others)
    for (const s of JSON.parse(row.subjects) as SubjectScore[])
      highestBySubject.set(s.subject, Math.max(highestBySubject.get(s.subject) ?? 0, s.score));
  const highest = Math.max(result.score, ...others.map((o) => o.score));
  const rank = 1 + others.filter((o) => o.score > result.score).length;
  const percentage = percentageOf(result.score, result.max_score);
  const { klass, stream } = splitClassStream(booking.class_stream);
  const branch = await ctx.db
    .selectFrom('centres')
    .selectAll()
    .where('code', '=', student.branch_code)
    .executeTakeFirst();
  const detailedFrom = programme.windows.detailedResultFrom;
  const analysisOpen = !detailedFrom || now >= istInstant(istDate(new Date(result.release_at)), detailedFrom);
  // The main exam's award is the dashboard's (exams/scholarship): the same next step on both.
  const offlineTestBy = sitting === ec.main ? scholarshipOf(ec)?.offlineTestBy : undefined;
  const subjectHighest = (s: SubjectScore) => Math.max(s.score, highestBySubject.get(s.subject) ?? 0);
  const total = subjects.reduce(
    (t, s) => ({
      questions: t.questions + s.questions,
      attempted: t.attempted + s.attempted,
      correct: t.correct + s.correct,
      wrong: t.wrong + s.wrong,
    }),
    { questions: 0, attempted: 0, correct: 0, wrong: 0 },
  );
  return {
    result_page_status: true,
    analysis_tab_status: analysisOpen,
    result_message: await sanitizeHtml(result.message_html),
    rank_to_check_in_template: String(rank),
    branch_contact_info: {
      phone_no: (branch && centrePhones(branch)[0]) || helpLine(ctx.site, ec.programme, ec.branch),
    },
    test_name: sitting.testName,
    score_th: ['Subject', 'Questions', 'Attempted', 'Correct', 'Wrong', 'Marks', 'Max. marks', 'Percentile'],
    score: [
      ...subjects.map((s) => [
        s.subject,
        String(s.questions),
        String(s.attempted),
        String(s.correct),
        String(s.wrong),
        String(s.score),
        String(s.max),
        fixed1(percentileOf(s.score, subjectHighest(s))),
      ]),
      [
        'Total',
        String(total.questions),
        String(total.attempted),
        String(total.correct),
        String(total.wrong),
        String(result.score),
        String(result.max_score),
        fixed1(percentileOf(result.score, highest)),
      ],
    ],
    subject_labels: subjects.map((s) => s.subject),
    score_data_sets: [
      { label: 'Your score (%)', data: subjects.map((s) => oneDecimal(percentageOf(s.score, s.max))) },
      {
        label: 'Highest score (%)',
        data: subjects.map((s) => oneDecimal(percentageOf(subjectHighest(s), s.max))),
      },
      { label: 'Percentile', data: subjects.map((s) => percentileOf(s.score, subjectHighest(s))) },
    ],
    rpa_th: ['Subject', 'Your marks', 'Highest marks', 'Percentile', 'Accuracy'],
    rpa: subjects.map((s) => [
      s.subject,
      `${s.score}=Your marks`,
      `${subjectHighest(s)}=Highest marks`,
      `${fixed1(percentileOf(s.score, subjectHighest(s)))}=Percentile`,
      `${s.attempted ? fixed1((s.correct * 100) / s.attempted) : '0.0'}%=Accuracy`,
    ]),
    rollno: student.roll_number,
    PSID: student.psid || 'NA',
    Name: [student.first_name, student.last_name].filter(Boolean).join(' '),
    Fname: student.father_name ?? '',
    stream: careerTypes[stream] ?? stream,
    ClassOpted: classInWords(klass),
    ClassStudying: classInWords(klass),
    OverallScorePercentage: fixed1(percentage),
    Status: qualified(percentage) ? 'Qualified' : 'Not Qualified',
    qualified: qualified(percentage),
    ScholarshipPercentage: String(result.scholarship_percent),
    ...(offlineTestBy ? { scholarship_offline_test_by: offlineTestBy } : {}),
    PreparationLevelText: preparationLevel(percentage),
    digital_only: isDigitalOnly(ec.branch),
  };
}

/** The released result the dashboard stores (GET /api/student-result), or null. */
export function resultSummary(ec: ExamContext): StudentResultReply['data'] {
  const sitting = sittingForResult(ec);
  const r = sitting?.state === 'released' ? sitting.result : undefined;
  if (!sitting || !r) return null;
  const percentage = percentageOf(r.score, r.max_score);
  return {
    roll_number: ec.student.roll_number,
    exam_type: ec.student.exam_type,
    test_short_code: r.paper_code,
    score: r.score,
    max_score: r.max_score,
    overall_percentage: fixed1(percentage),
    scholarship_percentage: String(r.scholarship_percent),
    status: qualified(percentage) ? 'Qualified' : 'Not Qualified',
    released_at: r.release_at,
    result_url: resultUrl(ec, sitting),
  };
}
