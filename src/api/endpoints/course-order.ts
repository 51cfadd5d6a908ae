// POST /api/course-order: the payment order for a course. The server computes the amount from the
// logged-in student's course and waiver; the body names the course and carries the billing address.
import type { CourseOrderBody, CourseOrderReply } from '../../generated/api/course-order';
import { apiPost, type RequestOptions } from '../client';

export const COURSE_ORDER_PATH = '/api/course-order';

export const postCourseOrder = (token: string, body: CourseOrderBody, options?: RequestOptions) =>
  apiPost<CourseOrderReply>(COURSE_ORDER_PATH, body, { ...options, token });
