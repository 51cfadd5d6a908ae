// GET /api/exam/slots?exam_type=…: the programme's exam slots, each Online or Offline (part 2 §3 "Option
// lists").
import type { ExamSlotsQuery, ExamSlotsReply } from '../../generated/api/exam-slots';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';
import { useApiRead } from './use-api-read';

export const EXAM_SLOTS_PATH = '/api/exam/slots';

export const examSlotsPath = (query: ExamSlotsQuery) => withQuery(EXAM_SLOTS_PATH, query);
export const examSlotsKey = (query: ExamSlotsQuery) => swrKey(examSlotsPath(query));

export const fetchExamSlots = (query: ExamSlotsQuery, options?: RequestOptions) =>
  apiGet<ExamSlotsReply>(examSlotsPath(query), options);

/** null while a parent choice is missing: nothing is fetched. */
export const useExamSlots = (query: ExamSlotsQuery | null, options?: RequestOptions) =>
  useApiRead(query, examSlotsKey, (q) => fetchExamSlots(q, options));
