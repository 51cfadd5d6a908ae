// POST /api/exam/start: start (or resume) the main exam from its card's Start Now button.
import type { ExamStartBody, ExamStartReply } from '../../generated/api/exam-launch-start';
import { apiPost, type RequestOptions } from '../client';

export const EXAM_START_PATH = '/api/exam/start';

export const startExam = (token: string, body: ExamStartBody, options?: RequestOptions) =>
  apiPost<ExamStartReply>(EXAM_START_PATH, body, { ...options, token });
