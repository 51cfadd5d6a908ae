// POST /api/exam-info: change the exam's class-stream, mode, state, centre and date (part 2 §7 "POST
// update exam info"). A first switch to an offline exam answers payment_required with the gateway's
// payment data; the change then applies once the payment is confirmed.
import type { ExamEditInfoBody, ExamEditInfoReply } from '../../generated/api/exam-edit-info';
import { apiPost, type RequestOptions } from '../client';

export const EXAM_EDIT_INFO_PATH = '/api/exam-info';

export const updateExamInfo = (token: string, body: ExamEditInfoBody, options?: RequestOptions) =>
  apiPost<ExamEditInfoReply>(EXAM_EDIT_INFO_PATH, body, { ...options, token });
