// GET /api/student-result (or /api/student-result/iat, by programme config): the result summary,
// authorised by a test-platform token rather than the session token.
import type { StudentResultReply } from '../../generated/api/result-student';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export type ResultCall = 'main' | 'iat';

export const studentResultPath = (call: ResultCall, rollNo: string) =>
  withQuery(call === 'iat' ? '/api/student-result/iat' : '/api/student-result', { rollNo });
export const studentResultKey = (call: ResultCall, rollNo: string) => swrKey(studentResultPath(call, rollNo));

export const fetchStudentResult = (
  call: ResultCall,
  rollNo: string,
  platformToken: string,
  options?: RequestOptions,
) => apiGet<StudentResultReply>(studentResultPath(call, rollNo), { ...options, token: platformToken });
