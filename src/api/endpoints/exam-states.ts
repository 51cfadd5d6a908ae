// GET /api/exam/states?exam_mode=…&class_stream=…&isCheckedState=…&exam_type=…: states with a centre for
// the exam; isCheckedState keeps only states with an open date.
import type { ExamStatesQuery, ExamStatesReply } from '../../generated/api/exam-states';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const EXAM_STATES_PATH = '/api/exam/states';

export const examStatesPath = (query: ExamStatesQuery) => withQuery(EXAM_STATES_PATH, query);
export const fetchExamStates = (query: ExamStatesQuery, options?: RequestOptions) =>
  apiGet<ExamStatesReply>(examStatesPath(query), options);
