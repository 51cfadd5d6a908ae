// GET /api/exam/open?exam_type=…: whether any exam date is open for registration now (a landing says
// so before the student types anything).
import type { ExamOpenQuery, ExamOpenReply } from '../../generated/api/exam-open';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const EXAM_OPEN_PATH = '/api/exam/open';

export const examOpenPath = (query: ExamOpenQuery) => withQuery(EXAM_OPEN_PATH, query);

export const fetchExamOpen = (query: ExamOpenQuery, options?: RequestOptions) =>
  apiGet<ExamOpenReply>(examOpenPath(query), options);
