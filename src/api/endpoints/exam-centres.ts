// GET /api/exam/centres?mode=…&state=…&class_stream=…&isCheckedCentre=…&exam_type=…: centres of a state
// (value name-code-id: the code is the second dash part).
import type { ExamCentresQuery, ExamCentresReply } from '../../generated/api/exam-centres';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';
import { useApiRead } from './use-api-read';

export const EXAM_CENTRES_PATH = '/api/exam/centres';

export const examCentresPath = (query: ExamCentresQuery) => withQuery(EXAM_CENTRES_PATH, query);
export const examCentresKey = (query: ExamCentresQuery) => swrKey(examCentresPath(query));

export const fetchExamCentres = (query: ExamCentresQuery, options?: RequestOptions) =>
  apiGet<ExamCentresReply>(examCentresPath(query), options);

/** null while a parent choice is missing: nothing is fetched. */
export const useExamCentres = (query: ExamCentresQuery | null, options?: RequestOptions) =>
  useApiRead(query, examCentresKey, (q) => fetchExamCentres(q, options));
