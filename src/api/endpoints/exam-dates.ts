// GET /api/exam/dates?centre=…&stream=…&exam_type=…: exam dates open for registration (per centre where the
// programme dates by centre).
import type { ExamDatesQuery, ExamDatesReply } from '../../generated/api/exam-dates';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';
import { useApiRead } from './use-api-read';

export const EXAM_DATES_PATH = '/api/exam/dates';

export const examDatesPath = (query: ExamDatesQuery) => withQuery(EXAM_DATES_PATH, query);
export const examDatesKey = (query: ExamDatesQuery) => swrKey(examDatesPath(query));

export const fetchExamDates = (query: ExamDatesQuery, options?: RequestOptions) =>
  apiGet<ExamDatesReply>(examDatesPath(query), options);

/** null while a parent choice is missing: nothing is fetched. */
export const useExamDates = (query: ExamDatesQuery | null, options?: RequestOptions) =>
  useApiRead(query, examDatesKey, (q) => fetchExamDates(q, options));
