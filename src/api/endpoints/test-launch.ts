// POST /api/test-launch: launch a test or open its result from a paper's button. The server builds
// the exam-launch payload (part 2 §3) itself from these two ids and the session, and answers the
// test page (data.exam_url) or the result page (data.result_url).
import type { LaunchUrls } from '../../generated/api/exam-launch';
import { apiPost, type RequestOptions } from '../client';

export const TEST_LAUNCH_PATH = '/api/test-launch';

// The new body (issue 10: launch payloads on demand). Local until schemas/api/exam-launch.schema.json
// says the same; then import the generated ExamLaunchBody instead.
export interface TestLaunchBody {
  exam_short_code: string;
  external_schedule_id: string;
}

export interface TestLaunchReply {
  success: 'true';
  msg: string;
  data: LaunchUrls;
}

export const launchTest = (token: string, body: TestLaunchBody, options?: RequestOptions) =>
  apiPost<TestLaunchReply>(TEST_LAUNCH_PATH, body, { ...options, token });
