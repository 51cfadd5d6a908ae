// POST /api/exam-dates: the dates the student may move the exam to, for a mode, branch and
// class-stream (the edit-exam flow, part 2 §7 "POST exam dates").
import type { ExamEditDatesBody, ExamEditDatesReply } from '../../generated/api/exam-edit-dates';
import { apiPost, type RequestOptions } from '../client';

export const EXAM_EDIT_DATES_PATH = '/api/exam-dates';

export const fetchExamEditDates = (token: string, body: ExamEditDatesBody, options?: RequestOptions) =>
  apiPost<ExamEditDatesReply>(EXAM_EDIT_DATES_PATH, body, { ...options, token });
