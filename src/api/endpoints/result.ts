// POST /api/result: the result page's data (part 1 §7 "Result"). The body is the key/value pairs of
// the page's base64 `data` query parameter, which the server itself built (the dashboard's View
// Result link, the test launch's result_url). The roll number and date of birth in them authorise
// the call, throttled like a login (decision 011): the client holds no credential of its own.
import type { ResultBody, ResultReply } from '../../generated/api/result';
import { apiPost, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const RESULT_PATH = '/api/result';
export const resultKey = (body: ResultBody) => [
  RESULT_PATH,
  body.roll_number,
  body.dob,
  body.exam_short_code ?? '',
  body.external_schedule_id ?? '',
];

/**
 * success 'false' with a message is the result page's "failure with a message returned" (shown as
 * HTML, part 1 §8; result-model.ts), not the failed call's result-not-ready screen.
 */
export const fetchResult = (body: ResultBody, options?: RequestOptions) =>
  apiPost<ResultReply>(RESULT_PATH, body, { ...options, refusalIsAnswer: true });

const ROLL = /^\d{12}$/;
const DOB = /^(\d{2}[-/]\d{2}[-/]\d{4}|\d{4}-\d{2}-\d{2})$/;

/**
 * The pairs of a `data` query parameter, or null when it is missing or not base64 pairs with a roll
 * number and a date of birth. Unknown keys are dropped (the server would refuse them). A link pasted by
 * hand may have lost its URL encoding: spaces stand for '+', and base64url is read too.
 */
export function resultBodyFromQuery(data: string | null): ResultBody | null {
  if (!data) return null;
  let text: string;
  try {
    text = atob(data.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const pairs = new URLSearchParams(text);
  const roll = pairs.get('roll_number') ?? '';
  const dob = pairs.get('dob') ?? '';
  if (!ROLL.test(roll) || !DOB.test(dob)) return null;
  const body: ResultBody = { roll_number: roll, dob };
  const code = pairs.get('exam_short_code');
  const schedule = pairs.get('external_schedule_id');
  // Passed as they are: the server checks them, and a paper's link never falls back to another result.
  if (code !== null) body.exam_short_code = code;
  if (schedule !== null) body.external_schedule_id = schedule;
  return body;
}

/** The result for the pairs; no pairs, no call. The result does not change under the student: no refetch on focus. */
export const useResult = (body: ResultBody | null, options?: RequestOptions) =>
  useApiRead(body, resultKey, (b) => fetchResult(b, options), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
