// GET /api/exam/dates?centre=…&stream=…&exam_type=…: exam dates open for registration (per centre where the
// programme dates by centre).
import type { ExamDatesQuery, ExamDatesReply } from '../../generated/api/exam-dates';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const EXAM_DATES_PATH = '/api/exam/dates';

export const examDatesPath = (query: ExamDatesQuery) => withQuery(EXAM_DATES_PATH, query);
export const fetchExamDates = (query: ExamDatesQuery, options?: RequestOptions) =>
  apiGet<ExamDatesReply>(examDatesPath(query), options);
