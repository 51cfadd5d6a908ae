// GET /api/test-platform/token: a short-lived token for the test platform's calls (the student result).
import type { TestPlatformTokenReply } from '../../generated/api/exam-launch-token';
import { apiGet, type RequestOptions } from '../client';

export const TEST_PLATFORM_TOKEN_PATH = '/api/test-platform/token';

export const fetchTestPlatformToken = (token: string, options?: RequestOptions) =>
  apiGet<TestPlatformTokenReply>(TEST_PLATFORM_TOKEN_PATH, { ...options, token });
