// GET /api/exam/states?exam_mode=…&class_stream=…&isCheckedState=…&exam_type=…: states with a centre for
// the exam; isCheckedState keeps only states with an open date.
import type { ExamStatesQuery, ExamStatesReply } from '../../generated/api/exam-states';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';
import { useApiRead } from './use-api-read';

export const EXAM_STATES_PATH = '/api/exam/states';

export const examStatesPath = (query: ExamStatesQuery) => withQuery(EXAM_STATES_PATH, query);
export const examStatesKey = (query: ExamStatesQuery) => swrKey(examStatesPath(query));

export const fetchExamStates = (query: ExamStatesQuery, options?: RequestOptions) =>
  apiGet<ExamStatesReply>(examStatesPath(query), options);

/** null while a parent choice is missing: nothing is fetched. */
export const useExamStates = (query: ExamStatesQuery | null, options?: RequestOptions) =>
  useApiRead(query, examStatesKey, (q) => fetchExamStates(q, options));
