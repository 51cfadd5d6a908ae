// POST /api/mock-jee/exam-link: open a JEE mock paper (Begin Test) or its result (View Result)
// through the test platform's exam-link call. The server adds the tenant headers (part 2 §7): the
// tenant token is its secret and never in this bundle.
import type { MockJeeExamLinkBody, MockJeeExamLinkReply } from '../../generated/api/exam-launch-mock-jee';
import { apiPost, type RequestOptions } from '../client';

export const MOCK_JEE_EXAM_LINK_PATH = '/api/mock-jee/exam-link';

export const openMockJeePaper = (token: string, body: MockJeeExamLinkBody, options?: RequestOptions) =>
  apiPost<MockJeeExamLinkReply>(MOCK_JEE_EXAM_LINK_PATH, body, { ...options, token });
