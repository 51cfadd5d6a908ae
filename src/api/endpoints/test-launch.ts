// POST /api/test-launch: open a sample, mock or series paper (Begin Test) or its result (View
// Result). The server builds the exam-launch payload for the logged-in student (decision 008).
import { apiPost, type RequestOptions } from '../client';

export const TEST_LAUNCH_PATH = '/api/test-launch';

export interface TestLaunchBody {
  exam_short_code: string;
  external_schedule_id: string;
}
export interface TestLaunchReply {
  success: 'true';
  msg: string;
  data: { exam_url?: string; result_url?: string };
}

export const launchTest = (token: string, body: TestLaunchBody, options?: RequestOptions) =>
  apiPost<TestLaunchReply>(TEST_LAUNCH_PATH, body, { ...options, token });
