// POST /api/test-launch: open a sample, mock or series paper (Begin Test) or its result (View
// Result). The server builds the exam-launch payload for the logged-in student (decision 008).
import type { ExamLaunchBody, ExamLaunchReply } from '../../generated/api/exam-launch';
import { apiPost, type RequestOptions } from '../client';

export const TEST_LAUNCH_PATH = '/api/test-launch';

export const launchTest = (token: string, body: ExamLaunchBody, options?: RequestOptions) =>
  apiPost<ExamLaunchReply>(TEST_LAUNCH_PATH, body, { ...options, token });
